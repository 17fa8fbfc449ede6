export * from './schemas';
export * from './events';
export * from './views';
export * from './ocpp';
export * from './charger-messages';
export * from './charger-commands';
