/** Read models of charging, the wallet, payments, notifications and cars, shared by projections and queries. */
export const CHARGING_RM = {
  /** One document per session: the detail view with readings and timeline, plus customerId / customerName. */
  sessions: 'sessions',
  /** One document per wallet transaction (`<customerId>|<transactionId>`). */
  walletTransactions: 'wallet_transactions',
  /** One document per customer: balance and transaction count. */
  wallets: 'wallets',
  payments: 'payments',
  /** Derived notifications: one per source event, `_id` = the source event id. */
  notifications: 'notifications',
  cars: 'cars',
} as const;
