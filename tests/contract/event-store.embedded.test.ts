import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { openFileEventStore } from '@evc/platform/eventstore/index';
import type { EventStore } from '@evc/platform/ports/event-store';
import { eventStoreContract } from './event-store.contract';

// fsync stays on: the contract runs against the store as production uses it.
eventStoreContract('embedded file log', async () => {
  const dir = await mkdtemp(join(tmpdir(), 'evc-es-contract-'));
  let current: EventStore = await openFileEventStore({ dir });
  return {
    store: current,
    reopen: async () => (current = await openFileEventStore({ dir })),
    cleanup: async () => {
      await current.close();
      await rm(dir, { recursive: true, force: true });
    },
  };
});
