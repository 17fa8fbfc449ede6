export * from './gateway';
export * from './charger-auth';
export * from './compose';
export * from './demo/compose-demo';
export { DemoRunner } from './demo/demo-runner';
