import { MongoDBContainer } from '@testcontainers/mongodb';
import { openMongoDocumentStore } from '@evc/platform/documents/index';
import { describeAgainstContainer } from '../support/docker';
import { documentsContract } from './documents.contract';

await describeAgainstContainer(
  'DocumentStore contract: mongodb (testcontainers)',
  () => new MongoDBContainer('mongo:8.0').start(),
  (container) =>
    documentsContract('mongodb', {
      // The container runs a single-node replica set that advertises its internal host name.
      create: async () => openMongoDocumentStore(`${container().getConnectionString()}/?directConnection=true`, `contract_${process.pid}`),
    }),
);
