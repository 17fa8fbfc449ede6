import { beforeEach, describe, expect, it } from 'vitest';
import type { WalletEvent } from '@evc/contracts';
import type { EventStore } from '@evc/platform';
import { newContext } from '../shared/command-context';
import { WalletService } from './wallet.service';
import type { WalletTransactionRequest } from './wallet-ledger';
import { tempEventStore } from '../shared/temp-event-store';

const context = newContext({ type: 'system', id: 'test' }, 'test');
const credit = (id: string, amount: number): WalletTransactionRequest => ({
  transactionId: `adjustment:${id}`,
  direction: 'credit',
  amount,
  kind: 'adjustment',
  reference: { type: 'adjustment', id },
  reason: 'test',
});
const debit = (id: string, amount: number): WalletTransactionRequest => ({ ...credit(id, amount), direction: 'debit' });

/** Every revision's balanceAfter equals the running sum of the transactions so far. */
async function assertLedgerConsistent(store: EventStore, customerId: string): Promise<number> {
  const history = await store.readStream(`wallet-${customerId}`);
  let sum = 0;
  history.forEach((e, revision) => {
    const event = { type: e.type, data: e.data } as WalletEvent;
    sum += event.type === 'WalletCredited' ? event.data.amount : -event.data.amount;
    expect({ revision, balanceAfter: event.data.balanceAfter }).toEqual({ revision, balanceAfter: sum });
    expect(sum).toBeGreaterThanOrEqual(0);
  });
  expect(new Set(history.map((e) => (e.data as { transactionId: string }).transactionId)).size).toBe(history.length);
  return sum;
}

describe('wallet service', () => {
  let store: EventStore;
  const temp = tempEventStore('evc-wallet-');
  beforeEach(() => void (store = temp()));

  it('1,000 concurrent random credits and debits end at the exact balance, consistent at every revision', async () => {
    const ledger = new WalletService(store);
    let seed = 42;
    const random = () => (seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31;
    const requests = Array.from({ length: 1000 }, (_, i) =>
      random() < 0.6 ? credit(`c${i}`, 1 + Math.floor(random() * 5000)) : debit(`d${i}`, 1 + Math.floor(random() * 5000)),
    );
    const outcomes = await Promise.allSettled(requests.map((tx) => ledger.record('cust-1', tx, context)));
    // The queue runs them in arrival order: replay that order to know which debits must have been refused.
    let expected = 0;
    requests.forEach((tx, i) => {
      const refused = tx.direction === 'debit' && expected - tx.amount < 0;
      if (refused) expect(outcomes[i]).toMatchObject({ status: 'rejected', reason: { code: 'wallet.insufficient_balance' } });
      else {
        expect(outcomes[i]).toMatchObject({ status: 'fulfilled', value: { recorded: true } });
        expected += tx.direction === 'credit' ? tx.amount : -tx.amount;
      }
    });
    expect(await ledger.balanceOf('cust-1')).toBe(expected);
    expect(await assertLedgerConsistent(store, 'cust-1')).toBe(expected);
  });

  it('two ledgers on one store (two processes) retry conflicts and never lose or double a transaction', async () => {
    const a = new WalletService(store);
    const b = new WalletService(store);
    await a.record('cust-2', credit('seed', 100_000), context);
    const requests = Array.from({ length: 200 }, (_, i) => (i % 3 === 0 ? debit(`d${i}`, 100 + i) : credit(`c${i}`, 50 + i)));
    // Each transaction is sent through both processes: one records it, the other finds it recorded.
    const results = await Promise.all(
      requests.flatMap((tx, i) =>
        i % 2
          ? [a.record('cust-2', tx, context), b.record('cust-2', tx, context)]
          : [b.record('cust-2', tx, context), a.record('cust-2', tx, context)],
      ),
    );
    expect(results.filter((r) => r.recorded)).toHaveLength(200);
    const expected = 100_000 + requests.reduce((s, tx) => s + (tx.direction === 'credit' ? tx.amount : -tx.amount), 0);
    expect(await assertLedgerConsistent(store, 'cust-2')).toBe(expected);
    expect(await a.balanceOf('cust-2')).toBe(expected);
    expect(await b.balanceOf('cust-2')).toBe(expected);
  });

  it('a repeated transaction id answers recorded: false and the current revision', async () => {
    const ledger = new WalletService(store);
    const first = await ledger.record('cust-3', credit('x', 500), context);
    const again = await ledger.record('cust-3', credit('x', 500), context);
    expect(first).toMatchObject({ recorded: true, revision: 0 });
    expect(again).toMatchObject({ recorded: false, revision: 0, position: first.position });
    expect(await ledger.balanceOf('cust-3')).toBe(500);
  });

  it('stamps the transaction time and occurredAt from its clock', async () => {
    const ledger = new WalletService(store, { now: () => new Date('2030-01-02T03:04:05.000Z') });
    await ledger.record('cust-4', credit('t', 100), context);
    const [event] = await store.readStream('wallet-cust-4');
    expect([(event!.data as { at: string }).at, event!.metadata.occurredAt]).toEqual([
      '2030-01-02T03:04:05.000Z',
      '2030-01-02T03:04:05.000Z',
    ]);
  });

  it('a session debit takes at most the balance, answers what was paid, and answers it again on a repeat', async () => {
    const ledger = new WalletService(store);
    await ledger.record('cust-5', credit('c', 2000), context);
    const session = {
      transactionId: 'session:s-1',
      amount: 5670,
      kind: 'session' as const,
      reference: { type: 'session' as const, id: 's-1' },
      reason: 'session',
    };
    const paid = await Promise.all(Array.from({ length: 5 }, () => ledger.debitUpToBalance('cust-5', session, context)));
    expect(paid).toEqual([2000, 2000, 2000, 2000, 2000]);
    expect(await ledger.debitUpToBalance('cust-5', { ...session, transactionId: 'session:s-2' }, context)).toBe(0);
    expect(await assertLedgerConsistent(store, 'cust-5')).toBe(0);
  });
});
