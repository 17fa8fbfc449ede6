export * from './principal';
export * from './access-tokens';
export * from './auth-secret';
