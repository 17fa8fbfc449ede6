import { isOpenCardRequest, type CardRequestStatus, type CustomerCardRequestEvent } from '@evc/contracts';
import type { Decider } from '../shared/decider';
import { DomainError } from '../shared/domain-error';

/** How long a lock whose request was never filed is kept before another request may take it over. */
export const LOCK_GRACE_MS = 60_000;

/** What the opener found of the request that holds the lock: its status (null: never filed) and when it took the lock. */
export interface HeldRequest {
  requestId: string;
  status: CardRequestStatus | null;
  lockedAt: string | null;
}

export type CustomerRequestsCommand =
  /** `held`: the request holding the lock, as the opener read it; `at`: the time the lapse is judged at. */
  | { kind: 'open'; customerId: string; requestId: string; at: string; held?: HeldRequest }
  | { kind: 'close'; customerId: string; requestId: string };

/**
 * Whether the held request's lock has lapsed at `at`: its request is closed (its release was lost), or it was never
 * filed and the lock is older than LOCK_GRACE_MS (a crash between the two steps). A request being filed right now
 * holds its lock, so concurrent filings open one request.
 */
export function lockLapsed(held: HeldRequest, at: string): boolean {
  if (held.status) return !isOpenCardRequest(held.status);
  const lockedAt = Date.parse(held.lockedAt ?? '');
  return !Number.isFinite(lockedAt) || Date.parse(at) - lockedAt > LOCK_GRACE_MS;
}

/** `card-customer-<customerId>`: one open card request at a time per customer (the lock a request takes). */
export const customerRequestsDecider: Decider<CustomerRequestsCommand, CustomerCardRequestEvent, { open: string | null }> = {
  initialState: { open: null },
  evolve: (state, event) =>
    event.type === 'CustomerCardRequestOpened'
      ? { open: event.data.requestId }
      : state.open === event.data.requestId
        ? { open: null }
        : state,
  decide(command, state) {
    const { customerId, requestId } = command;
    if (command.kind === 'close')
      return state.open === requestId ? [{ type: 'CustomerCardRequestClosed', data: { customerId, requestId } }] : [];
    if (state.open === requestId) return [];
    const { held } = command;
    // Taking over names the request the opener found lapsed: one opened since is not taken.
    const takesOver = held !== undefined && held.requestId === state.open && lockLapsed(held, command.at);
    if (state.open && !takesOver) {
      throw new DomainError('cards.open_request_exists', 'You already have an open card request', [
        { path: 'requestId', code: 'open_request', params: { requestId: state.open } },
      ]);
    }
    const closeOld = state.open ? [{ type: 'CustomerCardRequestClosed' as const, data: { customerId, requestId: state.open } }] : [];
    return [...closeOld, { type: 'CustomerCardRequestOpened', data: { customerId, requestId } }];
  },
};
