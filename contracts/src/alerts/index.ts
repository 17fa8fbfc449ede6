export * from './schemas';
export * from './events';
export * from './views';
