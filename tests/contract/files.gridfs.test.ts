import { openGridFsFileStore } from '@evc/platform/files/index';
import { describeAgainstEngine } from '../support/engines';
import { filesContract } from './files.contract';
import { mongoContainer } from './mongo.support';

await describeAgainstEngine('FileStore contract: GridFS', 'mongo', mongoContainer, (url) =>
  filesContract('gridfs', {
    create: async () => openGridFsFileStore(url(), `files_${process.pid}`),
  }),
);
