import { describe, it } from 'vitest';
import type { PaymentEvent } from '@evc/contracts';
import { DeciderSpecification } from '../shared/decider-specification';
import { paymentDecider } from './payment.decider';

/** Paymob lets a declined payer try again on the same order; the success is credited once. */
const at = '2026-01-01T10:00:00.000Z';
const initiated: PaymentEvent = {
  type: 'PaymentInitiated',
  data: {
    paymentId: 'p-1',
    customerId: 'c-1',
    amount: 5000,
    provider: 'paymob',
    providerRef: 'order-1',
    checkoutUrl: 'https://accept.example/checkout',
    at,
  },
};
const declined: PaymentEvent = { type: 'PaymentFailed', data: { paymentId: 'p-1', customerId: 'c-1', reason: 'Do not honour', at } };
const canceled: PaymentEvent = { type: 'PaymentCanceled', data: { paymentId: 'p-1', customerId: 'c-1', at } };
const paid = (tx: string): PaymentEvent => ({
  type: 'PaymentCompleted',
  data: { paymentId: 'p-1', customerId: 'c-1', amount: 5000, providerTransactionId: tx, at },
});
const complete = (tx: string) => ({
  kind: 'complete' as const,
  data: { paymentId: 'p-1', customerId: 'c-1', amount: 5000, providerTransactionId: tx, at },
});
const fail = { kind: 'fail' as const, data: { paymentId: 'p-1', customerId: 'c-1', reason: 'Insufficient funds', at } };

const payments = DeciderSpecification.for(paymentDecider);

describe('a payment retried after a decline', () => {
  it('given a declined attempt, when a later attempt succeeds, then PaymentCompleted (credited once by the callbacks)', () => {
    payments
      .given([initiated, declined])
      .when(complete('tx-2'))
      .then([paid('tx-2')]);
  });

  it('given a completion, a further success or decline changes nothing (one credit per order)', () => {
    payments
      .given([initiated, declined, paid('tx-2')])
      .when(complete('tx-3'))
      .thenNothingHappened();
    payments
      .given([initiated, paid('tx-1')])
      .when(fail)
      .thenNothingHappened();
  });

  it('given a second decline, nothing more is recorded; a cancellation stays final', () => {
    payments.given([initiated, declined]).when(fail).thenNothingHappened();
    payments.given([initiated, canceled]).when(complete('tx-4')).thenNothingHappened();
  });
});
