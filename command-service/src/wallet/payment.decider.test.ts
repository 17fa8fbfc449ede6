import { describe, it } from 'vitest';
import type { PaymentEvent } from '@evc/contracts';
import { DeciderSpecification } from '../shared/decider-specification';
import { paymentDecider } from './payment.decider';

const at = '2026-01-01T10:00:00.000Z';
const initiated: PaymentEvent = {
  type: 'PaymentInitiated',
  data: {
    paymentId: 'p-1',
    customerId: 'c-1',
    amount: 5000,
    provider: 'sandbox',
    providerRef: 'sandbox-p-1',
    checkoutUrl: '/api/payments/sandbox/p-1',
    at,
  },
};
const completed: PaymentEvent = {
  type: 'PaymentCompleted',
  data: { paymentId: 'p-1', customerId: 'c-1', amount: 5000, providerTransactionId: 't-1', at },
};
const complete = (amount = 5000) => ({
  kind: 'complete' as const,
  data: { paymentId: 'p-1', customerId: 'c-1', amount, providerTransactionId: 't-1', at },
});

const payments = DeciderSpecification.for(paymentDecider);

describe('payment decider', () => {
  it('given nothing, when initiated, then PaymentInitiated; the same top-up again records nothing', () => {
    payments
      .given([])
      .when({ kind: 'initiate', data: initiated.data as never })
      .then([initiated]);
    const again = { ...(initiated.data as object), providerRef: 'other', at: 'later' } as never;
    payments.given([initiated]).when({ kind: 'initiate', data: again }).thenNothingHappened();
  });

  it('given a payment of another customer or amount under the same id, when initiated, then a conflict', () => {
    const other = { ...(initiated.data as object), customerId: 'c-2' } as never;
    payments.given([initiated]).when({ kind: 'initiate', data: other }).thenThrows('request.duplicate_id');
  });

  it('given an initiated payment, when completed with its amount, then PaymentCompleted', () => {
    payments.given([initiated]).when(complete()).then([completed]);
  });

  it('given an initiated payment, when a callback carries another amount, then invalid_callback and nothing recorded', () => {
    payments.given([initiated]).when(complete(4999)).thenThrows('payments.invalid_callback');
  });

  it('given an outcome, when any later callback comes (repeat, cancel, failure), then nothing', () => {
    const done = payments.given([initiated, completed]);
    done.when(complete()).thenNothingHappened();
    done.when({ kind: 'cancel', data: { paymentId: 'p-1', customerId: 'c-1', at } }).thenNothingHappened();
    done.when({ kind: 'fail', data: { paymentId: 'p-1', customerId: 'c-1', reason: 'x', at } }).thenNothingHappened();
    payments
      .given([initiated, { type: 'PaymentCanceled', data: { paymentId: 'p-1', customerId: 'c-1', at } }])
      .when(complete())
      .thenNothingHappened();
  });

  it('given no payment, when a callback comes, then payment_not_found', () => {
    payments.given([]).when(complete()).thenThrows('payments.payment_not_found');
  });
});
