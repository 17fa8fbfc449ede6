import type { AppTokenScope, IdTokenEvent } from '@evc/contracts';
import type { Decider } from '../shared/decider';
import { DomainError } from '../shared/domain-error';

/**
 * `id-token-<tag>`: whose token it is, and which session it has open (one per token; the app token is the
 * customer's, so this is also "one open session per customer").
 */
export type IdTokenStreamEvent = IdTokenEvent;

export type IdTokenCommand =
  | {
      kind: 'issue';
      idTag: string;
      customerId: string;
      tokenKind: 'app' | 'card';
      expiresAt: string | null;
      scope?: AppTokenScope;
      at: string;
    }
  /** `force`: a transaction already running at a charger (a card) opens whatever else is open. */
  | {
      kind: 'open';
      idTag: string;
      sessionId: string;
      chargerId: string;
      connectorId: number;
      at: string;
      replacing?: string;
      force?: boolean;
    }
  | { kind: 'close'; idTag: string; sessionId: string; at: string };

export interface IdTokenState {
  owner: { customerId: string; kind: 'app' | 'card'; expiresAt: string | null; scope: AppTokenScope | null } | null;
  blocked: boolean;
  open: { sessionId: string; chargerId: string; connectorId: number } | null;
}

export const idTokenDecider: Decider<IdTokenCommand, IdTokenStreamEvent, IdTokenState> = {
  initialState: { owner: null, blocked: false, open: null },
  evolve(state, event) {
    switch (event.type) {
      case 'IdTokenIssued':
        return {
          ...state,
          owner: {
            customerId: event.data.customerId,
            kind: event.data.kind,
            expiresAt: event.data.expiresAt,
            scope: event.data.scope ?? null,
          },
        };
      case 'IdTokenBlocked':
        return { ...state, blocked: true };
      case 'IdTokenUnblocked':
        return { ...state, blocked: false };
      case 'IdTokenSessionOpened': {
        const { sessionId, chargerId, connectorId } = event.data;
        return { ...state, open: { sessionId, chargerId, connectorId } };
      }
      case 'IdTokenSessionClosed':
        return state.open?.sessionId === event.data.sessionId ? { ...state, open: null } : state;
    }
  },
  decide(command, state) {
    const { idTag, at } = command;
    switch (command.kind) {
      case 'issue':
        if (!state.owner) {
          const { customerId, tokenKind: kind, expiresAt, scope } = command;
          return [{ type: 'IdTokenIssued', data: { idTag, customerId, kind, expiresAt, ...(scope ? { scope } : {}), at } }];
        }
        if (state.owner.customerId !== command.customerId)
          throw new DomainError('concurrency.conflict', 'This id token belongs to someone else');
        // A booking's token starts each of its sessions: each one's remote start gets its own window.
        if (command.scope && state.owner.scope && command.scope.sessionId !== state.owner.scope.sessionId) {
          const { customerId, tokenKind: kind, expiresAt, scope } = command;
          return [{ type: 'IdTokenIssued', data: { idTag, customerId, kind, expiresAt, scope, at } }];
        }
        return [];
      case 'open': {
        const { sessionId, chargerId, connectorId } = command;
        if (state.open?.sessionId === sessionId) return [];
        if (state.open && !command.force && state.open.sessionId !== command.replacing) {
          throw new DomainError('charging.active_session_exists', 'You already have a session open');
        }
        return [{ type: 'IdTokenSessionOpened', data: { idTag, sessionId, chargerId, connectorId, at } }];
      }
      case 'close':
        return state.open?.sessionId === command.sessionId
          ? [{ type: 'IdTokenSessionClosed', data: { idTag, sessionId: command.sessionId, at } }]
          : [];
    }
  },
};
