export * from './simulator';
export * from './demo/compose-demo';
export { DemoRunner } from './demo/demo-runner';
