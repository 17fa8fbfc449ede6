import { openMongoDocumentStore } from '@evc/platform/documents/index';
import { describeAgainstEngine } from '../support/engines';
import { documentsContract } from './documents.contract';
import { FERRETDB_DIFFERENCES, mongoContainer } from './mongo.support';

await describeAgainstEngine('DocumentStore contract: mongodb', 'mongo', mongoContainer, (url, server) =>
  documentsContract(server === 'local' ? 'mongodb wire (ferretdb)' : 'mongodb', {
    create: async () => openMongoDocumentStore(url(), `contract_${process.pid}`),
    ...(server === 'local' ? { differences: FERRETDB_DIFFERENCES } : {}),
  }),
);
