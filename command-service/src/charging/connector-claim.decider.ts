import { CHARGING_TIMING, type ConnectorClaimEvent } from '@evc/contracts';
import type { Decider } from '../shared/decider';
import { DomainError } from '../shared/domain-error';

export type ClaimCommand =
  | {
      kind: 'claim';
      chargerId: string;
      connectorId: number;
      sessionId: string;
      customerId: string;
      idTag: string;
      at: string;
      /** Whether the holder's session has a transaction (a claim with one is never taken over). */
      holderCharging: boolean;
      /** A card at the charger: the car is charging, whatever the phone asked before. */
      force?: boolean;
    }
  | { kind: 'release'; chargerId: string; connectorId: number; sessionId: string; at: string };

export interface ClaimState {
  open: { sessionId: string; customerId: string; idTag: string; at: string } | null;
}

/**
 * `connector-<chargerId>-<connectorId>`: at most one open claim (the lock of a start). A claim older than
 * CHARGING_TIMING.connectorClaimTtlMs whose session has no transaction may be taken over (a crashed start never
 * locks the connector).
 */
export const connectorClaimDecider: Decider<ClaimCommand, ConnectorClaimEvent, ClaimState> = {
  initialState: { open: null },
  evolve(state, event) {
    switch (event.type) {
      case 'ConnectorClaimed': {
        const { sessionId, customerId, idTag, at } = event.data;
        return { open: { sessionId, customerId, idTag, at } };
      }
      case 'ConnectorReleased':
        return state.open?.sessionId === event.data.sessionId ? { open: null } : state;
    }
  },
  decide(command, state) {
    const { chargerId, connectorId, sessionId, at } = command;
    if (command.kind === 'release')
      return state.open?.sessionId === sessionId ? [{ type: 'ConnectorReleased', data: { chargerId, connectorId, sessionId, at } }] : [];
    const claimed: ConnectorClaimEvent = {
      type: 'ConnectorClaimed',
      data: { chargerId, connectorId, sessionId, customerId: command.customerId, idTag: command.idTag, at },
    };
    if (!state.open) return [claimed];
    if (state.open.sessionId === sessionId) return [];
    const stale =
      !command.holderCharging && new Date(at).getTime() - new Date(state.open.at).getTime() >= CHARGING_TIMING.connectorClaimTtlMs;
    if (!stale && !command.force)
      throw new DomainError('charging.connector_busy', 'Another session holds this connector', [{ path: 'connectorId', code: 'busy' }]);
    return [{ type: 'ConnectorReleased', data: { chargerId, connectorId, sessionId: state.open.sessionId, at } }, claimed];
  },
};
