import { describe, it } from 'vitest';
import type { WalletEvent } from '@evc/contracts';
import { DeciderSpecification } from '../shared/decider-specification';
import { walletDecider, type WalletCommand } from './wallet.decider';

const at = '2026-01-01T10:00:00.000Z';
const tx = (overrides: Partial<WalletCommand> = {}): WalletCommand => ({
  customerId: 'c-1',
  transactionId: 'payment:p-1',
  direction: 'credit',
  amount: 5000,
  kind: 'top_up',
  reference: { type: 'payment', id: 'p-1' },
  reason: 'top_up',
  at,
  ...overrides,
});
const credited = (transactionId: string, amount: number, balanceAfter: number): WalletEvent => ({
  type: 'WalletCredited',
  data: {
    transactionId,
    customerId: 'c-1',
    amount,
    balanceAfter,
    kind: 'top_up',
    reference: { type: 'payment', id: transactionId.split(':')[1]! },
    reason: 'top_up',
    at,
  },
});

const wallet = DeciderSpecification.for(walletDecider);

describe('wallet decider', () => {
  it('given an empty wallet, when credited, then WalletCredited with the balance after', () => {
    wallet
      .given([])
      .when(tx())
      .then([credited('payment:p-1', 5000, 5000)]);
  });

  it('given a recorded transaction, when the same transaction id comes again, then nothing moves', () => {
    wallet
      .given([credited('payment:p-1', 5000, 5000)])
      .when(tx({ amount: 9999 }))
      .thenNothingHappened();
  });

  it('given 50.00 EGP, when 20.00 EGP is debited, then WalletDebited leaves 30.00 EGP', () => {
    const debit = tx({
      transactionId: 'adjustment:a-1',
      direction: 'debit',
      amount: 2000,
      kind: 'adjustment',
      reference: { type: 'adjustment', id: 'a-1' },
      reason: 'Refund mistake',
    });
    wallet
      .given([credited('payment:p-1', 5000, 5000)])
      .when(debit)
      .then([
        {
          type: 'WalletDebited',
          data: {
            transactionId: 'adjustment:a-1',
            customerId: 'c-1',
            amount: 2000,
            balanceAfter: 3000,
            kind: 'adjustment',
            reference: { type: 'adjustment', id: 'a-1' },
            reason: 'Refund mistake',
            at,
          },
        },
      ]);
  });

  it('given 50.00 EGP, when 50.01 EGP is debited, then insufficient_balance', () => {
    wallet
      .given([credited('payment:p-1', 5000, 5000)])
      .when(tx({ transactionId: 'adjustment:a-2', direction: 'debit', amount: 5001 }))
      .thenThrows('wallet.insufficient_balance');
  });

  it('given 10.00 EGP, when a session debit of 15.00 EGP allows a negative balance, then the balance is -5.00 EGP', () => {
    wallet
      .given([credited('payment:p-1', 1000, 1000)])
      .when(tx({ transactionId: 'session:s-1', direction: 'debit', amount: 1500, kind: 'session', allowNegative: true }))
      .thenMatches([{ type: 'WalletDebited', data: { balanceAfter: -500, amount: 1500 } }]);
  });

  it('given 10.00 EGP, when a session debit of 15.00 EGP takes up to the balance, then 10.00 EGP is debited and the balance is 0', () => {
    wallet
      .given([credited('payment:p-1', 1000, 1000)])
      .when(tx({ transactionId: 'session:s-1', direction: 'debit', amount: 1500, kind: 'session', upToBalance: true }))
      .thenMatches([{ type: 'WalletDebited', data: { balanceAfter: 0, amount: 1000 } }]);
  });

  it('given 20.00 EGP, when a session debit of 15.00 EGP takes up to the balance, then all of it is debited', () => {
    wallet
      .given([credited('payment:p-1', 2000, 2000)])
      .when(tx({ transactionId: 'session:s-1', direction: 'debit', amount: 1500, kind: 'session', upToBalance: true }))
      .thenMatches([{ type: 'WalletDebited', data: { balanceAfter: 500, amount: 1500 } }]);
  });

  it('given an empty wallet, when a session debit takes up to the balance, then nothing is recorded', () => {
    wallet
      .given([])
      .when(tx({ transactionId: 'session:s-1', direction: 'debit', amount: 1500, kind: 'session', upToBalance: true }))
      .thenNothingHappened();
  });

  it('refuses a zero, negative or fractional amount', () => {
    for (const amount of [0, -1, 1.5]) wallet.given([]).when(tx({ amount })).thenThrows('request.invalid');
  });
});
