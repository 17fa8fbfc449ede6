export * from './schemas';
export * from './statuses';
export * from './events';
export * from './views';
