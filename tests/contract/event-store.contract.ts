import { randomUUID } from 'node:crypto';
import { setImmediate as yieldToLoop } from 'node:timers/promises';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { EventMetadata } from '@evc/contracts';
import {
  WrongExpectedRevisionError,
  type EventIndexKey,
  type EventStore,
  type NewEvent,
  type ReadIndexOptions,
  type RecordedEvent,
} from '@evc/platform/ports/event-store';

export interface EventStoreHarness {
  store: EventStore;
  /** Opens the same data again (the test has closed `store` first). */
  reopen?: () => Promise<EventStore>;
  /** Closes whatever is still open and removes the data. */
  cleanup: () => Promise<void>;
}

export function metadata(overrides: Partial<EventMetadata> = {}): EventMetadata {
  return {
    correlationId: randomUUID(),
    causationId: randomUUID(),
    actor: { type: 'staff', id: 'admin-1' },
    occurredAt: '2025-01-02T03:04:05.000Z',
    reason: 'contract test',
    schemaVersion: 1,
    ...overrides,
  };
}

export function newEvent(type = 'ThingHappened', data: unknown = { n: 1 }): NewEvent {
  return { eventId: randomUUID(), type, data, metadata: metadata() };
}

/** Streams are unique per test, so a shared server (EventStoreDB container) needs no reset. */
const streamName = (prefix: string): string => `${prefix}-${randomUUID()}`;

