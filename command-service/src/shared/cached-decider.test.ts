import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { beforeEach, describe, expect, it } from 'vitest';
import { WrongExpectedRevisionError, type EventStore } from '@evc/platform';
import { openFileEventStore } from '@evc/platform/eventstore/embedded/index';
import { CachedDecider } from './cached-decider';
import { sharedStreamStates } from './stream-state-cache';
import { newContext } from './command-context';
import type { Decider } from './decider';
import { envelope } from './run-decider';
import { tempEventStore } from './temp-event-store';

/** A counter: each Increment appends Incremented with the new value, so a stale state shows as a wrong value. */
type Incremented = { type: 'Incremented'; data: { value: number } };
const counter: Decider<{ by: number }, Incremented, number> = {
  initialState: 0,
  evolve: (_s, e) => e.data.value,
  decide: (c, s) => (c.by === 0 ? [] : [{ type: 'Incremented', data: { value: s + c.by } }]),
};
const context = newContext({ type: 'system', id: 'test' });
const valuesOf = async (store: EventStore, id: string) => (await store.readStream(id)).map((e) => (e.data as { value: number }).value);

describe('CachedDecider', () => {
  let store: EventStore;
  const temp = tempEventStore('evc-cached-');
  beforeEach(() => void (store = temp()));
  const values = (id: string) => valuesOf(store, id);

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
    // Another process: a decider object of its own, so not this process's shared cache.
    const b = new CachedDecider(store, { ...counter });
    for (let i = 0; i < 10; i++) await Promise.all([a.run('counter-2', { by: 1 }, context), b.run('counter-2', { by: 1 }, context)]);
    expect((await values('counter-2')).at(-1)).toBe(20);
  });

  it('runners of one decider in one process share its cache: what one appended, the other knows without reading', async () => {
    const writer = new CachedDecider(store, counter);
    const reader = new CachedDecider(store, counter, { max: 10 });
    await writer.run('shared-1', { by: 4 }, context);
    expect(reader.peek('shared-1')).toBe(4);
    let eventsRead = 0;
    const readStream = store.readStream.bind(store);
    store.readStream = async (...args) => {
      const events = await readStream(...args);
      eventsRead += events.length;
      return events;
    };
    await writer.run('shared-1', { by: 1 }, context);
    expect(reader.peek('shared-1')).toBe(5);
    expect(await reader.state('shared-1')).toBe(5);
    expect(eventsRead).toBe(0); // each load asks only for what follows the kept revision: nothing to read again
    // Another store (another process's log) is not this one's cache.
    const otherDir = await mkdtemp(path.join(os.tmpdir(), 'evc-cached-'));
    const other = await openFileEventStore({ dir: otherDir, fsync: false });
    try {
      expect(new CachedDecider(other, counter).peek('shared-1')).toBeUndefined();
    } finally {
      await other.close();
      await rm(otherDir, { recursive: true, force: true });
    }
  });

  it('a shared cache with `keep` holds only the states worth keeping (a finished command is dropped)', async () => {
    const underTen = { ...counter };
    const states = sharedStreamStates(store, underTen, 100, (value) => value < 10);
    const runner = new CachedDecider(store, underTen);
    await runner.run('kept-1', { by: 4 }, context);
    expect(states.peek('kept-1')).toBe(4);
    await runner.run('kept-1', { by: 6 }, context);
    expect(states.peek('kept-1')).toBeUndefined();
    expect(await states.load('kept-1')).toMatchObject({ state: 10, revision: 1 });
    expect(states.size).toBe(0);
  });

  describe('decisions, reads and bounds', () => {
    it('answers the events and the state after them; state() sees other writers; forget() and the LRU bound drop entries', async () => {
      const runner = new CachedDecider(store, counter, { max: 2 });
      expect(await runner.decide('c-1', { by: 2 }, context)).toMatchObject({ events: [{ data: { value: 2 } }], state: 2 });
      await store.append('c-1', [envelope({ type: 'Incremented', data: { value: 7 } }, context)], 0);
      expect(runner.peek('c-1')).toBe(2);
      expect(await runner.state('c-1')).toBe(7);
      expect(runner.peek('c-1')).toBe(7);
      await runner.run('c-2', { by: 1 }, context);
      await runner.run('c-3', { by: 1 }, context);
      expect([runner.size, runner.peek('c-1')]).toEqual([2, undefined]);
      runner.forget('c-3');
      expect(runner.peek('c-3')).toBeUndefined();
      expect(await runner.decide('c-3', { by: 1 }, context)).toMatchObject({ state: 2 });
    });

    it('many concurrent commands on one stream lose none; `rethrow` gives up with the store error, not a DomainError', async () => {
      const runner = new CachedDecider(store, counter, { attempts: 50 });
      await Promise.all(Array.from({ length: 20 }, () => runner.run('c-4', { by: 1 }, context)));
      expect((await values('c-4')).at(-1)).toBe(20);
      const impatient = new CachedDecider(store, counter, { attempts: 1, onConflict: 'rethrow' });
      const outcomes = await Promise.allSettled(Array.from({ length: 5 }, () => impatient.run('c-5', { by: 1 }, context)));
      const failures = outcomes.filter((o) => o.status === 'rejected');
      expect(failures.length).toBeGreaterThan(0);
      for (const f of failures) expect((f as PromiseRejectedResult).reason).toBeInstanceOf(WrongExpectedRevisionError);
    });
  });
});
