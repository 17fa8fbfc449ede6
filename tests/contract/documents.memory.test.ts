import { createMemoryDocumentStore } from '@evc/platform/documents/index';
import { documentsContract } from './documents.contract';

documentsContract('memory', { create: async () => createMemoryDocumentStore() });
