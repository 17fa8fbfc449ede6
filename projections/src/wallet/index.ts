// The wallet's read models: balances, transactions and payments.
export { WALLETS, WALLET_TRANSACTIONS, walletProjection, walletTxKey, type WalletDoc, type WalletTxDoc } from './wallet.projection';
export { PAYMENTS, paymentsProjection, type PaymentDoc } from './payments.projection';
