export * from './embedded-app';
