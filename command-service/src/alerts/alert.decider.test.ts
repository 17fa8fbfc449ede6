import { describe, expect, it } from 'vitest';
import type { AlertCause, AlertEvent } from '@evc/contracts';
import { DeciderSpecification } from '../shared/decider-specification';
import { alertDecider, type AlertCommand } from './alert.decider';

const at = '2026-03-01T09:00:00.000Z';
const later = '2026-03-01T09:05:00.000Z';
const alertId = '3f1c2b7a-9d4e-4c1a-8f2b-1a2b3c4d5e6f';
const cause: AlertCause = {
  connectorId: 1,
  errorCode: 'GroundFailure',
  info: 'RCD tripped',
  vendorErrorCode: 'E-042',
  since: at,
  transactionId: null,
  lastMeterAt: null,
};
const openData = { alertId, kind: 'faulted' as const, chargerId: 'CP-1', stationId: 'st-1', governorateId: 'gov-cairo', cause, at };
const opened: AlertEvent = { type: 'AlertOpened', data: openData };
const open = (id = alertId): AlertCommand => ({ kind: 'open', data: { ...openData, alertId: id } });
const ref = { alertId, kind: 'faulted' as const, chargerId: 'CP-1' };
const recovered: AlertEvent = {
  type: 'AlertResolved',
  data: { ...ref, by: 'recovered', recovery: 'Available', reason: null, at: later },
};

const alerts = DeciderSpecification.for(alertDecider);

describe('alert decider: an alert opens once and closes when the cause ends', () => {
  it('opens one alert per charger and kind: the same fault again while it is open causes nothing', () => {
    alerts.given([]).when(open()).then([opened]);
    alerts.given([opened]).when(open('7d2e1c3b-0000-4000-8000-000000000001')).thenNothingHappened();
  });

  it('resolves itself when the charger recovers; a recovery with nothing open causes nothing', () => {
    alerts.given([opened]).when({ kind: 'recover', recovery: 'Available', at: later }).then([recovered]);
    alerts.given([]).when({ kind: 'recover', recovery: 'Available', at: later }).thenNothingHappened();
    alerts.given([opened, recovered]).when({ kind: 'recover', recovery: 'Available', at: later }).thenNothingHappened();
  });

  it('opens a new alert when the cause comes back after a resolution', () => {
    const next = '7d2e1c3b-0000-4000-8000-000000000002';
    const events = alerts.given([opened, recovered]).when(open(next)).events();
    expect(events).toEqual([{ type: 'AlertOpened', data: { ...openData, alertId: next } }]);
  });

  it('staff acknowledge once, with why; a resolved alert cannot be acknowledged', () => {
    const ack: AlertCommand = { kind: 'acknowledge', alertId, reason: 'Technician on the way', at: later };
    alerts
      .given([opened])
      .when(ack)
      .then([{ type: 'AlertAcknowledged', data: { ...ref, reason: 'Technician on the way', at: later } }]);
    const acked: AlertEvent = { type: 'AlertAcknowledged', data: { ...ref, reason: 'x', at: later } };
    alerts.given([opened, acked]).when(ack).thenNothingHappened();
    alerts.given([opened, recovered]).when(ack).thenThrows('alerts.alert_resolved');
    alerts.given([]).when(ack).thenThrows('alerts.alert_not_found');
  });

  it('staff resolve by hand with why, once; the alert stays resolved when the charger recovers later', () => {
    const resolve: AlertCommand = { kind: 'resolve', alertId, reason: 'Replaced the RCD', at: later };
    const resolved: AlertEvent = {
      type: 'AlertResolved',
      data: { ...ref, by: 'staff', recovery: null, reason: 'Replaced the RCD', at: later },
    };
    alerts.given([opened]).when(resolve).then([resolved]);
    alerts.given([opened, resolved]).when(resolve).thenNothingHappened();
    alerts.given([opened, resolved]).when({ kind: 'recover', recovery: 'Available', at: later }).thenNothingHappened();
  });

  it('notes are kept once each, on open and resolved alerts alike', () => {
    const note: AlertCommand = {
      kind: 'note',
      alertId,
      noteId: 'a0000000-0000-4000-8000-000000000001',
      text: 'Called the site',
      at: later,
    };
    const noted: AlertEvent = {
      type: 'AlertNoted',
      data: { ...ref, noteId: 'a0000000-0000-4000-8000-000000000001', text: 'Called the site', at: later },
    };
    alerts.given([opened]).when(note).then([noted]);
    alerts.given([opened, noted]).when(note).thenNothingHappened();
    alerts.given([opened, recovered]).when(note).then([noted]);
  });

  it('records each mail once (opened, resolved)', () => {
    const mailed: AlertCommand = { kind: 'mailed', alertId, about: 'opened', staffIds: ['s-1'], outcome: 'sent', error: null, at: later };
    const event: AlertEvent = {
      type: 'AlertMailed',
      data: { ...ref, about: 'opened', staffIds: ['s-1'], outcome: 'sent', error: null, at: later },
    };
    alerts.given([opened]).when(mailed).then([event]);
    alerts.given([opened, event]).when(mailed).thenNothingHappened();
  });
});
