export * from './gateway';
export * from './charger-auth';
export * from './compose';
