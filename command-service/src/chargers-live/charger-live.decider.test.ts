import { describe, expect, it } from 'vitest';
import type { ChargerLiveEvent, ChargerMessage, InboundChargerMessage } from '@evc/contracts';
import { DeciderSpecification } from '../shared/decider-specification';
import { chargerLiveDecider as decider, RECENT_MESSAGES } from './charger-live.decider';
import { liveCommandOf } from './live-command';

const at = '2026-01-01T00:00:00.000Z';
const connected: ChargerLiveEvent = { type: 'ChargerConnected', data: { chargerId: 'CP-1', connectionId: 'c1', protocol: 'ocpp1.6', at } };
const status = (
  messageId: string,
  s: 'available' | 'faulted',
  connectionId = 'c1',
  error: { code: string; info: string | null; vendorErrorCode: string | null } | null = null,
) =>
  ({ kind: 'status', data: { chargerId: 'CP-1', connectionId, messageId, connectorId: 1, status: s, ocppStatus: s, error, at } }) as const;
const live = DeciderSpecification.for(decider);
const inbound = (message: ChargerMessage): InboundChargerMessage => ({
  chargerId: 'CP-1',
  protocol: 'ocpp2.0.1',
  connectionId: 'c1',
  messageId: 'm1',
  receivedAt: at,
  message,
});

describe('charger live decider', () => {
  it('given a connected charger, when a status changes, then ConnectorStatusChanged; the same message again or the same status: nothing', () => {
    const [changed] = live
      .given([connected])
      .when(status('m1', 'faulted'))
      .thenMatches([{ type: 'ConnectorStatusChanged', data: { connectorId: 1, status: 'faulted' } }]);
    const after = live.given([connected, changed!]);
    after.when(status('m1', 'available')).thenNothingHappened(); // redelivery of m1, whatever it says
    after.when(status('m2', 'faulted')).thenNothingHappened(); // changes nothing
    after.when(status('m1', 'available', 'c2')).thenTypes(['ConnectorStatusChanged']); // message ids are per connection
  });

  it('given a faulted connector, when it reports another fault, then that is recorded too; the same fault again is not', () => {
    const ground = { code: 'GroundFailure', info: 'RCD tripped', vendorErrorCode: 'E-417' };
    const [first] = live
      .given([connected])
      .when(status('m1', 'faulted', 'c1', ground))
      .thenMatches([{ type: 'ConnectorStatusChanged', data: { status: 'faulted', error: ground } }]);
    const after = live.given([connected, first!]);
    after.when(status('m2', 'faulted', 'c1', { ...ground, info: 'still tripped' })).thenNothingHappened(); // same fault
    after
      .when(status('m3', 'faulted', 'c1', { code: 'OverCurrentFailure', info: null, vendorErrorCode: 'E-12' }))
      .thenMatches([{ type: 'ConnectorStatusChanged', data: { error: { code: 'OverCurrentFailure' } } }]);
    after.when(status('m4', 'faulted')).thenTypes(['ConnectorStatusChanged']); // the fault cleared while still unavailable
  });

  it('forgets message ids beyond the window, keeping state bounded', () => {
    const statuses = Array.from({ length: RECENT_MESSAGES + 10 }, (_, i) => status(`m${i}`, i % 2 ? 'available' : 'faulted'));
    expect(
      live
        .given([])
        .when(...statuses)
        .state().recent,
    ).toHaveLength(RECENT_MESSAGES);
  });

  it('disconnects only the current connection, once; connects a connection once', () => {
    live
      .given([connected])
      .when({ kind: 'connected', chargerId: 'CP-1', connectionId: 'c1', protocol: 'ocpp1.6', at })
      .thenNothingHappened();
    live
      .given([connected])
      .when({ kind: 'disconnected', chargerId: 'CP-1', connectionId: 'old', reason: 'closed', at })
      .thenNothingHappened();
    const gone = live
      .given([connected])
      .when({ kind: 'disconnected', chargerId: 'CP-1', connectionId: 'c1', reason: 'closed', at })
      .thenTypes(['ChargerDisconnected']);
    live
      .given([connected, ...gone])
      .when({ kind: 'disconnected', chargerId: 'CP-1', connectionId: 'c1', reason: 'closed', at })
      .thenNothingHappened();
  });
});

