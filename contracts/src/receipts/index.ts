export * from './views';
export * from './operations';
