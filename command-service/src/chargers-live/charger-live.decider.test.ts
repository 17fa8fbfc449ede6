import { describe, expect, it } from 'vitest';
import type { ChargerLiveEvent, InboundOcppMessage } from '@evc/contracts';
import { DeciderSpecification } from '../shared/decider-specification';
import { chargerLiveDecider as decider, RECENT_MESSAGES } from './charger-live.decider';
import { translateInbound } from './ocpp-translate';

const at = '2026-01-01T00:00:00.000Z';
const connected: ChargerLiveEvent = { type: 'ChargerConnected', data: { chargerId: 'CP-1', connectionId: 'c1', protocol: 'ocpp1.6', at } };
const status = (messageId: string, s: 'available' | 'faulted', connectionId = 'c1') =>
  ({ kind: 'status', data: { chargerId: 'CP-1', connectionId, messageId, connectorId: 1, status: s, ocppStatus: s, errorCode: null, at } }) as const;
const live = DeciderSpecification.for(decider);
const inbound = (protocol: string, action: string, payload: unknown): InboundOcppMessage => ({ chargerId: 'CP-1', protocol, connectionId: 'c1', messageId: 'm1', action, payload, receivedAt: at });

describe('charger live decider', () => {
  it('given a connected charger, when a status changes, then ConnectorStatusChanged; the same message again or the same status: nothing', () => {
    const [changed] = live.given([connected]).when(status('m1', 'faulted')).thenMatches([{ type: 'ConnectorStatusChanged', data: { connectorId: 1, status: 'faulted' } }]);
    const after = live.given([connected, changed!]);
    after.when(status('m1', 'available')).thenNothingHappened(); // redelivery of m1, whatever it says
    after.when(status('m2', 'faulted')).thenNothingHappened(); // changes nothing
    after.when(status('m1', 'available', 'c2')).thenTypes(['ConnectorStatusChanged']); // message ids are per connection
  });

  it('forgets message ids beyond the window, keeping state bounded', () => {
    const statuses = Array.from({ length: RECENT_MESSAGES + 10 }, (_, i) => status(`m${i}`, i % 2 ? 'available' : 'faulted'));
    expect(live.given([]).when(...statuses).state().recent).toHaveLength(RECENT_MESSAGES);
  });

  it('disconnects only the current connection, once; connects a connection once', () => {
    live.given([connected]).when({ kind: 'connected', chargerId: 'CP-1', connectionId: 'c1', protocol: 'ocpp1.6', at }).thenNothingHappened();
    live.given([connected]).when({ kind: 'disconnected', chargerId: 'CP-1', connectionId: 'old', reason: 'closed', at }).thenNothingHappened();
    const gone = live.given([connected]).when({ kind: 'disconnected', chargerId: 'CP-1', connectionId: 'c1', reason: 'closed', at }).thenTypes(['ChargerDisconnected']);
    live.given([connected, ...gone]).when({ kind: 'disconnected', chargerId: 'CP-1', connectionId: 'c1', reason: 'closed', at }).thenNothingHappened();
  });
});

describe('a charger presumed gone', () => {
  const silent: ChargerLiveEvent = { type: 'ChargerDisconnected', data: { chargerId: 'CP-1', connectionId: 'c1', reason: 'silent', at } };
  const closed: ChargerLiveEvent = { type: 'ChargerDisconnected', data: { chargerId: 'CP-1', connectionId: 'c1', reason: 'closed', at } };
  const alive = { kind: 'alive', chargerId: 'CP-1', connectionId: 'c1', at } as const;
  it('comes back online when the same connection speaks again, but not after its socket closed', () => {
    live.given([connected]).when(alive).thenNothingHappened();
    live.given([connected, silent]).when(alive).then([{ ...connected, data: { ...connected.data, at } }]);
    live.given([connected, closed]).when(alive).thenNothingHappened();
    live.given([connected, silent]).when(status('m9', 'faulted')).thenTypes(['ChargerConnected', 'ConnectorStatusChanged']);
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
