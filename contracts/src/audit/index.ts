export * from './schemas';
export * from './views';
