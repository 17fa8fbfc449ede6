export * from './gateway';
export * from './charger-auth';
export * from './compose';
export { GatewayProcess } from './process/gateway-process';
export * from './demo/compose-demo';
export { DemoRunner } from './demo/demo-runner';
