import { afterAll, beforeAll, describe } from 'vitest';
import { MongoDBContainer, type StartedMongoDBContainer } from '@testcontainers/mongodb';
import { openGridFsFileStore } from '@evc/platform/files/index';
import { dockerUnavailableReason, reportSkip } from '../support/docker';
import { filesContract } from './files.contract';

const SUITE = 'FileStore contract: GridFS (testcontainers)';
const reason = await dockerUnavailableReason();

if (reason !== null) {
  reportSkip(SUITE, reason);
  describe.skip(SUITE, () => filesContract('gridfs', { create: () => Promise.reject(new Error(reason)) }));
} else {
  describe(SUITE, () => {
    let container: StartedMongoDBContainer | undefined;
    beforeAll(async () => {
      container = await new MongoDBContainer('mongo:8.0').start();
    }, 180_000);
    afterAll(async () => {
      await container?.stop();
    });
    filesContract('gridfs', {
      create: () => {
        if (!container) throw new Error('MongoDB container did not start');
        return openGridFsFileStore(`${container.getConnectionString()}/?directConnection=true`, `files_${process.pid}`);
      },
    });
  });
}
