import type { AlertCause, AlertEvent, AlertKind, AlertOpened } from '@evc/contracts';
import type { Decider } from '../shared/decider';
import { DomainError } from '../shared/domain-error';

type Ref = { alertId: string; at: string };

/** What may happen to the alerts of one charger and kind (`alerts-<kind>-<chargerId>`). */
export type AlertCommand =
  /** The cause was seen: opens an alert unless one is open (the claim: one open alert per charger and kind). */
  | { kind: 'open'; data: AlertOpened['data'] }
  /** The charger's own report ended the cause: resolves the open alert, if any. */
  | { kind: 'recover'; recovery: string; at: string }
  | (Ref & { kind: 'acknowledge'; reason: string })
  | (Ref & { kind: 'resolve'; reason: string })
  | (Ref & { kind: 'note'; noteId: string; text: string })
  | (Ref & { kind: 'mailed'; about: 'opened' | 'resolved'; staffIds: string[]; outcome: 'sent' | 'failed' | 'none'; error: string | null });

export interface AlertOccurrence {
  state: 'open' | 'acknowledged' | 'resolved';
  cause: AlertCause;
  stationId: string | null;
  governorateId: string | null;
  openedAt: string;
  notes: string[];
  mailed: ('opened' | 'resolved')[];
  /** What ended it: the charger's report, or the staff member's why. */
  resolution: string | null;
}

export interface AlertStreamState {
  chargerId: string | null;
  kind: AlertKind | null;
  /** The alert open now (open or acknowledged), if any. */
  current: string | null;
  alerts: Record<string, AlertOccurrence>;
}

const notFound = () => new DomainError('alerts.alert_not_found', 'No such alert', [{ path: 'alertId', code: 'not_found' }]);
const resolvedAlready = () => new DomainError('alerts.alert_resolved', 'The alert is resolved', [{ path: 'alertId', code: 'resolved' }]);

const patch = (state: AlertStreamState, alertId: string, change: (a: AlertOccurrence) => Partial<AlertOccurrence>): AlertStreamState => {
  const alert = state.alerts[alertId];
  return alert ? { ...state, alerts: { ...state.alerts, [alertId]: { ...alert, ...change(alert) } } } : state;
};

/**
 * `alerts-<kind>-<chargerId>`: the alerts of one kind on one charger, one after the other. Opening is idempotent while
 * one is open (a fault reported twenty times opens one alert; concurrent reports lose the append race, reload and
 * decide nothing). A recovery without an open alert, a second acknowledgement, a resolution of a resolved alert, a
 * note or a mail already recorded cause nothing.
 */
export const alertDecider: Decider<AlertCommand, AlertEvent, AlertStreamState> = {
  initialState: { chargerId: null, kind: null, current: null, alerts: {} },
  evolve(state, event) {
    const { alertId } = event.data;
    switch (event.type) {
      case 'AlertOpened': {
        const { cause, stationId, governorateId, at } = event.data;
        const alert: AlertOccurrence = {
          state: 'open',
          cause,
          stationId,
          governorateId,
          openedAt: at,
          notes: [],
          mailed: [],
          resolution: null,
        };
        return { chargerId: event.data.chargerId, kind: event.data.kind, current: alertId, alerts: { ...state.alerts, [alertId]: alert } };
      }
      case 'AlertAcknowledged':
        return patch(state, alertId, () => ({ state: 'acknowledged' }));
      case 'AlertNoted':
        return patch(state, alertId, (a) => ({ notes: [...a.notes, event.data.noteId] }));
      case 'AlertResolved': {
        const resolved = patch(state, alertId, () => ({ state: 'resolved', resolution: event.data.recovery ?? event.data.reason }));
        return { ...resolved, current: state.current === alertId ? null : state.current };
      }
      case 'AlertMailed':
        return patch(state, alertId, (a) => ({ mailed: [...a.mailed, event.data.about] }));
      default:
        return state;
    }
  },
  decide(command, state) {
    if (command.kind === 'open') return state.current ? [] : [{ type: 'AlertOpened', data: command.data }];
    if (command.kind === 'recover') {
      if (!state.current || !state.chargerId || !state.kind) return [];
      const { chargerId, kind, current: alertId } = state;
      return [
        {
          type: 'AlertResolved',
          data: { alertId, kind, chargerId, by: 'recovered', recovery: command.recovery, reason: null, at: command.at },
        },
      ];
    }
    const alert = state.alerts[command.alertId];
    if (!alert || !state.chargerId || !state.kind) throw notFound();
    const ref = { alertId: command.alertId, kind: state.kind, chargerId: state.chargerId, at: command.at };
    switch (command.kind) {
      case 'acknowledge':
        if (alert.state === 'resolved') throw resolvedAlready();
        return alert.state === 'acknowledged' ? [] : [{ type: 'AlertAcknowledged', data: { ...ref, reason: command.reason } }];
      case 'resolve':
        return alert.state === 'resolved'
          ? []
          : [{ type: 'AlertResolved', data: { ...ref, by: 'staff', recovery: null, reason: command.reason } }];
      case 'note':
        return alert.notes.includes(command.noteId)
          ? []
          : [{ type: 'AlertNoted', data: { ...ref, noteId: command.noteId, text: command.text } }];
      case 'mailed': {
        if (alert.mailed.includes(command.about)) return [];
        const { about, staffIds, outcome, error } = command;
        return [{ type: 'AlertMailed', data: { ...ref, about, staffIds, outcome, error } }];
      }
    }
  },
};