/** Polls until `check` holds; the deadline only keeps a broken store from hanging the run. */
async function eventually(check: () => boolean | Promise<boolean>, what: string, deadlineMs = 20_000): Promise<void> {
  const deadline = Date.now() + deadlineMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`Timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 5));
  }
}

async function rejection(promise: Promise<unknown>): Promise<unknown> {
  try {
    await promise;
  } catch (error) {
    return error;
  }
  throw new Error('expected a rejection');
}

/**
 * The event store port's contract. Every adapter must pass it unchanged. Tests only look at their own
 * streams and at positions after a head taken at their start, so they also hold on a shared server.
 */
export function eventStoreContract(name: string, open: () => Promise<EventStoreHarness>, options: { skip?: boolean } = {}): void {
  (options.skip ? describe.skip : describe)(`EventStore contract: ${name}`, () => {
    let h: EventStoreHarness;
    let store: EventStore;
    beforeEach(async () => {
      h = await open();
      store = h.store;
    });
    afterEach(async () => {
      vi.restoreAllMocks();
      await h.cleanup();
    });

    it('round-trips events with data and metadata', async () => {
      const s = streamName('wallet');
      const e1 = newEvent('WalletOpened', { customerId: 'c-1', nested: { list: [1, 'two', null], flag: true } });
      const e2 = newEvent('WalletToppedUp', { amount: 5000 });
      const result = await store.append(s, [e1, e2], 'no_stream');
      const events = await store.readStream(s);
      expect(events.map((e) => [e.eventId, e.type, e.revision, e.streamId])).toEqual([
        [e1.eventId, 'WalletOpened', 0, s],
        [e2.eventId, 'WalletToppedUp', 1, s],
      ]);
      expect(events[0]!.data).toEqual(e1.data);
      expect(events[0]!.metadata).toEqual(e1.metadata);
      expect(events[1]!.metadata).toEqual(e2.metadata);
      expect(result).toEqual({ streamId: s, revision: 1, position: events[1]!.position });
      expect(events[0]!.position).toBeGreaterThan(0);
      expect(events[1]!.position).toBeGreaterThan(events[0]!.position);
      for (const e of events) expect(new Date(e.recordedAt).toISOString()).toBe(e.recordedAt);
    });

    it('reads a missing stream as [] and honours fromRevision/maxCount', async () => {
      expect(await store.readStream(streamName('none'))).toEqual([]);
      const s = streamName('paged');
      const events = Array.from({ length: 5 }, (_, i) => newEvent('E', { i }));
      await store.append(s, events, 'no_stream');
      const page = await store.readStream(s, { fromRevision: 1, maxCount: 3 });
      expect(page.map((e) => e.revision)).toEqual([1, 2, 3]);
      expect(page.map((e) => e.eventId)).toEqual(events.slice(1, 4).map((e) => e.eventId));
      expect(await store.readStream(s, { fromRevision: 5 })).toEqual([]);
    });

    it("checks 'no_stream'", async () => {
      const s = streamName('ns');
      await store.append(s, [newEvent()], 'no_stream');
      const error = await rejection(store.append(s, [newEvent()], 'no_stream'));
      expect(error).toBeInstanceOf(WrongExpectedRevisionError);
      expect(error).toMatchObject({ streamId: s, expected: 'no_stream', actual: 0, code: 'concurrency.conflict' });
    });

    it("checks 'stream_exists'", async () => {
      const s = streamName('se');
      const error = await rejection(store.append(s, [newEvent()], 'stream_exists'));
      expect(error).toBeInstanceOf(WrongExpectedRevisionError);
      expect(error).toMatchObject({ streamId: s, actual: 'no_stream' });
      await store.append(s, [newEvent()], 'any');
      await expect(store.append(s, [newEvent()], 'stream_exists')).resolves.toMatchObject({ revision: 1 });
    });

    it("accepts anything with 'any'", async () => {
      const s = streamName('any');
      await expect(store.append(s, [newEvent()], 'any')).resolves.toMatchObject({ revision: 0 });
      await expect(store.append(s, [newEvent(), newEvent()], 'any')).resolves.toMatchObject({ revision: 2 });
    });

    it('checks an exact revision', async () => {
      const s = streamName('exact');
      await store.append(s, [newEvent(), newEvent()], 'no_stream');
      await expect(store.append(s, [newEvent()], 1)).resolves.toMatchObject({ revision: 2 });
      for (const stale of [0, 1, 5]) {
        const error = await rejection(store.append(s, [newEvent()], stale));
        expect(error).toBeInstanceOf(WrongExpectedRevisionError);
        expect(error).toMatchObject({ streamId: s, expected: stale, actual: 2 });
      }
      const missing = await rejection(store.append(streamName('exact-missing'), [newEvent()], 0));
      expect(missing).toMatchObject({ actual: 'no_stream' });
      expect(await store.readStream(s)).toHaveLength(3);
    });

    it('is idempotent on eventId: a retried batch is acknowledged once and stored once', async () => {
      const s = streamName('idem');
      const batch = [newEvent('A'), newEvent('B')];
      const first = await store.append(s, batch, 'no_stream');
      await store.append(s, [newEvent('C')], 1);
      // The retry carries the original expected revision, now stale: still a success, no duplicates.
      const retry = await store.append(s, batch, 'no_stream');
      expect(retry).toEqual(first);
      const events = await store.readStream(s);
      expect(events.map((e) => e.type)).toEqual(['A', 'B', 'C']);
      const head = await store.headPosition();
      expect(head).toBeGreaterThanOrEqual(events[2]!.position);
    });

    it('reads $all in global order across streams, with after and maxCount', async () => {
      const start = await store.headPosition();
      const a = streamName('a');
      const b = streamName('b');
      const written: string[] = [];
      for (let i = 0; i < 4; i++) {
        const ea = newEvent('A', { i });
        const eb = newEvent('B', { i });
        await store.append(a, [ea], i === 0 ? 'no_stream' : i - 1);
        await store.append(b, [eb], i === 0 ? 'no_stream' : i - 1);
        written.push(ea.eventId, eb.eventId);
      }
      const ours = (events: RecordedEvent[]): RecordedEvent[] => events.filter((e) => e.streamId === a || e.streamId === b);
      const all = ours(await store.readAll({ after: start }));
      expect(all.map((e) => e.eventId)).toEqual(written);
      for (let i = 1; i < all.length; i++) expect(all[i]!.position).toBeGreaterThan(all[i - 1]!.position);
      expect((await store.readAll({ after: start, maxCount: 3 })).map((e) => e.eventId)).toEqual(written.slice(0, 3));
      const fromThird = await store.readAll({ after: all[2]!.position, maxCount: 2 });
      expect(fromThird.map((e) => e.eventId)).toEqual(written.slice(3, 5));
      expect(await store.headPosition()).toBe(all.at(-1)!.position);
      expect(await store.readAll({ after: all.at(-1)!.position })).toEqual([]);
    });

    it('gives strictly increasing positions to concurrent appends', async () => {
      const start = await store.headPosition();
      const streams = Array.from({ length: 40 }, () => streamName('conc'));
      const results = await Promise.all(streams.map((s, i) => store.append(s, [newEvent('E', { i }), newEvent('E', { i })], 'no_stream')));
      expect(new Set(results.map((r) => r.position)).size).toBe(results.length);
      const ours = new Set(streams);
      const read = (await store.readAll({ after: start })).filter((e) => ours.has(e.streamId));
      expect(read).toHaveLength(80);
      for (let i = 1; i < read.length; i++) expect(read[i]!.position).toBeGreaterThan(read[i - 1]!.position);
      for (const r of results) {
        const stored = read.filter((e) => e.streamId === r.streamId);
        expect(stored.map((e) => e.revision)).toEqual([0, 1]);
        expect(r.position).toBe(stored[1]!.position);
      }
    });

    it('lets exactly one of several concurrent appends with the same expected revision win', async () => {
      const s = streamName('race');
      await store.append(s, [newEvent()], 'no_stream');
      const outcomes = await Promise.allSettled(Array.from({ length: 10 }, (_, i) => store.append(s, [newEvent('Raced', { i })], 0)));
      expect(outcomes.filter((o) => o.status === 'fulfilled')).toHaveLength(1);
      for (const o of outcomes) if (o.status === 'rejected') expect(o.reason).toBeInstanceOf(WrongExpectedRevisionError);
      expect(await store.readStream(s)).toHaveLength(2);
    });

    it('subscribes to $all: history, then live, with no gap or duplicate while appends race the catch-up', async () => {
      const start = await store.headPosition();
      const prefix = `sub-${randomUUID()}`;
      const expected: string[] = [];
      // 1,200 historical events: more than one catch-up page.
      for (let batch = 0; batch < 12; batch++) {
        const events = Array.from({ length: 100 }, (_, i) => newEvent('Hist', { batch, i }));
        await store.append(`${prefix}-h${batch}`, events, 'no_stream');
        expected.push(...events.map((e) => e.eventId));
      }
      const seen: RecordedEvent[] = [];
      const sub = store.subscribeToAll(
        async (e) => {
          if (e.streamId.startsWith(prefix)) seen.push(e);
          if (seen.length % 50 === 0) await yieldToLoop(); // slow enough for appends to land mid catch-up
        },
        { after: start, name: 'contract-catch-up' },
      );
      // Live writers running while the subscription catches up.
      const writers = Array.from({ length: 5 }, async (_, w) => {
        for (let i = 0; i < 40; i++) {
          const e = newEvent('Live', { w, i });
          await store.append(`${prefix}-live-${w}`, [e], i === 0 ? 'no_stream' : i - 1);
          expected.push(e.eventId);
        }
      });
      await Promise.all(writers);
      await sub.caughtUp;
      const tail = newEvent('AfterCaughtUp');
      await store.append(`${prefix}-tail`, [tail], 'no_stream');
      expected.push(tail.eventId);
      await eventually(() => seen.length >= expected.length, 'the subscription to deliver every event');
      await sub.stop();
      const ids = seen.map((e) => e.eventId);
      expect(new Set(ids).size).toBe(ids.length);
      expect(new Set(ids)).toEqual(new Set(expected));
      for (let i = 1; i < seen.length; i++) expect(seen[i]!.position).toBeGreaterThan(seen[i - 1]!.position);
      expect(sub.position).toBeGreaterThanOrEqual(seen.at(-1)!.position);
    });

    it('subscribes from a checkpoint, stops on stop(), and resumes from its position', async () => {
      const s = streamName('ckpt');
      const events = Array.from({ length: 6 }, (_, i) => newEvent('E', { i }));
      await store.append(s, events.slice(0, 3), 'no_stream');
      const checkpoint = (await store.readStream(s))[0]!.position;
      await store.append(s, events.slice(3), 2);
      const seen: string[] = [];
      const sub = store.subscribeToAll((e) => void (e.streamId === s && seen.push(e.eventId)), { after: checkpoint, name: 'ckpt' });
      await sub.caughtUp;
      await eventually(() => seen.length === 5, 'five events after the checkpoint');
      expect(seen).toEqual(events.slice(1).map((e) => e.eventId));
      await sub.stop();
      const resumeAt = sub.position;
      const late = newEvent('Late');
      await store.append(s, [late], 5);
      await new Promise((r) => setTimeout(r, 50));
      expect(seen).toHaveLength(5); // a stopped subscription delivers nothing more
      const again: string[] = [];
      const resumed = store.subscribeToAll((e) => void (e.streamId === s && again.push(e.eventId)), { after: resumeAt });
      await resumed.caughtUp;
      await eventually(() => again.length === 1, 'the event appended while stopped');
      expect(again).toEqual([late.eventId]);
      await resumed.stop();
    });

    it('stops a subscription whose handler throws, rejects caughtUp and logs the name', async () => {
      const errors = vi.spyOn(console, 'error').mockImplementation(() => undefined);
      const start = await store.headPosition();
      const s = streamName('boom');
      await store.append(s, [newEvent('Ok'), newEvent('Boom'), newEvent('Never')], 'no_stream');
      const handled: string[] = [];
      const sub = store.subscribeToAll(
        (e) => {
          if (e.streamId !== s) return;
          if (e.type === 'Boom') throw new Error('projection bug');
          handled.push(e.type);
        },
        { after: start, name: 'failing-projection' },
      );
      await expect(sub.caughtUp).rejects.toThrow('projection bug');
      expect(handled).toEqual(['Ok']);
      const okPosition = (await store.readStream(s))[0]!.position;
      expect(sub.position).toBe(okPosition); // the checkpoint to restart from
      expect(errors.mock.calls.some((args) => String(args[0]).includes('failing-projection'))).toBe(true);
      await sub.stop();
    });

    it('reads its indexes newest first (stream, category, type, correlation, $all), within after/before and maxCount', async () => {
      const start = await store.headPosition();
      const category = `idx${randomUUID().replace(/-/g, '').slice(0, 12)}`;
      const type = `Indexed${randomUUID().replace(/-/g, '').slice(0, 8)}`;
      const correlationId = randomUUID();
      const one = `${category}-one`;
      const two = `${category}-two-${randomUUID()}`;
      const other = streamName('other');
      const a = { ...newEvent(type, { n: 'a' }), metadata: metadata({ correlationId }) };
      const b = newEvent(type, { n: 'b' });
      const c = { ...newEvent('Elsewhere', { n: 'c' }), metadata: metadata({ correlationId }) };
      const d = newEvent('Later', { n: 'd' });
      await store.append(one, [a], 'no_stream');
      await store.append(two, [b], 'no_stream');
      await store.append(other, [c], 'no_stream');
      await store.append(one, [d], 0);
      const ids = async (key: EventIndexKey, options: Partial<ReadIndexOptions> = {}) =>
        (await store.readIndexBackward(key, { maxCount: 10, ...options })).map((e) => (e.data as { n: string }).n);
      // EventStoreDB fills its system projections' streams asynchronously: wait until they hold what was appended.
      await eventually(
        async () =>
          (await ids({ kind: 'category', category })).length === 3 && (await ids({ kind: 'correlation', correlationId })).length === 2,
        'the indexes',
        20_000,
      );
      expect(await ids({ kind: 'stream', streamId: one })).toEqual(['d', 'a']);
      expect(await ids({ kind: 'category', category })).toEqual(['d', 'b', 'a']);
      expect(await ids({ kind: 'type', type })).toEqual(['b', 'a']);
      expect(await ids({ kind: 'correlation', correlationId })).toEqual(['c', 'a']);
      expect(await ids({ kind: 'type', type: `${type}-none` })).toEqual([]);
      expect(await ids({ kind: 'stream', streamId: `${one}-none` })).toEqual([]);
      const [dEvent, bEvent, aEvent] = await store.readIndexBackward({ kind: 'category', category }, { maxCount: 10 });
      expect(dEvent!.metadata).toEqual(d.metadata); // metadata round-trips unchanged through the index
      expect(aEvent!.metadata).toEqual(a.metadata);
      expect(await ids({ kind: 'category', category }, { maxCount: 2 })).toEqual(['d', 'b']);
      expect(await ids({ kind: 'category', category }, { before: dEvent!.position })).toEqual(['b', 'a']);
      expect(await ids({ kind: 'category', category }, { after: aEvent!.position })).toEqual(['d', 'b']);
      expect(await ids({ kind: 'category', category }, { after: aEvent!.position, before: dEvent!.position })).toEqual(['b']);
      const all = (await store.readIndexBackward({ kind: 'all' }, { after: start, maxCount: 1000 })).filter((e) =>
        [one, two, other].includes(e.streamId),
      );
      expect(all.map((e) => (e.data as { n: string }).n)).toEqual(['d', 'c', 'b', 'a']);
      expect(
        (await store.readIndexBackward({ kind: 'all' }, { before: bEvent!.position + 1, after: bEvent!.position - 1, maxCount: 5 })).map(
          (e) => e.eventId,
        ),
      ).toEqual([b.eventId]);
      expect(await store.readIndexBackward({ kind: 'all' }, { after: start, maxCount: 0 })).toEqual([]);
    });

    it('turns a time into the first position recorded at or after it', async () => {
      const s = streamName('timed');
      await store.append(s, [newEvent('Early')], 'no_stream');
      await new Promise((r) => setTimeout(r, 30));
      const between = new Date().toISOString();
      await new Promise((r) => setTimeout(r, 30));
      await store.append(s, [newEvent('Late')], 0);
      const [early, late] = await store.readStream(s);
      const at = await store.positionAt(between);
      expect(at).toBeGreaterThan(early!.position);
      expect(at).toBeLessThanOrEqual(late!.position);
      expect(await store.positionAt(early!.recordedAt)).toBeLessThanOrEqual(early!.position);
      expect(await store.positionAt(new Date(Date.now() + 3_600_000).toISOString())).toBe((await store.headPosition()) + 1);
    });

    it('keeps everything across close and reopen; appends after close reject', async () => {
      const s = streamName('durable');
      const events = Array.from({ length: 3 }, (_, i) => newEvent('E', { i }));
      await store.append(s, events, 'no_stream');
      const before = await store.readStream(s);
      const head = await store.headPosition();
      await store.close();
      await expect(store.append(s, [newEvent()], 2)).rejects.toThrow();
      if (!h.reopen) return;
      const reopened = await h.reopen();
      expect(await reopened.readStream(s)).toEqual(before);
      expect(await reopened.headPosition()).toBe(head);
      const next = await reopened.append(s, [newEvent()], 2);
      expect(next.revision).toBe(3);
      expect(next.position).toBeGreaterThan(head);
      const retry = await reopened.append(s, events, 'no_stream');
      expect(retry).toEqual({ streamId: s, revision: 2, position: before[2]!.position });
      // The indexes are back too (the embedded store rebuilds them from the log at open).
      expect(
        (await reopened.readIndexBackward({ kind: 'correlation', correlationId: events[1]!.metadata.correlationId }, { maxCount: 5 })).map(
          (e) => e.eventId,
        ),
      ).toEqual([events[1]!.eventId]);
      expect((await reopened.readIndexBackward({ kind: 'stream', streamId: s }, { maxCount: 2 })).map((e) => e.revision)).toEqual([3, 2]);
      expect(await reopened.positionAt(before[0]!.recordedAt)).toBeLessThanOrEqual(before[0]!.position);
    });
  });
}
