import type { PaymentProviderName, WalletTxKind } from './schemas';

/** A wallet transaction's link: what it pays for or where the money came from. */
export interface WalletReference {
  type: 'session' | 'payment' | 'adjustment' | 'booking';
  id: string;
}

/**
 * Events of `wallet-<customerId>`. `transactionId` is deterministic (`session:<id>`, `payment:<id>`,
 * `adjustment:<id>`): the decider records each once, so a replayed stop or callback never moves money twice.
 * `balanceAfter` is the balance with this transaction (balance = sum of the transactions, at every revision).
 */
interface WalletTxData {
  transactionId: string;
  customerId: string;
  amount: number;
  balanceAfter: number;
  kind: WalletTxKind;
  reference: WalletReference;
  /** Shown on the history line: the staff member's words, or a stable code the UI translates (e.g. `session`). */
  reason: string;
  at: string;
}
export type WalletCredited = { type: 'WalletCredited'; data: WalletTxData };
export type WalletDebited = { type: 'WalletDebited'; data: WalletTxData };
export type WalletEvent = WalletCredited | WalletDebited;

/** Events of `payment-<paymentId>`; the wallet is credited (transaction `payment:<id>`) only after PaymentCompleted. */
export type PaymentInitiated = {
  type: 'PaymentInitiated';
  data: {
    paymentId: string;
    customerId: string;
    amount: number;
    provider: PaymentProviderName;
    providerRef: string;
    checkoutUrl: string;
    at: string;
  };
};
export type PaymentCompleted = {
  type: 'PaymentCompleted';
  data: { paymentId: string; customerId: string; amount: number; providerTransactionId: string; at: string };
};
export type PaymentCanceled = { type: 'PaymentCanceled'; data: { paymentId: string; customerId: string; at: string } };
export type PaymentFailed = { type: 'PaymentFailed'; data: { paymentId: string; customerId: string; reason: string; at: string } };
export type PaymentEvent = PaymentInitiated | PaymentCompleted | PaymentCanceled | PaymentFailed;

/** `wallet-adjustment-<id>`: the adjustment id taken, with what it adjusts (then recorded on the wallet). */
export type WalletAdjustmentClaimed = {
  type: 'WalletAdjustmentClaimed';
  data: { adjustmentId: string; customerId: string; direction: 'credit' | 'debit'; amount: number; reason: string };
};

/** Every event of the wallet, payment and adjustment streams (their names are in `chargingStreams`). */
export type WalletContextEvent = WalletEvent | PaymentEvent | WalletAdjustmentClaimed;
