import { randomUUID } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { EventStore } from '@evc/platform';
import { createMemoryDocumentStore } from '@evc/platform/documents/index';
import { openFileEventStore } from '@evc/platform/eventstore/index';
import type { Projection } from '../runner/projection';
import { formatReport, replayInto, verifyReadModels } from './verify-read-models';

// Toy projections over an untyped event ('Tick' is not a product event), so the verifier is tested on its own.
const setStyle = {
  name: 'ticks',
  collections: ['ticks', 'chargers'],
  async setup() {},
  on: {
    async Tick(event: { data: { id: string; value: number } }, { documents }: { documents: import('@evc/platform').DocumentStore }) {
      await documents
        .collection('ticks')
        .replaceOne({ _id: event.data.id }, { _id: event.data.id, value: event.data.value }, { upsert: true });
      await documents.collection('chargers').replaceOne({ _id: 'CP-1' }, { _id: 'CP-1', last: event.data.value }, { upsert: true });
    },
  },
} as unknown as Projection;
const counting = {
  name: 'counter',
  collections: ['counts'],
  async setup() {},
  on: {
    async Tick(_event: unknown, { documents }: { documents: import('@evc/platform').DocumentStore }) {
      await documents.collection('counts').updateOne({ _id: 'all' }, { $inc: { n: 1 } }, { upsert: true });
    },
  },
} as unknown as Projection;

describe('projections:verify', () => {
  let dir: string;
  let store: EventStore;
  beforeEach(async () => {
    dir = await mkdtemp(join(tmpdir(), 'evc-verify-'));
    store = await openFileEventStore({ dir, fsync: false });
    for (let i = 0; i < 30; i++) {
      const metadata = {
        correlationId: randomUUID(),
        causationId: 'c',
        actor: { type: 'system' as const, id: 't' },
        occurredAt: new Date().toISOString(),
        schemaVersion: 1,
      };
      await store.append(`tick-${i % 5}`, [{ eventId: randomUUID(), type: 'Tick', data: { id: `t${i % 5}`, value: i }, metadata }], 'any');
    }
  });
  afterEach(async () => {
    await store.close();
    await rm(dir, { recursive: true, force: true });
  });

  it('finds no difference when the live read models were built from the same log, even with events applied twice', async () => {
    const live = createMemoryDocumentStore();
    await replayInto(store, live, [setStyle], 0, 30);
    await replayInto(store, live, [setStyle], 20, 30); // a restart from an older checkpoint
    const report = await verifyReadModels({ eventStore: store, live, projections: [setStyle] });
    expect(report.position).toBe(30);
    expect(report.collections).toEqual([
      { name: 'ticks', live: 5, rebuilt: 5, differences: 0 },
      { name: 'chargers', live: 1, rebuilt: 1, differences: 0 },
    ]);
    expect(report.differences).toEqual([]);
    expect(formatReport(report)).toContain('No differences');
  });

  it('reports a changed, a missing and an extra document, field by field', async () => {
    const live = createMemoryDocumentStore();
    await replayInto(store, live, [setStyle], 0, 30);
    await live.collection('ticks').updateOne({ _id: 't1' }, { $set: { value: -1 } });
    await live.collection('ticks').deleteOne({ _id: 't2' });
    await live.collection('ticks').insertOne({ _id: 'ghost', value: 0 });
    const report = await verifyReadModels({ eventStore: store, live, projections: [setStyle] });
    expect(report.differences).toEqual([
      { collection: 'ticks', id: 't1', kind: 'changed', fields: [{ field: 'value', live: -1, rebuilt: 26 }] },
      { collection: 'ticks', id: 't2', kind: 'missing', fields: [] },
      { collection: 'ticks', id: 'ghost', kind: 'extra', fields: [] },
    ]);
    expect(formatReport(report)).toMatch(/3 differences[\s\S]*value: live -1 · rebuilt 26/);
  });

  it('catches a projection that is not idempotent once events are applied again', async () => {
    const live = createMemoryDocumentStore();
    await replayInto(store, live, [counting], 0, 30);
    expect((await verifyReadModels({ eventStore: store, live, projections: [counting] })).differences).toEqual([]);
    await replayInto(store, live, [counting], 25, 30);
    const report = await verifyReadModels({ eventStore: store, live, projections: [counting] });
    expect(report.differences).toEqual([
      { collection: 'counts', id: 'all', kind: 'changed', fields: [{ field: 'n', live: 35, rebuilt: 30 }] },
    ]);
  });

  it('leaves out what does not come from the log: bus-fed fields and read models', async () => {
    const live = createMemoryDocumentStore();
    await replayInto(store, live, [setStyle], 0, 30);
    await live.collection('chargers').updateOne({ _id: 'CP-1' }, { $set: { lastSeenAt: new Date().toISOString(), lastHeartbeatAt: 'x' } });
    const report = await verifyReadModels({ eventStore: store, live, projections: [setStyle] });
    expect(report.differences).toEqual([]);
    expect(report.skipped.map((s) => s.what)).toEqual(['page_views', 'ocpp_messages', 'chargers.lastHeartbeatAt', 'chargers.lastSeenAt']);
  });

  it('compares at a position: the rebuild stops there', async () => {
    const live = createMemoryDocumentStore();
    await replayInto(store, live, [setStyle], 0, 12);
    expect((await verifyReadModels({ eventStore: store, live, projections: [setStyle], position: 12 })).differences).toEqual([]);
    expect((await verifyReadModels({ eventStore: store, live, projections: [setStyle] })).differences.length).toBeGreaterThan(0);
  });
});
