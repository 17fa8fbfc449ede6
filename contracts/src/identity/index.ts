export * from './privileges';
export * from './schemas';
export * from './views';
export * from './events';
export * from './access-version';
export * from './age';
export * from './user-types';
