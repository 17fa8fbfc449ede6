import { afterEach } from 'vitest';
import { MongoDBContainer } from '@testcontainers/mongodb';
import type { DocumentStore } from '@evc/platform';
import { openMongoDocumentStore } from '@evc/platform/documents/index';
import { createDocumentFrameLog } from '@evc/platform/frame-log/index';
import { describeAgainstContainer } from '../support/docker';
import { frameLogContract } from './frame-log.contract';

const opened: DocumentStore[] = [];
// Closed after each test, before the suite's container stops.
afterEach(async () => {
  await Promise.all(opened.splice(0).map((s) => s.close()));
});
let n = 0;

await describeAgainstContainer(
  'FrameLog contract: mongodb (testcontainers)',
  () => new MongoDBContainer('mongo:8.0').start(),
  (container) =>
    frameLogContract('documents (mongodb)', {
      // A database of its own per log: each starts empty, as the suite's figures of the whole log assume.
      create: async (limits) => {
        const store = await openMongoDocumentStore(`${container().getConnectionString()}/?directConnection=true`, `frames_${process.pid}_${++n}`);
        opened.push(store);
        return createDocumentFrameLog(store, limits);
      },
    }),
);
