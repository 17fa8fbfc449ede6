export * from './schemas';
export * from './events';
export * from './views';
export * from './ocpp-authorize';
export * from './cost';
export * from './garage-events';
export * from './receipt-views';
export * from './receipt-operations';
