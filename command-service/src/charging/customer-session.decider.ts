import type { CustomerSessionEvent } from '@evc/contracts';
import type { Decider } from '../shared/decider';
import { DomainError } from '../shared/domain-error';

/** The open claim a start judged over (ended, or dead before its session began): replaced only if it is still that one. */
export interface ReplacedClaim {
  sessionId: string;
  confirmed: boolean;
}

export type CustomerSessionCommand =
  | { kind: 'claim'; customerId: string; sessionId: string; at: string; replacing?: ReplacedClaim }
  /** The claim's session is requested: from now on only its ending (or its timeout) frees the claim. */
  | { kind: 'confirm'; customerId: string; sessionId: string; at: string }
  | { kind: 'release'; customerId: string; sessionId: string; at: string };

export interface CustomerSessionState {
  open: { sessionId: string; at: string; confirmed: boolean } | null;
}

const busy = () => new DomainError('charging.active_session_exists', 'You already have a session open');

/**
 * `customer-session-<customerId>`: a customer holds at most one open phone session. Every start claims the stream with
 * its revision before anything else, so concurrent starts of one customer are decided one after the other. A claim
 * is replaced only as the start judged it (`replacing` names its session and whether it was confirmed): if it changed
 * meanwhile (its session was confirmed, or another start took it), the start is refused.
 */
export const customerSessionDecider: Decider<CustomerSessionCommand, CustomerSessionEvent, CustomerSessionState> = {
  initialState: { open: null },
  evolve(state, event) {
    const { sessionId, at } = event.data;
    switch (event.type) {
      case 'CustomerSessionClaimed':
        return { open: { sessionId, at, confirmed: false } };
      case 'CustomerSessionConfirmed':
        return state.open?.sessionId === sessionId ? { open: { ...state.open, confirmed: true } } : state;
      case 'CustomerSessionReleased':
        return state.open?.sessionId === sessionId ? { open: null } : state;
    }
  },
  decide(command, state) {
    const { customerId, sessionId, at } = command;
    const open = state.open;
    switch (command.kind) {
      case 'claim': {
        const claimed: CustomerSessionEvent = { type: 'CustomerSessionClaimed', data: { customerId, sessionId, at } };
        if (!open) return [claimed];
        if (open.sessionId === sessionId) return [];
        const r = command.replacing;
        if (!r || r.sessionId !== open.sessionId || r.confirmed !== open.confirmed) throw busy();
        return [{ type: 'CustomerSessionReleased', data: { customerId, sessionId: open.sessionId, at } }, claimed];
      }
      case 'confirm':
        // Another start took the claim over (this one was judged dead): its session must not go on.
        if (open?.sessionId !== sessionId) throw busy();
        return open.confirmed ? [] : [{ type: 'CustomerSessionConfirmed', data: { customerId, sessionId, at } }];
      case 'release':
        return open?.sessionId === sessionId ? [{ type: 'CustomerSessionReleased', data: { customerId, sessionId, at } }] : [];
    }
  },
};
