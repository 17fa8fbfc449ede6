import { describe, expect, it } from 'vitest';
import type { PaymentEvent } from '@evc/contracts';
import { fold } from '../shared/decider';
import { paymentDecider } from './payment.decider';

const at = '2026-01-01T10:00:00.000Z';
const initiated: PaymentEvent = {
  type: 'PaymentInitiated',
  data: { paymentId: 'p-1', customerId: 'c-1', amount: 5000, provider: 'sandbox', providerRef: 'sandbox-p-1', checkoutUrl: '/api/payments/sandbox/p-1', at },
};
const completed: PaymentEvent = { type: 'PaymentCompleted', data: { paymentId: 'p-1', customerId: 'c-1', amount: 5000, providerTransactionId: 't-1', at } };
const complete = (amount = 5000) => ({ kind: 'complete' as const, data: { paymentId: 'p-1', customerId: 'c-1', amount, providerTransactionId: 't-1', at } });

describe('payment decider', () => {
  it('given nothing, when initiated, then PaymentInitiated; the same top-up again records nothing', () => {
    expect(paymentDecider.decide({ kind: 'initiate', data: initiated.data as never }, paymentDecider.initialState)).toEqual([initiated]);
    const again = { ...(initiated.data as object), providerRef: 'other', at: 'later' } as never;
    expect(paymentDecider.decide({ kind: 'initiate', data: again }, fold(paymentDecider, [initiated]))).toEqual([]);
  });

  it('given a payment of another customer or amount under the same id, when initiated, then a conflict', () => {
    const other = { ...(initiated.data as object), customerId: 'c-2' } as never;
    expect(() => paymentDecider.decide({ kind: 'initiate', data: other }, fold(paymentDecider, [initiated]))).toThrow(expect.objectContaining({ code: 'concurrency.conflict' }));
  });

  it('given an initiated payment, when completed with its amount, then PaymentCompleted', () => {
    expect(paymentDecider.decide(complete(), fold(paymentDecider, [initiated]))).toEqual([completed]);
  });

  it('given an initiated payment, when a callback carries another amount, then invalid_callback and nothing recorded', () => {
    expect(() => paymentDecider.decide(complete(4999), fold(paymentDecider, [initiated]))).toThrow(expect.objectContaining({ code: 'payments.invalid_callback' }));
  });

  it('given an outcome, when any later callback comes (repeat, cancel, failure), then nothing', () => {
    const state = fold(paymentDecider, [initiated, completed]);
    expect(paymentDecider.decide(complete(), state)).toEqual([]);
    expect(paymentDecider.decide({ kind: 'cancel', data: { paymentId: 'p-1', customerId: 'c-1', at } }, state)).toEqual([]);
    expect(paymentDecider.decide({ kind: 'fail', data: { paymentId: 'p-1', customerId: 'c-1', reason: 'x', at } }, state)).toEqual([]);
    const canceled = fold(paymentDecider, [initiated, { type: 'PaymentCanceled', data: { paymentId: 'p-1', customerId: 'c-1', at } }]);
    expect(paymentDecider.decide(complete(), canceled)).toEqual([]);
  });

  it('given no payment, when a callback comes, then payment_not_found', () => {
    expect(() => paymentDecider.decide(complete(), paymentDecider.initialState)).toThrow(expect.objectContaining({ code: 'payments.payment_not_found' }));
  });
});
