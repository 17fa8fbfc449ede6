import { randomUUID } from 'node:crypto';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { chargingStreams } from '@evc/contracts';
import type { EventMetadata } from '@evc/contracts';
import type { EventStore } from '@evc/platform';
import { AcceptedBeforeStart, INDEX_TRAIL_WINDOW_MS, acceptedInLog } from './no-cable-sweep';
import { tempEventStore } from '../shared/temp-event-store';

const metadata: EventMetadata = {
  actor: { type: 'system', id: 'test' },
  reason: 'test',
  correlationId: 'c',
  causationId: 'c',
  occurredAt: '2026-11-29T10:00:00.000Z',
  schemaVersion: 1,
};

describe('the no-cable sweep after a restart', () => {
  let store: EventStore;
  const temp = tempEventStore('no-cable-');
  beforeEach(() => void (store = temp()));

  const write = (sessionId: string, type: string, at: string) =>
    store.append(
      chargingStreams.session(sessionId),
      [{ eventId: randomUUID(), type, data: { sessionId, commandId: 'x', at }, metadata }],
      'any',
    );

  it('finds the accepted sessions not yet charging or failed through the type indexes, not by reading the log', async () => {
    const waiting = randomUUID();
    const charging = randomUUID();
    const failed = randomUUID();
    // More than a page of settled sessions, so the index is read past its first page.
    const many = Array.from({ length: 450 }, () => randomUUID());
    for (const id of many) {
      await write(id, 'SessionStartAccepted', '2026-11-29T09:00:00.000Z');
      await write(id, 'SessionCharging', '2026-11-29T09:00:05.000Z');
    }
    await write(waiting, 'SessionStartAccepted', '2026-11-29T10:00:00.000Z');
    await write(charging, 'SessionStartAccepted', '2026-11-29T10:00:01.000Z');
    await write(failed, 'SessionStartAccepted', '2026-11-29T10:00:02.000Z');
    await write(charging, 'SessionCharging', '2026-11-29T10:00:03.000Z');
    await write(failed, 'SessionStartFailed', '2026-11-29T10:00:04.000Z');
    // A reading of another stream of the log, which the rebuild has no reason to decode.
    await store.append('charger-live-CP1', [{ eventId: randomUUID(), type: 'ConnectorStatusChanged', data: {}, metadata }], 'any');

    const readAll = vi.spyOn(store, 'readAll');
    const into = new Map<string, number>();
    await acceptedInLog(store, into, Date.parse('2026-11-29T10:05:00.000Z'));
    expect([...into]).toEqual([[waiting, Date.parse('2026-11-29T10:00:00.000Z')]]);
    expect(readAll).not.toHaveBeenCalled();
  });

  it('keeps what the live path already put in the set', async () => {
    const waiting = randomUUID();
    await write(waiting, 'SessionStartAccepted', '2026-11-29T10:00:00.000Z');
    const into = new Map([[waiting, 42]]);
    await acceptedInLog(store, into, Date.parse('2026-11-29T10:05:00.000Z'));
    expect([...into]).toEqual([[waiting, 42]]);
  });

  it('after the first tick, takes what a trailing index shows late from before the restart, for a while, and nothing written after it', async () => {
    const shown = randomUUID();
    const late = randomUUID();
    const after = randomUUID();
    await write(shown, 'SessionStartAccepted', '2026-11-29T10:00:00.000Z');
    await write(late, 'SessionStartAccepted', '2026-11-29T10:00:01.000Z');
    // An index that trails the log (EventStoreDB's system projections): the first reads do not show the last event.
    let trailing = true;
    const read = store.readIndexBackward.bind(store);
    const lagging: EventStore = Object.create(store) as EventStore;
    const asked: (number | undefined)[] = [];
    lagging.readIndexBackward = async (key, options) => {
      asked.push(options.before);
      return (await read(key, options)).filter((e) => !trailing || (e.data as { sessionId: string }).sessionId !== late);
    };
    const into = new Map<string, number>();
    const scan = new AcceptedBeforeStart(lagging, into);
    const t0 = Date.parse('2026-11-29T10:05:00.000Z');
    const head = await store.headPosition();
    await scan.step(t0);
    expect([...into.keys()]).toEqual([shown]);
    asked.length = 0;
    trailing = false;
    await write(after, 'SessionStartAccepted', '2026-11-29T10:05:01.000Z'); // the command results feed this one live
    await scan.step(t0 + 10_000);
    expect([...into.keys()].sort()).toEqual([shown, late].sort());
    expect(into.get(late)).toBe(Date.parse('2026-11-29T10:00:01.000Z'));
    // The later ticks read only up to the first tick's head: what came after it is never decoded again here.
    expect(asked.length).toBeGreaterThan(0);
    expect(asked.every((before) => before === head + 1)).toBe(true);
    expect(scan.looking(t0 + INDEX_TRAIL_WINDOW_MS)).toBe(false);
  });
});
