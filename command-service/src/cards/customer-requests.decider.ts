import type { CustomerCardRequestEvent } from '@evc/contracts';
import type { Decider } from '../shared/decider';
import { DomainError } from '../shared/domain-error';

export type CustomerRequestsCommand =
  /** `takeOver`: the open request, known to be closed (its release was lost) or never filed, so a new one may open. */
  { kind: 'open'; customerId: string; requestId: string; takeOver?: string } | { kind: 'close'; customerId: string; requestId: string };

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
    if (state.open && command.takeOver !== state.open) {
      throw new DomainError('cards.open_request_exists', 'You already have an open card request', [
        { path: 'requestId', code: 'open_request', params: { requestId: state.open } },
      ]);
    }
    const closeOld = state.open ? [{ type: 'CustomerCardRequestClosed' as const, data: { customerId, requestId: state.open } }] : [];
    return [...closeOld, { type: 'CustomerCardRequestOpened', data: { customerId, requestId } }];
  },
};
