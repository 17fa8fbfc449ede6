import { randomUUID } from 'node:crypto';
import { appendFile, mkdtemp, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { EventStore, NewEvent } from '../../ports/event-store';
import { FileEventStore, IdempotencyConflictError, StoreClosedError } from './file-event-store';
import { StoreLockedError } from './lock-file';
import { MidLogCorruptionError } from './log-replay';
import { LOCK_FILE, LOG_FILE, openFileEventStore } from './open-file-event-store';
import { encodeRecord } from './record-codec';

const ev = (type = 'E', data: unknown = { x: 1 }): NewEvent => ({
  eventId: randomUUID(),
  type,
  data,
  metadata: {
    correlationId: 'c',
    causationId: 'c',
    actor: { type: 'system', id: 'system' },
    occurredAt: '2025-01-01T00:00:00.000Z',
    schemaVersion: 1,
  },
});

describe('embedded file event store', () => {
  let dir: string;
  const open: EventStore[] = [];
  const openStore = async (fsync = true): Promise<EventStore> => {
    const store = await openFileEventStore({ dir, fsync });
    open.push(store);
    return store;
  };
  beforeEach(async () => {
    dir = await mkdtemp(join(tmpdir(), 'evc-es-unit-'));
  });
  afterEach(async () => {
    vi.restoreAllMocks();
    await Promise.all(open.splice(0).map((s) => s.close()));
    await rm(dir, { recursive: true, force: true });
  });

  it('numbers positions 1, 2, 3, ... and writes length + CRC32 + JSON records', async () => {
    const store = await openStore();
    await store.append('s-1', [ev('A'), ev('B')], 'no_stream');
    await store.append('s-2', [ev('C')], 'no_stream');
    expect((await store.readAll()).map((e) => e.position)).toEqual([1, 2, 3]);
    const bytes = await readFile(join(dir, LOG_FILE));
    const length = bytes.readUInt32LE(0);
    const first = JSON.parse(bytes.subarray(8, 8 + length).toString('utf8'));
    expect(first).toMatchObject({ position: 1, streamId: 's-1', revision: 0, type: 'A' });
  });

  it('indexes correlation ids that share a hash key, or carry escapes, exactly, before and after a reopen', async () => {
    // corr-94783 and corr-350958 share a 31-bit key (search-indexes.ts): the index holds both, the read tells them apart.
    const withCorrelation = (correlationId: string, type: string): NewEvent => ({
      ...ev(type),
      metadata: { ...ev().metadata, correlationId },
    });
    let store = await openStore(false);
    await store.append('x-1', [withCorrelation('corr-94783', 'One'), withCorrelation('corr-350958', 'Two')], 'no_stream');
    await store.append('x-2', [withCorrelation('quote "and" \\ slash', 'Three')], 'no_stream');
    const types = async (correlationId: string) =>
      (await store.readIndexBackward({ kind: 'correlation', correlationId }, { maxCount: 5 })).map((e) => e.type);
    const check = async () => {
      expect(await types('corr-94783')).toEqual(['One']);
      expect(await types('corr-350958')).toEqual(['Two']);
      expect(await types('quote "and" \\ slash')).toEqual(['Three']);
      expect(await types('corr-0')).toEqual([]);
    };
    await check();
    await store.close();
    open.splice(0);
    store = await openStore(false);
    await check();
  });

  it('group-commits concurrent appends into far fewer writes than appends', async () => {
    const store = (await openStore()) as FileEventStore;
    await Promise.all(Array.from({ length: 200 }, (_, i) => store.append(`g-${i}`, [ev()], 'no_stream')));
    const { events, writes } = store.stats();
    expect(events).toBe(200);
    expect(writes).toBeLessThan(20);
  });

  it('counts the events it decodes for readers (stats().decoded), from memory or from the file', async () => {
    const store = (await openStore()) as FileEventStore;
    await store.append('d-1', [ev(), ev(), ev()], 'no_stream');
    await store.append('d-2', [ev()], 'no_stream');
    expect(store.stats().decoded).toBe(0);
    await store.readStream('d-1');
    expect(store.stats().decoded).toBe(3);
    await store.readStream('d-1', { fromRevision: 2 });
    await store.readAll({ after: 0 });
    expect(store.stats().decoded).toBe(3 + 1 + 4);
    await store.readIndexBackward({ kind: 'stream', streamId: 'd-2' }, { maxCount: 10 });
    expect(store.stats().decoded).toBe(9);
  });

  it('decides expected revisions in call order, before the first write lands', async () => {
    const store = await openStore();
    const [first, second, third] = await Promise.allSettled([
      store.append('order', [ev()], 'no_stream'),
      store.append('order', [ev()], 0),
      store.append('order', [ev()], 'no_stream'),
    ]);
    expect(first).toMatchObject({ status: 'fulfilled', value: { revision: 0 } });
    expect(second).toMatchObject({ status: 'fulfilled', value: { revision: 1 } });
    expect(third).toMatchObject({ status: 'rejected', reason: { name: 'WrongExpectedRevisionError', actual: 1 } });
  });

  it('acknowledges a retry of an append still in flight only once it is durable, without duplicating it', async () => {
    const store = await openStore();
    const batch = [ev(), ev()];
    const [a, b] = await Promise.all([store.append('retry', batch, 'no_stream'), store.append('retry', batch, 'no_stream')]);
    expect(b).toEqual(a);
    expect(await store.readStream('retry')).toHaveLength(2);
  });

  it('rejects batches that mix stored and new ids, reuse an id in another stream, or repeat an id', async () => {
    const store = await openStore();
    const stored = ev();
    await store.append('mix', [stored], 'no_stream');
    await expect(store.append('mix', [stored, ev()], 'any')).rejects.toBeInstanceOf(IdempotencyConflictError);
    await expect(store.append('other', [stored], 'any')).rejects.toBeInstanceOf(IdempotencyConflictError);
    const twice = ev();
    await expect(store.append('dup', [twice, twice], 'any')).rejects.toThrow('appears twice');
    await expect(store.append('$system', [ev()], 'any')).rejects.toThrow('reserved');
    await expect(store.append('empty', [], 'any')).rejects.toThrow('at least one event');
    expect(await store.readAll()).toHaveLength(1);
  });

  it('rejects data that cannot be stored without touching the indexes', async () => {
    const store = await openStore();
    await expect(store.append('bad', [ev('E', { n: 1n })], 'no_stream')).rejects.toThrow();
    await expect(store.append('bad', [ev()], 'no_stream')).resolves.toMatchObject({ revision: 0, position: 1 });
  });

  it('lets one store own a directory; a stale lock of a dead process is taken over', async () => {
    const store = await openStore();
    await expect(openFileEventStore({ dir })).rejects.toBeInstanceOf(StoreLockedError);
    await store.close();
    // A pid that cannot be alive (beyond pid_max) stands for a process killed without releasing the lock.
    await writeFile(join(dir, LOCK_FILE), '99999999\n');
    const again = await openStore();
    expect(await readFile(join(dir, LOCK_FILE), 'utf8')).toBe(`${process.pid}\n`);
    await again.close();
    await expect(stat(join(dir, LOCK_FILE))).rejects.toMatchObject({ code: 'ENOENT' });
  });

  it('cuts a torn tail at open and keeps every complete record', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const store = await openStore();
    for (let i = 0; i < 5; i++) await store.append('t', [ev('E', { i })], i === 0 ? 'no_stream' : i - 1);
    await store.close();
    const log = join(dir, LOG_FILE);
    const goodSize = (await stat(log)).size;
    const partial = encodeRecord({ ...ev(), streamId: 't', revision: 5, position: 6, recordedAt: new Date().toISOString() });
    await appendFile(log, partial.subarray(0, partial.length - 7));
    const reopened = await openStore();
    expect(warn).toHaveBeenCalled();
    expect((await stat(log)).size).toBe(goodSize);
    expect((await reopened.readStream('t')).map((e) => (e.data as { i: number }).i)).toEqual([0, 1, 2, 3, 4]);
    await expect(reopened.append('t', [ev()], 4)).resolves.toMatchObject({ revision: 5, position: 6 });
  });

  it('refuses to open when a damaged record is followed by valid ones (not a crash tail)', async () => {
    const store = await openStore();
    for (let i = 0; i < 3; i++) await store.append('m', [ev('E', { i })], 'any');
    await store.close();
    const log = join(dir, LOG_FILE);
    const bytes = await readFile(log);
    bytes[12] = bytes[12]! ^ 0xff; // flip a payload byte of record 1
    await writeFile(log, bytes);
    await expect(openFileEventStore({ dir })).rejects.toBeInstanceOf(MidLogCorruptionError);
    // The refusal released the lock and left the file as it was.
    expect((await readFile(log)).equals(bytes)).toBe(true);
    await expect(stat(join(dir, LOCK_FILE))).rejects.toMatchObject({ code: 'ENOENT' });
  });

  it('waits for appends in flight on close, then rejects appends and reads', async () => {
    const store = await openStore(false);
    const pending = Array.from({ length: 20 }, (_, i) => store.append(`c-${i}`, [ev()], 'no_stream'));
    await store.close();
    await expect(Promise.all(pending)).resolves.toHaveLength(20);
    await expect(store.append('late', [ev()], 'any')).rejects.toBeInstanceOf(StoreClosedError);
    await expect(store.readAll()).rejects.toBeInstanceOf(StoreClosedError);
    const reopened = await openStore();
    expect(await reopened.headPosition()).toBe(20);
  });

  it('lets a handler stop its own subscription without deadlocking', async () => {
    const store = await openStore();
    await store.append('self', [ev(), ev(), ev()], 'no_stream');
    const seen: number[] = [];
    const sub = store.subscribeToAll(async (e) => {
      seen.push(e.position);
      if (e.position === 2) await sub.stop();
    });
    await expect(sub.caughtUp).rejects.toThrow('stopped before it caught up');
    expect(seen).toEqual([1, 2]);
    expect(sub.position).toBe(2);
  });

  it('answers reads of the latest appends from memory exactly as from the file, as fresh objects', async () => {
    // Room for a few records only: reads mix events held in memory and events read from the file.
    const store = await openFileEventStore({ dir, fsync: false, recentRecordBytes: 1500 });
    open.push(store);
    for (let i = 0; i < 12; i++)
      await store.append(
        i % 2 === 0 ? 'even' : 'odd',
        [ev('N', { i, nested: { list: [i] } })],
        i < 2 ? 'no_stream' : Math.floor(i / 2) - 1,
      );
    const all = await store.readAll();
    expect(all.map((e) => (e.data as { i: number }).i)).toEqual([0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11]);
    expect((await store.readStream('even', { fromRevision: 4 })).map((e) => [e.revision, e.position, (e.data as { i: number }).i])).toEqual(
      [
        [4, 9, 8],
        [5, 11, 10],
      ],
    );
    expect((await store.readAll({ after: 10 })).map((e) => e.position)).toEqual([11, 12]);
    expect((await store.readStream('odd')).map((e) => (e.data as { i: number }).i)).toEqual([1, 3, 5, 7, 9, 11]);
    // A caller may mutate what it got: the next read is not affected.
    const [latest] = await store.readAll({ after: 11 });
    (latest!.data as { nested: { list: number[] } }).nested.list.push(99);
    latest!.metadata.actor.id = 'changed';
    const [again] = await store.readAll({ after: 11 });
    expect(again!.data).toEqual({ i: 11, nested: { list: [11] } });
    expect(again!.metadata.actor.id).toBe('system');
    // What the file holds is what memory answered.
    await store.close();
    const reopened = await openStore(false);
    expect(await reopened.readAll()).toEqual(all);
  });
  it('finds a record damaged on disk after open, in a read of a few records (on this thread) and of many (in the pool)', async () => {
    const store = await openFileEventStore({ dir, fsync: false, recentRecordBytes: 1500 });
    open.push(store);
    const big = 'x'.repeat(2000);
    for (let i = 0; i < 60; i++) await store.append(i === 0 ? 'victim' : `filler-${i}`, [ev('N', { i, big })], 'no_stream');
    // The first record's payload starts after its 8-byte header; a flipped byte in it breaks its checksum.
    const file = join(dir, LOG_FILE);
    const bytes = await readFile(file);
    bytes[20] = bytes[20]! ^ 0xff;
    await writeFile(file, bytes);
    await expect(store.readStream('victim')).rejects.toThrow(/Corrupt event log record at byte 0/);
    await expect(store.readAll({ maxCount: 60 })).rejects.toThrow(/Corrupt event log record at byte 0/);
    expect((await store.readStream('filler-30')).map((e) => (e.data as { i: number }).i)).toEqual([30]);
  });
  it('knows every stored event id from memory and from the file: a retried batch is answered, a reused id refused', async () => {
    // Room for a few records only, so most ids are confirmed by reading their record from the file.
    const store = await openFileEventStore({ dir, fsync: false, recentRecordBytes: 1500 });
    open.push(store);
    const batches = Array.from({ length: 30 }, (_, i) => [ev('N', { i }), ev('N', { i, second: true })]);
    const answers: Awaited<ReturnType<EventStore['append']>>[] = [];
    for (const [i, batch] of batches.entries())
      answers.push(await store.append(`s-${i % 3}`, batch, i < 3 ? 'no_stream' : 2 * Math.floor(i / 3) - 1));
    const check = async (s: EventStore) => {
      for (const [i, batch] of batches.entries()) await expect(s.append(`s-${i % 3}`, batch, 'any')).resolves.toEqual(answers[i]);
      await expect(s.append('s-0', [batches[4]![0]!], 'any')).rejects.toThrow(IdempotencyConflictError); // stored in s-1
      await expect(s.append('s-1', [batches[4]![1]!, ev()], 'any')).rejects.toThrow(IdempotencyConflictError); // half stored
      expect(await s.headPosition()).toBe(60);
    };
    await check(store);
    await store.close();
    await check(await openStore(false));
  });
});
