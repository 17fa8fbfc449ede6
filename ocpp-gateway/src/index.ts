export * from './gateway';
export * from './charger-auth';
