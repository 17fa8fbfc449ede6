export { createMemoryDocumentStore, type MemoryDocumentStore } from './memory-document-store';
export { openMongoDocumentStore } from './mongo-document-store';
