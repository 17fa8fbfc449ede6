export * from './file-store';
export { openEmbeddedFileStore } from './embedded-file-store';
export { openGridFsFileStore } from './gridfs-file-store';
