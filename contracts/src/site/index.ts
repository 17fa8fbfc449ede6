export * from './schemas';
export * from './demo';
