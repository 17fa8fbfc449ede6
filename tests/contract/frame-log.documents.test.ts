import { createMemoryDocumentStore } from '@evc/platform/documents/index';
import { createDocumentFrameLog } from '@evc/platform/frame-log/index';
import { frameLogContract } from './frame-log.contract';

frameLogContract('documents (the in-memory store)', {
  create: async (limits) => createDocumentFrameLog(createMemoryDocumentStore(), limits),
});
