import type { PaymentCanceled, PaymentCompleted, PaymentEvent, PaymentFailed, PaymentInitiated } from '@evc/contracts';
import type { Decider } from '../shared/decider';
import { DomainError } from '../shared/domain-error';

export type PaymentCommand =
  | { kind: 'initiate'; data: PaymentInitiated['data'] }
  | { kind: 'complete'; data: PaymentCompleted['data'] }
  | { kind: 'cancel'; data: PaymentCanceled['data'] }
  | { kind: 'fail'; data: PaymentFailed['data'] };

export interface PaymentState {
  initiated: PaymentInitiated['data'] | null;
  outcome: 'completed' | 'canceled' | 'failed' | null;
}

const notFound = () => new DomainError('payments.payment_not_found', 'No such payment', [{ path: 'paymentId', code: 'not_found' }]);

/**
 * `payment-<paymentId>`: initiated once, then its outcome. A declined attempt is not final: Paymob lets the payer
 * try again on the same order (each attempt is a transaction with its own callback), so a completion after a
 * failure is recorded and credited once. Completion and cancellation are final; nothing after them changes anything.
 */
export const paymentDecider: Decider<PaymentCommand, PaymentEvent, PaymentState> = {
  initialState: { initiated: null, outcome: null },
  evolve(state, event) {
    switch (event.type) {
      case 'PaymentInitiated':
        return { ...state, initiated: event.data };
      case 'PaymentCompleted':
        return { ...state, outcome: 'completed' };
      case 'PaymentCanceled':
        return { ...state, outcome: 'canceled' };
      case 'PaymentFailed':
        return { ...state, outcome: 'failed' };
    }
  },
  decide(command, state) {
    if (command.kind === 'initiate') {
      if (!state.initiated) return [{ type: 'PaymentInitiated', data: command.data }];
      const same = state.initiated.customerId === command.data.customerId && state.initiated.amount === command.data.amount;
      if (same) return [];
      throw new DomainError('request.duplicate_id', 'Another payment has this id', [{ path: 'paymentId', code: 'exists' }]);
    }
    if (!state.initiated || state.initiated.customerId !== command.data.customerId) throw notFound();
    const retriedAfterFailure = state.outcome === 'failed' && command.kind === 'complete';
    if (state.outcome && !retriedAfterFailure) return [];
    switch (command.kind) {
      case 'complete':
        if (command.data.amount !== state.initiated.amount) {
          throw new DomainError('payments.invalid_callback', `Paid ${command.data.amount}, expected ${state.initiated.amount}`, [
            { path: 'amount', code: 'mismatch' },
          ]);
        }
        return [{ type: 'PaymentCompleted', data: command.data }];
      case 'cancel':
        return [{ type: 'PaymentCanceled', data: command.data }];
      case 'fail':
        return [{ type: 'PaymentFailed', data: command.data }];
    }
  },
};
