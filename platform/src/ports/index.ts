export * from './event-store';
export * from './bus';
export * from './documents';
export * from './clock';
export * from './frame-log';
