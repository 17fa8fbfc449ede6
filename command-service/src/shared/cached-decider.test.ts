import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { EventStore } from '@evc/platform';
import { openFileEventStore } from '@evc/platform/eventstore/embedded/index';
import { CachedDecider } from './cached-decider';
import { newContext } from './command-context';
import type { Decider } from './decider';
import { envelope } from './run-decider';

/** A counter: each Increment appends Incremented with the new value, so a stale state shows as a wrong value. */
type Incremented = { type: 'Incremented'; data: { value: number } };
const counter: Decider<{ by: number }, Incremented, number> = {
  initialState: 0,
  evolve: (_s, e) => e.data.value,
  decide: (c, s) => (c.by === 0 ? [] : [{ type: 'Incremented', data: { value: s + c.by } }]),
};
const context = newContext({ type: 'system', id: 'test' });

describe('CachedDecider', () => {
  let dir: string;
  let store: EventStore;
  beforeEach(async () => {
    dir = await mkdtemp(path.join(os.tmpdir(), 'evc-cached-'));
    store = await openFileEventStore({ dir, fsync: false });
  });
  afterEach(async () => {
    await store.close();
    await rm(dir, { recursive: true, force: true });
  });
  const values = async (id: string) => (await store.readStream(id)).map((e) => (e.data as { value: number }).value);

  it('decides on the cached state, and sees what another writer appended since', async () => {
    const runner = new CachedDecider(store, counter);
    await runner.run('counter-1', { by: 1 }, context);
    await runner.run('counter-1', { by: 2 }, context);
    expect(await runner.run('counter-1', { by: 0 }, context)).toMatchObject({ revision: 1 });
    await store.append('counter-1', [envelope({ type: 'Incremented', data: { value: 100 } }, context)], 1);
    await runner.run('counter-1', { by: 5 }, context);
    expect(await values('counter-1')).toEqual([1, 3, 100, 105]);
  });

  it('two runners (two processes) on one stream lose no update', async () => {
    const a = new CachedDecider(store, counter);
    const b = new CachedDecider(store, counter);
    for (let i = 0; i < 10; i++) await Promise.all([a.run('counter-2', { by: 1 }, context), b.run('counter-2', { by: 1 }, context)]);
    expect((await values('counter-2')).at(-1)).toBe(20);
  });
});
