import type { TransactionBound } from '@evc/contracts';
import type { Decider } from '../shared/decider';
import { DomainError } from '../shared/domain-error';

/** `charger-tx-<chargerId>-<transactionId>`: created once; binding it again to the same session is a no-op. */
export const transactionBindingDecider: Decider<TransactionBound['data'], TransactionBound, { sessionId: string | null }> = {
  initialState: { sessionId: null },
  evolve: (_state, event) => ({ sessionId: event.data.sessionId }),
  decide(command, state) {
    if (state.sessionId === null) return [{ type: 'TransactionBound', data: command }];
    if (state.sessionId === command.sessionId) return [];
    throw new DomainError('concurrency.conflict', 'This transaction id belongs to another session');
  },
};
