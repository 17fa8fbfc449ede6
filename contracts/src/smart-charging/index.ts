export * from './schemas';
export * from './events';
export * from './sharing';
export * from './load-views';
