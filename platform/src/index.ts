export * from './ports/index';
