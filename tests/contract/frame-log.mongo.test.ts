import { afterEach } from 'vitest';
import type { DocumentStore } from '@evc/platform';
import { openMongoDocumentStore } from '@evc/platform/documents/index';
import { createDocumentFrameLog } from '@evc/platform/frame-log/index';
import { describeAgainstEngine } from '../support/engines';
import { frameLogContract } from './frame-log.contract';
import { FERRETDB_SLOW_FRAME_LOG, mongoContainer } from './mongo.support';

const opened: DocumentStore[] = [];
// Closed after each test, before the suite's server stops.
afterEach(async () => {
  await Promise.all(opened.splice(0).map((s) => s.close()));
});
let n = 0;

await describeAgainstEngine('FrameLog contract: mongodb', 'mongo', mongoContainer, (url, server) =>
  frameLogContract(server === 'local' ? 'documents (mongodb wire, ferretdb)' : 'documents (mongodb)', {
    ...(server === 'local' ? { slow: FERRETDB_SLOW_FRAME_LOG } : {}),
    // A database of its own per log: each starts empty, as the suite's figures of the whole log assume.
    create: async (limits) => {
      const store = await openMongoDocumentStore(url(), `frames_${process.pid}_${++n}`);
      opened.push(store);
      return createDocumentFrameLog(store, limits);
    },
  }),
);
