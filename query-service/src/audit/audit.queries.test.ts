import { describe, expect, it } from 'vitest';
import type { EventStore } from '@evc/platform';
import type { ActorNames } from '../identity/index';
import { AuditQueries, changesOf, evolveAudit } from './audit.queries';

const staff = { personalData: false, contact: false, frames: false };

describe('audit changes', () => {
  it('shows before and after per changed field, and only that a secret changed', () => {
    const created = evolveAudit({}, { type: 'ChargerRegistered', data: { chargerId: 'CP-1', model: 'A', secretHash: 'a'.repeat(64) } });
    expect(changesOf({}, created, 'charger-CP-1', staff)).toEqual([
      { field: 'chargerId', before: null, after: 'CP-1', masked: null },
      { field: 'model', before: null, after: 'A', masked: null },
      { field: 'secretHash', before: null, after: null, masked: 'secret' },
    ]);
    const updated = evolveAudit(created, { type: 'ChargerUpdated', data: { chargerId: 'CP-1', model: 'B' } });
    expect(changesOf(created, updated, 'charger-CP-1', staff)).toEqual([{ field: 'model', before: 'A', after: 'B', masked: null }]);
    const deleted = evolveAudit(updated, { type: 'ChargerMarkedDeleted', data: { chargerId: 'CP-1', stationId: 's' } });
    expect(changesOf(updated, deleted, 'charger-CP-1', staff)).toEqual([{ field: 'modelState', before: null, after: 3, masked: null }]);
    expect(
      JSON.stringify(
        changesOf(
          created,
          evolveAudit(created, { type: 'ChargerSecretRotated', data: { secretHash: 'b'.repeat(64) } }),
          'charger-CP-1',
          staff,
        ),
      ),
    ).not.toContain('b'.repeat(64));
  });
});

describe('audit history', () => {
  const recorded = (type: string, data: Record<string, unknown>, revision: number) => ({
    eventId: `e-${revision}`,
    type,
    data,
    revision,
    metadata: { occurredAt: `2026-03-01T10:0${revision}:00.000Z`, actor: { type: 'system', id: 'system' }, reason: 'test' },
  });
  const historyOf = (events: ReturnType<typeof recorded>[]) =>
    new AuditQueries(
      { readStream: async () => events } as unknown as EventStore,
      { of: async () => new Map() } as unknown as ActorNames,
    ).history({ streamId: 'session-s1', page: 1, pageSize: 50 }, ['sessions.read']);

  it("compares an event with its own kind or the item's creation, never with another kind's field of the same name", async () => {
    const history = await historyOf([
      recorded('SessionRequested', { sessionId: 's1', chargerId: 'CP-1', energyWh: 0 }, 0),
      recorded('MeterReadingRecorded', { energyWh: 4119885 }, 1),
      recorded('SessionStopped', { energyWh: 631, reason: 'Local' }, 2),
    ]);
    const stopped = history.dataList.find((e) => e.type === 'SessionStopped')!;
    expect(stopped.changes.find((c) => c.field === 'energyWh')).toEqual({ field: 'energyWh', before: null, after: 631, masked: null });
    const reading = history.dataList.find((e) => e.type === 'MeterReadingRecorded')!;
    // the creation's value is the item's own: a reading after it is compared with it
    expect(reading.changes).toEqual([{ field: 'energyWh', before: 0, after: 4119885, masked: null }]);
  });
});

describe('audit history of derived fields', () => {
  it("a station's chargers list is compared across attach and detach", async () => {
    const events = [
      { type: 'StationRegistered', data: { stationId: 'st-1', nameEn: 'A' } },
      { type: 'ChargerAttached', data: { stationId: 'st-1', chargerId: 'CP-1' } },
      { type: 'ChargerAttached', data: { stationId: 'st-1', chargerId: 'CP-2' } },
      { type: 'ChargerDetached', data: { stationId: 'st-1', chargerId: 'CP-1' } },
    ].map((e, revision) => ({
      ...e,
      eventId: `e${revision}`,
      revision,
      metadata: { occurredAt: '2026-03-01T10:00:00.000Z', actor: { type: 'system', id: 'system' }, reason: null },
    }));
    const history = await new AuditQueries(
      { readStream: async () => events } as unknown as EventStore,
      { of: async () => new Map() } as unknown as ActorNames,
    ).history({ streamId: 'station-st-1', page: 1, pageSize: 50 });
    expect(history.dataList[0]!.changes).toEqual([{ field: 'chargers', before: ['CP-1', 'CP-2'], after: ['CP-2'], masked: null }]);
  });
});
