import { afterAll, beforeAll, describe } from 'vitest';
import { MongoDBContainer, type StartedMongoDBContainer } from '@testcontainers/mongodb';
import { openMongoDocumentStore } from '@evc/platform/documents/index';
import { dockerUnavailableReason, reportSkip } from '../support/docker';
import { documentsContract } from './documents.contract';

const SUITE = 'DocumentStore contract: mongodb (testcontainers)';
const reason = await dockerUnavailableReason();

if (reason !== null) {
  reportSkip(SUITE, reason);
  describe.skip(SUITE, () => documentsContract('mongodb', { create: () => Promise.reject(new Error(reason)) }));
} else {
  describe(SUITE, () => {
    let container: StartedMongoDBContainer | undefined;
    beforeAll(async () => {
      container = await new MongoDBContainer('mongo:8.0').start();
    }, 180_000);
    afterAll(async () => {
      await container?.stop();
    });
    documentsContract('mongodb', {
      create: () => {
        if (!container) throw new Error('MongoDB container did not start');
        // The container runs a single-node replica set that advertises its internal host name.
        return openMongoDocumentStore(`${container.getConnectionString()}/?directConnection=true`, `contract_${process.pid}`);
      },
    });
  });
}
