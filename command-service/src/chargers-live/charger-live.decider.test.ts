import { describe, expect, it } from 'vitest';
import type { ChargerLiveEvent, InboundOcppMessage } from '@evc/contracts';
import { fold } from '../shared/decider';
import { chargerLiveDecider as decider, RECENT_MESSAGES } from './charger-live.decider';
import { translateInbound } from './ocpp-translate';

const at = '2026-01-01T00:00:00.000Z';
const connected: ChargerLiveEvent = { type: 'ChargerConnected', data: { chargerId: 'CP-1', connectionId: 'c1', protocol: 'ocpp1.6', at } };
const status = (messageId: string, s: 'available' | 'faulted', connectionId = 'c1') =>
  ({ kind: 'status', data: { chargerId: 'CP-1', connectionId, messageId, connectorId: 1, status: s, ocppStatus: s, errorCode: null, at } }) as const;
const inbound = (protocol: string, action: string, payload: unknown): InboundOcppMessage => ({ chargerId: 'CP-1', protocol, connectionId: 'c1', messageId: 'm1', action, payload, receivedAt: at });

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

describe('OCPP 1.6 and 2.0.1 messages as live commands', () => {
  it('reads BootNotification field names of both versions', () => {
    expect(translateInbound(inbound('ocpp1.6', 'BootNotification', { chargePointVendor: 'Delta', chargePointModel: 'M', firmwareVersion: 'f1', iccid: 'i', imsi: 's' }))).toMatchObject({
      kind: 'boot',
      data: { vendor: 'Delta', model: 'M', firmwareVersion: 'f1', iccid: 'i', imsi: 's', reason: null },
    });
    expect(
      translateInbound(inbound('ocpp2.0.1', 'BootNotification', { reason: 'PowerUp', chargingStation: { vendorName: 'ABB', model: 'T', firmwareVersion: 'f2', modem: { iccid: 'i2', imsi: 's2' } } })),
    ).toMatchObject({ kind: 'boot', data: { vendor: 'ABB', model: 'T', firmwareVersion: 'f2', iccid: 'i2', imsi: 's2', reason: 'PowerUp' } });
  });

  it('maps StatusNotification of both versions to the network connector status', () => {
    expect(translateInbound(inbound('ocpp1.6', 'StatusNotification', { connectorId: 2, errorCode: 'GroundFailure', status: 'SuspendedEV' }))).toMatchObject({
      data: { connectorId: 2, status: 'suspended', ocppStatus: 'SuspendedEV', errorCode: 'GroundFailure' },
    });
    expect(translateInbound(inbound('ocpp2.0.1', 'StatusNotification', { timestamp: at, connectorStatus: 'Occupied', evseId: 2, connectorId: 1 }))).toMatchObject({
      data: { connectorId: 2, status: 'preparing', ocppStatus: 'Occupied', errorCode: null },
    });
    expect(translateInbound(inbound('ocpp1.6', 'Heartbeat', {}))).toEqual({ kind: 'alive', chargerId: 'CP-1', connectionId: 'c1', at });
  });
});
