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
  /** A booking's fee may take the balance below zero (the slot was held); nothing else may. */
  allowNegative?: boolean;
  /**
   * A debit of at most what the wallet holds (a session's bill: the energy was delivered, and the wallet never goes
   * below zero through charging); nothing is recorded when the wallet holds nothing.
   */
  upToBalance?: boolean;
}

/**
 * The wallet as other contexts use it (charging bills sessions, payments credit top-ups). Implemented in
 * wallet.service.ts: one command at a time per wallet in this process, on a cached folded state.
 */
export interface WalletLedger {
  balanceOf(customerId: string): Promise<number>;
  /** `recorded: false` when this transactionId was already recorded (a replay): nothing moved. */
  record(customerId: string, tx: WalletTransactionRequest, context: CommandContext): Promise<CommandResult & { recorded: boolean }>;
  /**
   * A debit of at most what the wallet holds (`upToBalance`), once per transactionId: answers what the wallet paid for
   * it (now or on an earlier attempt), 0 when it held nothing.
   */
  debitUpToBalance(
    customerId: string,
    tx: Omit<WalletTransactionRequest, 'direction' | 'upToBalance' | 'allowNegative'>,
    context: CommandContext,
  ): Promise<number>;
}

export const WALLET_LEDGER = Symbol('WalletLedger');
