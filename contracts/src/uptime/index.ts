export * from './events';
export * from './availability';
export * from './schemas';
export * from './views';
