import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach } from 'vitest';
import type { EventStore } from '@evc/platform';
import { openFileEventStore } from '@evc/platform/eventstore/embedded/index';

/**
 * For tests: a fresh embedded event store for each test of the calling `describe` (a temp directory named after
 * `prefix`, no fsync), closed and removed after it. Answers the current test's store.
 */
export function tempEventStore(prefix: string): () => EventStore {
  let dir = '';
  let store: EventStore | null = null;
  beforeEach(async () => {
    dir = await mkdtemp(path.join(os.tmpdir(), prefix));
    store = await openFileEventStore({ dir, fsync: false });
  });
  afterEach(async () => {
    await store?.close();
    store = null;
    await rm(dir, { recursive: true, force: true });
  });
  return () => store!;
}
