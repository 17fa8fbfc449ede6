export * from './gateway';
export * from './charger-auth';
export * from './compose';
export { GatewayProcess } from './process/gateway-process';
export { CallDeadlines, CallTimeoutError } from './call-deadlines';
export { REPLACED_REASON } from './login-gate';
