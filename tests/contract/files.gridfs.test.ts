import { MongoDBContainer } from '@testcontainers/mongodb';
import { openGridFsFileStore } from '@evc/platform/files/index';
import { describeAgainstContainer } from '../support/docker';
import { filesContract } from './files.contract';

await describeAgainstContainer(
  'FileStore contract: GridFS (testcontainers)',
  () => new MongoDBContainer('mongo:8.0').start(),
  (container) =>
    filesContract('gridfs', {
      create: async () => openGridFsFileStore(`${container().getConnectionString()}/?directConnection=true`, `files_${process.pid}`),
    }),
);
