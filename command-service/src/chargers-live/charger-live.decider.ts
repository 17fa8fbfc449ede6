import type { ChargerBooted, ChargerLiveEvent, ConnectorStatus, ConnectorStatusChanged } from '@evc/contracts';
import type { Decider } from '../shared/decider';

/** What the telemetry consumer asks of a charger's live stream (one per inbound OCPP message). */
export type ChargerLiveCommand =
  | { kind: 'connected'; chargerId: string; connectionId: string; protocol: string; at: string }
  | { kind: 'disconnected'; chargerId: string; connectionId: string; reason: 'closed' | 'silent'; at: string }
  /** Any other message (Heartbeat): proof that the connection is alive. */
  | { kind: 'alive'; chargerId: string; connectionId: string; at: string }
  | { kind: 'boot'; data: ChargerBooted['data'] }
  | { kind: 'status'; data: ConnectorStatusChanged['data'] };

export interface ChargerLiveState {
  connectionId: string | null;
  protocol: string;
  online: boolean;
  /** Offline because nothing was heard (not because the socket closed): the same connection speaking again revives it. */
  silent: boolean;
  connectors: Record<number, ConnectorStatus>;
  /** The fault code each connector last reported (null: none): a new fault on a still-faulted connector is a change too. */
  faults: Record<number, string | null>;
  /** `<connectionId>/<messageId>` of the latest recorded messages: a redelivered message causes nothing. */
  recent: string[];
}

/** Enough for any redelivery window of the bus (a consumer restarts from its last committed offset). */
export const RECENT_MESSAGES = 64;
// The message id first: the keys of one charger share their long connection id, and `includes` compares each key
// from its start, so a key that leads with what differs is told apart at its first characters.
const keyOf = (d: { connectionId: string; messageId: string }) => `${d.messageId}@${d.connectionId}`;
const remember = (recent: string[], key: string) => [...recent, key].slice(-RECENT_MESSAGES);

/** A message from a connection that was only presumed gone brings the charger back online first. */
function revived(state: ChargerLiveState, c: { chargerId: string; connectionId: string; at: string }): ChargerLiveEvent[] {
  if (state.online || !state.silent || state.connectionId !== c.connectionId) return [];
  return [{ type: 'ChargerConnected', data: { chargerId: c.chargerId, connectionId: c.connectionId, protocol: state.protocol, at: c.at } }];
}

/**
 * `charger-live-<id>`: what a charger tells about itself. Idempotent under at-least-once delivery: a message already
 * recorded, a status that changes nothing (same status, same fault code), a second `connected` for the same connection, or the close of a
 * connection that was already replaced cause no event.
 */
export const chargerLiveDecider: Decider<ChargerLiveCommand, ChargerLiveEvent, ChargerLiveState> = {
  initialState: { connectionId: null, protocol: '', online: false, silent: false, connectors: {}, faults: {}, recent: [] },
  evolve(state, event) {
    switch (event.type) {
      case 'ChargerConnected':
        return { ...state, connectionId: event.data.connectionId, protocol: event.data.protocol, online: true, silent: false };
      case 'ChargerDisconnected':
        return { ...state, online: false, silent: event.data.reason === 'silent' };
      case 'ChargerBooted':
        return { ...state, recent: remember(state.recent, keyOf(event.data)) };
      case 'ConnectorStatusChanged':
        return {
          ...state,
          connectors: { ...state.connectors, [event.data.connectorId]: event.data.status },
          faults: { ...state.faults, [event.data.connectorId]: event.data.error?.code ?? null },
          recent: remember(state.recent, keyOf(event.data)),
        };
      default:
        return state;
    }
  },
  decide(command, state) {
    switch (command.kind) {
      case 'connected': {
        if (state.online && state.connectionId === command.connectionId) return [];
        const { chargerId, connectionId, protocol, at } = command;
        return [{ type: 'ChargerConnected', data: { chargerId, connectionId, protocol, at } }];
      }
      case 'disconnected': {
        if (!state.online || state.connectionId !== command.connectionId) return [];
        const { chargerId, connectionId, reason, at } = command;
        return [{ type: 'ChargerDisconnected', data: { chargerId, connectionId, reason, at } }];
      }
      case 'alive':
        return revived(state, command);
      case 'boot':
        return state.recent.includes(keyOf(command.data))
          ? []
          : [...revived(state, command.data), { type: 'ChargerBooted', data: command.data }];
      case 'status': {
        const d = command.data;
        if (state.recent.includes(keyOf(d))) return [];
        const back = revived(state, d);
        const same = state.connectors[d.connectorId] === d.status && (state.faults[d.connectorId] ?? null) === (d.error?.code ?? null);
        return same ? back : [...back, { type: 'ConnectorStatusChanged', data: d }];
      }
    }
  },
};
