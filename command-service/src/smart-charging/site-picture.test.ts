import { describe, expect, it } from 'vitest';
import type { RecordedEvent } from '@evc/platform';
import { SitePicture } from './site-picture';

let position = 0;
const event = (type: string, data: object): RecordedEvent =>
  ({
    type,
    data,
    position: ++position,
    streamId: 'x',
    revision: 0,
    eventId: String(position),
    recordedAt: '',
    metadata: {},
  }) as RecordedEvent;
const charger = (chargerId: string, current: 'AC' | 'DC' = 'AC', maxPowerKw = 22) =>
  event('ChargerRegistered', {
    chargerId,
    stationId: 'st-1',
    connectors: [{ connectorId: 1, code: 'c', type: 'Type2', current, maxPowerKw }],
  });
const requested = (sessionId: string, chargerId: string) =>
  event('SessionRequested', { sessionId, chargerId, stationId: 'st-1', connectorId: 1 });
const charging = (sessionId: string) => event('SessionCharging', { sessionId, transactionId: `tx-${sessionId}` });
const RESERVE = 60_000;

describe('site picture', () => {
  it('knows the sessions charging at a station in the order they started, with their connectors’ floor and rating', () => {
    const picture = new SitePicture(7_000);
    for (const e of [charger('AC1'), charger('DC1', 'DC', 50), requested('s-2', 'DC1'), requested('s-1', 'AC1')]) picture.apply(e, 0);
    expect(picture.apply(charging('s-2'), 0)).toEqual({ kind: 'started', stationId: 'st-1', sessionId: 's-2' });
    picture.apply(charging('s-1'), 0);
    expect(picture.apply(charging('s-1'), 0)).toBeNull(); // a repeat changes nothing
    expect(picture.members('st-1', 0, RESERVE)).toEqual([
      { chargerId: 'DC1', connectorId: 1, sessionId: 's-2', minW: 7_000, maxW: 50_000 },
      { chargerId: 'AC1', connectorId: 1, sessionId: 's-1', minW: 4_140, maxW: 22_000 },
    ]);
    expect(picture.apply(event('SessionStopped', { sessionId: 's-2' }), 0)).toEqual({ kind: 'ended', stationId: 'st-1', sessionId: 's-2' });
    expect(picture.members('st-1', 0, RESERVE).map((m) => m.sessionId)).toEqual(['s-1']);
    expect(picture.transactionOf('s-1')).toBe('tx-s-1');
  });

  it('keeps a dropped-off charger’s session sharing until the reserve runs out, and again once it is back', () => {
    const picture = new SitePicture();
    for (const e of [charger('AC1'), charger('AC2'), requested('s-1', 'AC1'), requested('s-2', 'AC2'), charging('s-1'), charging('s-2')])
      picture.apply(e, 0);
    picture.apply(event('ChargerConnected', { chargerId: 'AC1' }), 0);
    expect(picture.apply(event('ChargerDisconnected', { chargerId: 'AC1' }), 1_000)).toMatchObject({ kind: 'disconnected' });
    expect(picture.members('st-1', 1_000 + RESERVE - 1, RESERVE).map((m) => m.sessionId)).toEqual(['s-1', 's-2']);
    expect(picture.hasTimedOutCharger('st-1', 1_000 + RESERVE - 1, RESERVE)).toBe(false);
    expect(picture.members('st-1', 1_000 + RESERVE, RESERVE).map((m) => m.sessionId)).toEqual(['s-2']);
    expect(picture.hasTimedOutCharger('st-1', 1_000 + RESERVE, RESERVE)).toBe(true);
    expect(picture.apply(event('ChargerConnected', { chargerId: 'AC1' }), 2 * RESERVE)).toMatchObject({ kind: 'connected' });
    expect(picture.members('st-1', 3 * RESERVE, RESERVE).map((m) => m.sessionId)).toEqual(['s-1', 's-2']);
  });
});
