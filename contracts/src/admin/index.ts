export * from './list-query';
export * from './schemas';
export * from './views';
export * from './dashboard';
