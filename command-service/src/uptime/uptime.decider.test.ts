import { describe, it } from 'vitest';
import type { UptimeEvent } from '@evc/contracts';
import { DeciderSpecification } from '../shared/decider-specification';
import { stationUptimeDecider, type UptimeCommand } from './uptime.decider';

const now = '2026-03-10T08:00:00.000Z';
const window = {
  stationId: 'cai-zamalek',
  maintenanceId: '0b7f3c1e-3a52-4f62-9f0b-6b4f3a0e2c11',
  chargerId: 'CP1',
  connectorId: null,
  from: '2026-03-10T12:00:00.000Z',
  to: '2026-03-10T14:00:00.000Z',
};
const declared: UptimeEvent = { type: 'MaintenanceDeclared', data: { ...window, at: now } };
const declare = (w = window, at = now): UptimeCommand => ({ kind: 'declare', window: w, now: at });
const cancel = (at = now): UptimeCommand => ({ kind: 'cancel', stationId: 'cai-zamalek', maintenanceId: window.maintenanceId, now: at });

const station = DeciderSpecification.for(stationUptimeDecider);

describe('station uptime decider', () => {
  it('declares a window once: the same again is a no-op, another under its id is refused', () => {
    station.given([]).when(declare()).then([declared]);
    station.given([declared]).when(declare()).thenNothingHappened();
    station
      .given([declared])
      .when(declare({ ...window, to: '2026-03-10T15:00:00.000Z' }))
      .thenThrows('uptime.maintenance_exists');
  });

  it('a window is declared before it begins (a few minutes of grace), so measured uptime is not rewritten', () => {
    station.given([]).when(declare(window, '2026-03-10T12:10:00.000Z')).thenTypes(['MaintenanceDeclared']);
    station.given([]).when(declare(window, '2026-03-10T12:16:00.000Z')).thenThrows('uptime.maintenance_in_past');
  });

  it('a declaration is withdrawn only before its window begins, once', () => {
    station.given([declared]).when(cancel()).thenTypes(['MaintenanceCancelled']);
    station.given([declared]).when(cancel('2026-03-10T12:00:00.000Z')).thenThrows('uptime.maintenance_started');
    station.given([]).when(cancel()).thenThrows('uptime.maintenance_not_found');
    station
      .given([declared, { type: 'MaintenanceCancelled', data: { stationId: 'cai-zamalek', maintenanceId: window.maintenanceId, at: now } }])
      .when(cancel())
      .thenNothingHappened();
  });

  it('the target starts at 97 % and records what it replaced; the same target again is a no-op', () => {
    station
      .given([])
      .when({ kind: 'setTarget', stationId: 'cai-zamalek', targetBp: 9850, now })
      .then([{ type: 'UptimeTargetSet', data: { stationId: 'cai-zamalek', targetBp: 9850, previousBp: 9700, at: now } }]);
    station.given([]).when({ kind: 'setTarget', stationId: 'cai-zamalek', targetBp: 9700, now }).thenNothingHappened();
  });
});
