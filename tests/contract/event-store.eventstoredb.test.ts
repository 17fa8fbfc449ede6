import { GenericContainer, Wait, type StartedTestContainer } from 'testcontainers';
import { afterAll, beforeAll } from 'vitest';
import { openEventStoreDb } from '@evc/platform/eventstore/index';
import type { EventStore } from '@evc/platform/ports/event-store';
import { dockerUnavailableReason, reportSkip } from '../support/docker';
import { eventStoreContract } from './event-store.contract';

const SUITE = 'EventStore contract: EventStoreDB';
const reason = await dockerUnavailableReason();
if (reason) reportSkip(SUITE, reason);

let container: StartedTestContainer | undefined;
let url = '';

if (!reason) {
  beforeAll(async () => {
    container = await new GenericContainer('eventstore/eventstore:24.10')
      .withEnvironment({
        EVENTSTORE_INSECURE: 'true',
        EVENTSTORE_RUN_PROJECTIONS: 'System',
        EVENTSTORE_START_STANDARD_PROJECTIONS: 'true',
        EVENTSTORE_MEM_DB: 'true',
      })
      .withExposedPorts(2113)
      .withWaitStrategy(Wait.forHttp('/health/live', 2113).forStatusCode(204))
      .withStartupTimeout(120_000)
      .start();
    url = `esdb://${container.getHost()}:${container.getMappedPort(2113)}?tls=false`;
  }, 180_000);
  afterAll(async () => {
    await container?.stop();
  });
}

// Registered with describe.skip when Docker is missing, so the report shows the suite as skipped.
eventStoreContract(
  'EventStoreDB (testcontainers)',
  async () => {
    let current: EventStore = await openEventStoreDb(url);
    return {
      store: current,
      reopen: async () => (current = await openEventStoreDb(url)),
      cleanup: () => current.close(),
    };
  },
  { skip: reason !== null },
);
