import { describe, expect, it } from 'vitest';
import type { ChargerLiveEvent, ChargerMessage, InboundChargerMessage } from '@evc/contracts';
import { fold } from '../shared/decider';
import { chargerLiveDecider as decider, RECENT_MESSAGES } from './charger-live.decider';
import { liveCommandOf } from './live-command';

const at = '2026-01-01T00:00:00.000Z';
const connected: ChargerLiveEvent = { type: 'ChargerConnected', data: { chargerId: 'CP-1', connectionId: 'c1', protocol: 'ocpp1.6', at } };
const status = (messageId: string, s: 'available' | 'faulted', connectionId = 'c1') =>
  ({ kind: 'status', data: { chargerId: 'CP-1', connectionId, messageId, connectorId: 1, status: s, ocppStatus: s, errorCode: null, at } }) as const;
const inbound = (message: ChargerMessage): InboundChargerMessage => ({ chargerId: 'CP-1', protocol: 'ocpp2.0.1', connectionId: 'c1', messageId: 'm1', receivedAt: at, message });

describe('charger live decider', () => {
  it('given a connected charger, when a status changes, then ConnectorStatusChanged; the same message again or the same status: nothing', () => {
    const state = fold(decider, [connected]);
    const [changed] = decider.decide(status('m1', 'faulted'), state);
    expect(changed).toMatchObject({ type: 'ConnectorStatusChanged', data: { connectorId: 1, status: 'faulted' } });
    const after = fold(decider, [connected, changed!]);
    expect(decider.decide(status('m1', 'available'), after)).toEqual([]); // redelivery of m1, whatever it says
    expect(decider.decide(status('m2', 'faulted'), after)).toEqual([]); // changes nothing
    expect(decider.decide(status('m1', 'available', 'c2'), after)).toHaveLength(1); // message ids are per connection
  });

  it('forgets message ids beyond the window, keeping state bounded', () => {
    const events = Array.from({ length: RECENT_MESSAGES + 10 }, (_, i) => decider.decide(status(`m${i}`, i % 2 ? 'available' : 'faulted'), fold(decider, [])));
    expect(fold(decider, events.flat()).recent).toHaveLength(RECENT_MESSAGES);
  });

  it('disconnects only the current connection, once; connects a connection once', () => {
    const state = fold(decider, [connected]);
    expect(decider.decide({ kind: 'connected', chargerId: 'CP-1', connectionId: 'c1', protocol: 'ocpp1.6', at }, state)).toEqual([]);
    expect(decider.decide({ kind: 'disconnected', chargerId: 'CP-1', connectionId: 'old', reason: 'closed', at }, state)).toEqual([]);
    const [gone] = decider.decide({ kind: 'disconnected', chargerId: 'CP-1', connectionId: 'c1', reason: 'closed', at }, state);
    expect(gone?.type).toBe('ChargerDisconnected');
    expect(decider.decide({ kind: 'disconnected', chargerId: 'CP-1', connectionId: 'c1', reason: 'closed', at }, fold(decider, [connected, gone!]))).toEqual([]);
  });
});

describe('a charger presumed gone', () => {
  const silent: ChargerLiveEvent = { type: 'ChargerDisconnected', data: { chargerId: 'CP-1', connectionId: 'c1', reason: 'silent', at } };
  const closed: ChargerLiveEvent = { type: 'ChargerDisconnected', data: { chargerId: 'CP-1', connectionId: 'c1', reason: 'closed', at } };
  const alive = { kind: 'alive', chargerId: 'CP-1', connectionId: 'c1', at } as const;
  it('comes back online when the same connection speaks again, but not after its socket closed', () => {
    expect(decider.decide(alive, fold(decider, [connected]))).toEqual([]);
    expect(decider.decide(alive, fold(decider, [connected, silent]))).toEqual([{ ...connected, data: { ...connected.data, at } }]);
    expect(decider.decide(alive, fold(decider, [connected, closed]))).toEqual([]);
    expect(decider.decide(status('m9', 'faulted'), fold(decider, [connected, silent])).map((e) => e.type)).toEqual(['ChargerConnected', 'ConnectorStatusChanged']);
  });
});

describe('charger messages as live commands', () => {
  it('a boot and a status carry the connection and message ids (redeliveries are recognised by them)', () => {
    const booted: ChargerMessage = { type: 'Booted', reason: 'PowerUp', vendor: 'ABB', model: 'T', serialNumber: null, firmwareVersion: 'f2', iccid: 'i2', imsi: 's2' };
    expect(liveCommandOf(inbound(booted))).toEqual({
      kind: 'boot',
      data: { chargerId: 'CP-1', connectionId: 'c1', messageId: 'm1', reason: 'PowerUp', vendor: 'ABB', model: 'T', serialNumber: null, firmwareVersion: 'f2', iccid: 'i2', imsi: 's2', at },
    });
    expect(liveCommandOf(inbound({ type: 'StatusReported', connectorId: 2, status: 'preparing', reportedStatus: 'Occupied', errorCode: null }))).toEqual({
      kind: 'status',
      data: { chargerId: 'CP-1', connectionId: 'c1', messageId: 'm1', connectorId: 2, status: 'preparing', ocppStatus: 'Occupied', errorCode: null, at },
    });
  });

  it('presence notes connect and disconnect; anything else is a sign of life', () => {
    expect(liveCommandOf(inbound({ type: 'Connected' }))).toEqual({ kind: 'connected', chargerId: 'CP-1', connectionId: 'c1', protocol: 'ocpp2.0.1', at });
    expect(liveCommandOf(inbound({ type: 'Disconnected' }))).toMatchObject({ kind: 'disconnected', reason: 'closed' });
    expect(liveCommandOf(inbound({ type: 'Silent' }))).toMatchObject({ kind: 'disconnected', reason: 'silent' });
    expect(liveCommandOf(inbound({ type: 'Heartbeat' }))).toEqual({ kind: 'alive', chargerId: 'CP-1', connectionId: 'c1', at });
    expect(liveCommandOf(inbound({ type: 'Notified', action: 'NotifyReport' }))).toMatchObject({ kind: 'alive' });
  });
});
