export * from './event-store';
export * from './bus';
export * from './documents';
export * from './clock';
