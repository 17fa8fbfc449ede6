import type { WalletCredited, WalletDebited, WalletEvent } from '@evc/contracts';
import type { Decider } from '../shared/decider';
import { DomainError } from '../shared/domain-error';
import type { WalletTransactionRequest } from './wallet-ledger';

/** Record one transaction on `wallet-<customerId>`; `at` comes from the caller's clock (the decider does no I/O). */
export type WalletCommand = WalletTransactionRequest & { customerId: string; at: string };

export interface WalletState {
  balance: number;
  /** Transaction ids already recorded: a repeat of one moves nothing. */
  recorded: ReadonlySet<string>;
}

export const walletDecider: Decider<WalletCommand, WalletEvent, WalletState> = {
  initialState: { balance: 0, recorded: new Set() },
  evolve(state, event) {
    const recorded = new Set(state.recorded).add(event.data.transactionId);
    return { balance: event.data.balanceAfter, recorded };
  },
  decide(command, state) {
    if (!Number.isSafeInteger(command.amount) || command.amount <= 0) {
      throw new DomainError('request.invalid', 'A wallet transaction moves a positive whole number of piastres', [
        { path: 'amount', code: 'invalid_amount' },
      ]);
    }
    if (state.recorded.has(command.transactionId)) return [];
    const credit = command.direction === 'credit';
    const amount = !credit && command.upToBalance ? Math.min(command.amount, Math.max(0, state.balance)) : command.amount;
    if (amount === 0) return [];
    const balanceAfter = state.balance + (credit ? amount : -amount);
    if (!credit && balanceAfter < 0 && !command.allowNegative) {
      throw new DomainError('wallet.insufficient_balance', `The balance (${state.balance} piastres) does not cover ${command.amount}`, [
        { path: 'amountEgp', code: 'insufficient_balance', params: { balance: state.balance } },
      ]);
    }
    const data = {
      transactionId: command.transactionId,
      customerId: command.customerId,
      amount,
      balanceAfter,
      kind: command.kind,
      reference: command.reference,
      reason: command.reason,
      at: command.at,
    };
    return [
      credit ? ({ type: 'WalletCredited', data } satisfies WalletCredited) : ({ type: 'WalletDebited', data } satisfies WalletDebited),
    ];
  },
};
