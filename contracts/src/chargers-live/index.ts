export * from './events';
export * from './ocpp';
export * from './charger-messages';
export * from './charger-commands';
