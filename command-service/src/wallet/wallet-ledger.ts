import type { CommandResult, WalletReference, WalletTxKind } from '@evc/contracts';
import type { CommandContext } from '../shared/command-context';

/** One transaction to record on `wallet-<customerId>`; `transactionId` is deterministic and recorded once. */
export interface WalletTransactionRequest {
  transactionId: string;
  direction: 'credit' | 'debit';
  /** Piastres, > 0. */
  amount: number;
  kind: WalletTxKind;
  reference: WalletReference;
  reason: string;
  /** A session's debit may take the balance below zero (the energy was delivered); nothing else may. */
  allowNegative?: boolean;
}

/**
 * The wallet as other contexts use it (charging bills sessions, payments credit top-ups). Implemented in
 * wallet.service.ts: one command at a time per wallet in this process, on a cached folded state.
 */
export interface WalletLedger {
  balanceOf(customerId: string): Promise<number>;
  /** `recorded: false` when this transactionId was already recorded (a replay): nothing moved. */
  record(customerId: string, tx: WalletTransactionRequest, context: CommandContext): Promise<CommandResult & { recorded: boolean }>;
}

export const WALLET_LEDGER = Symbol('WalletLedger');
