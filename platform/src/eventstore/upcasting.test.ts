import { randomUUID } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { EventStore, NewEvent, RecordedEvent } from '../ports/event-store';
import { openFileEventStore } from './embedded/open-file-event-store';
import { upcasting } from './upcasting';

const metadata = (schemaVersion: number) => ({
  correlationId: 'corr-1',
  causationId: 'c1/m1',
  actor: { type: 'charger' as const, id: 'CP-1' },
  occurredAt: '2026-01-01T00:00:00.000Z',
  schemaVersion,
});
/** A ConnectorStatusChanged as the command side wrote it before schema version 2. */
const oldStatus = (): NewEvent => ({
  eventId: randomUUID(),
  type: 'ConnectorStatusChanged',
  data: {
    chargerId: 'CP-1',
    connectionId: 'c1',
    messageId: 'm1',
    connectorId: 1,
    status: 'faulted',
    ocppStatus: 'Faulted',
    errorCode: 'GroundFailure',
    at: '2026-01-01T00:00:00.000Z',
  },
  metadata: metadata(1),
});
const upcast = { error: { code: 'GroundFailure', info: null, vendorErrorCode: null } };

describe('the upcasting event store', () => {
  let dir: string;
  let raw: EventStore;
  let store: EventStore;
  beforeEach(async () => {
    dir = await mkdtemp(join(tmpdir(), 'evc-upcast-'));
    raw = await openFileEventStore({ dir, fsync: false });
    store = upcasting(raw);
    await raw.append('charger-live-CP-1', [oldStatus(), oldStatus()], 'no_stream');
  });
  afterEach(async () => {
    await store.close();
    await rm(dir, { recursive: true, force: true });
  });

  it('hands every reader the version-2 shape of a version-1 event: streams, $all, indexes and subscriptions', async () => {
    const checkOne = (e: RecordedEvent | undefined) => {
      expect(e?.metadata.schemaVersion).toBe(2);
      expect(e?.data).toMatchObject(upcast);
      expect(e?.data).not.toHaveProperty('errorCode');
    };
    const check = (events: RecordedEvent[]) => {
      expect(events).toHaveLength(2);
      events.forEach(checkOne);
    };
    check(await store.readStream('charger-live-CP-1'));
    check(await store.readAll());
    check(await store.readIndexBackward({ kind: 'type', type: 'ConnectorStatusChanged' }, { maxCount: 2 }));
    const seen: RecordedEvent[] = [];
    const sub = store.subscribeToAll((e) => void seen.push(e));
    await sub.caughtUp;
    await sub.stop();
    check(seen);
    // What is stored stays as it was written.
    expect((await raw.readStream('charger-live-CP-1'))[0]!.data).toHaveProperty('errorCode', 'GroundFailure');
  });

  it('passes writes and positions through, and wraps once', async () => {
    const result = await store.append(
      'charger-live-CP-1',
      [{ ...oldStatus(), data: { ...(oldStatus().data as object), errorCode: undefined, error: null }, metadata: metadata(2) }],
      1,
    );
    expect(result.revision).toBe(2);
    expect(await store.headPosition()).toBe(3);
    expect(await store.positionAt('2000-01-01T00:00:00.000Z')).toBe(1);
    expect(upcasting(store)).toBe(store);
  });
});
