import { DEFAULT_TARGET_BP, type MaintenanceDeclared, type UptimeEvent } from '@evc/contracts';
import type { Decider } from '../shared/decider';
import { DomainError } from '../shared/domain-error';

type Window = Omit<MaintenanceDeclared['data'], 'at'>;

export interface StationUptimeState {
  maintenance: Record<string, Window & { cancelled: boolean }>;
  targetBp: number;
}

export type UptimeCommand =
  | { kind: 'declare'; window: Window; now: string }
  | { kind: 'cancel'; stationId: string; maintenanceId: string; now: string }
  | { kind: 'setTarget'; stationId: string; targetBp: number; now: string };

/** How far in the past a declared window may begin: the minutes a person takes to fill in the form. */
export const DECLARE_GRACE_MS = 15 * 60_000;

const same = (a: Window, b: Window) =>
  a.chargerId === b.chargerId &&
  a.connectorId === b.connectorId &&
  Date.parse(a.from) === Date.parse(b.from) &&
  Date.parse(a.to) === Date.parse(b.to);

/**
 * `uptime-station-<stationId>`: planned maintenance is declared before it begins (a window starting in the past would
 * rewrite uptime already measured), withdrawn only before it begins, and recorded once per client-chosen id. The
 * target is in basis points; setting the one in force is a no-op.
 */
export const stationUptimeDecider: Decider<UptimeCommand, UptimeEvent, StationUptimeState> = {
  initialState: { maintenance: {}, targetBp: DEFAULT_TARGET_BP },
  evolve(state, event) {
    switch (event.type) {
      case 'MaintenanceDeclared': {
        const { at: _at, ...window } = event.data;
        return { ...state, maintenance: { ...state.maintenance, [window.maintenanceId]: { ...window, cancelled: false } } };
      }
      case 'MaintenanceCancelled': {
        const m = state.maintenance[event.data.maintenanceId];
        return m ? { ...state, maintenance: { ...state.maintenance, [m.maintenanceId]: { ...m, cancelled: true } } } : state;
      }
      case 'UptimeTargetSet':
        return { ...state, targetBp: event.data.targetBp };
    }
  },
  decide(command, state) {
    switch (command.kind) {
      case 'declare': {
        const { window, now } = command;
        const existing = state.maintenance[window.maintenanceId];
        if (existing) {
          if (same(existing, window)) return [];
          throw new DomainError('uptime.maintenance_exists', 'Another maintenance was declared under this id', [
            { path: 'maintenanceId', code: 'exists' },
          ]);
        }
        if (Date.parse(window.from) < Date.parse(now) - DECLARE_GRACE_MS)
          throw new DomainError('uptime.maintenance_in_past', 'Planned maintenance is declared before it begins', [
            { path: 'from', code: 'in_past' },
          ]);
        return [{ type: 'MaintenanceDeclared', data: { ...window, at: now } }];
      }
      case 'cancel': {
        const m = state.maintenance[command.maintenanceId];
        if (!m)
          throw new DomainError('uptime.maintenance_not_found', 'No such maintenance', [{ path: 'maintenanceId', code: 'not_found' }]);
        if (m.cancelled) return [];
        if (Date.parse(m.from) <= Date.parse(command.now))
          throw new DomainError('uptime.maintenance_started', 'The maintenance window has begun');
        return [{ type: 'MaintenanceCancelled', data: { stationId: command.stationId, maintenanceId: m.maintenanceId, at: command.now } }];
      }
      case 'setTarget':
        if (command.targetBp === state.targetBp) return [];
        return [
          {
            type: 'UptimeTargetSet',
            data: { stationId: command.stationId, targetBp: command.targetBp, previousBp: state.targetBp, at: command.now },
          },
        ];
    }
  },
};