describe('a charger presumed gone', () => {
  const silent: ChargerLiveEvent = { type: 'ChargerDisconnected', data: { chargerId: 'CP-1', connectionId: 'c1', reason: 'silent', at } };
  const closed: ChargerLiveEvent = { type: 'ChargerDisconnected', data: { chargerId: 'CP-1', connectionId: 'c1', reason: 'closed', at } };
  const alive = { kind: 'alive', chargerId: 'CP-1', connectionId: 'c1', at } as const;
  it('comes back online when the same connection speaks again, but not after its socket closed', () => {
    live.given([connected]).when(alive).thenNothingHappened();
    live
      .given([connected, silent])
      .when(alive)
      .then([{ ...connected, data: { ...connected.data, at } }]);
    live.given([connected, closed]).when(alive).thenNothingHappened();
    live.given([connected, silent]).when(status('m9', 'faulted')).thenTypes(['ChargerConnected', 'ConnectorStatusChanged']);
  });
});

describe('charger messages as live commands', () => {
  it('a boot and a status carry the connection and message ids (redeliveries are recognised by them)', () => {
    const booted: ChargerMessage = {
      type: 'Booted',
      reason: 'PowerUp',
      vendor: 'ABB',
      model: 'T',
      serialNumber: null,
      firmwareVersion: 'f2',
      iccid: 'i2',
      imsi: 's2',
    };
    expect(liveCommandOf(inbound(booted))).toEqual({
      kind: 'boot',
      data: {
        chargerId: 'CP-1',
        connectionId: 'c1',
        messageId: 'm1',
        reason: 'PowerUp',
        vendor: 'ABB',
        model: 'T',
        serialNumber: null,
        firmwareVersion: 'f2',
        iccid: 'i2',
        imsi: 's2',
        at,
      },
    });
    expect(
      liveCommandOf(inbound({ type: 'StatusReported', connectorId: 2, status: 'preparing', reportedStatus: 'Occupied', errorCode: null })),
    ).toEqual({
      kind: 'status',
      data: {
        chargerId: 'CP-1',
        connectionId: 'c1',
        messageId: 'm1',
        connectorId: 2,
        status: 'preparing',
        ocppStatus: 'Occupied',
        error: null,
        at,
      },
    });
    // A 1.6 fault keeps the charger's text and the vendor's code (ConnectorStatusChanged schema version 2).
    const fault: ChargerMessage = {
      type: 'StatusReported',
      connectorId: 1,
      status: 'faulted',
      reportedStatus: 'Faulted',
      errorCode: 'GroundFailure',
      errorInfo: 'RCD',
      vendorErrorCode: 'E-417',
    };
    expect(liveCommandOf(inbound(fault))).toMatchObject({
      kind: 'status',
      data: { error: { code: 'GroundFailure', info: 'RCD', vendorErrorCode: 'E-417' } },
    });
  });

  it('presence notes connect and disconnect; anything else is a sign of life', () => {
    expect(liveCommandOf(inbound({ type: 'Connected' }))).toEqual({
      kind: 'connected',
      chargerId: 'CP-1',
      connectionId: 'c1',
      protocol: 'ocpp2.0.1',
      at,
    });
    expect(liveCommandOf(inbound({ type: 'Disconnected' }))).toMatchObject({ kind: 'disconnected', reason: 'closed' });
    expect(liveCommandOf(inbound({ type: 'Silent' }))).toMatchObject({ kind: 'disconnected', reason: 'silent' });
    expect(liveCommandOf(inbound({ type: 'Heartbeat' }))).toEqual({ kind: 'alive', chargerId: 'CP-1', connectionId: 'c1', at });
    expect(liveCommandOf(inbound({ type: 'Notified', action: 'NotifyReport' }))).toMatchObject({ kind: 'alive' });
  });
});
