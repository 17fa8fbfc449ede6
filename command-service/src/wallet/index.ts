/** The wallet context: the ledger (one per process), staff adjustments, top-ups through the payment provider. */
export { walletContext } from './wallet.context';
export { paymentsContext } from './payments.context';
export { PAYMENTS } from './payments.tokens';
export { WALLET_LEDGER, type WalletLedger, type WalletTransactionRequest } from './wallet-ledger';
export { WalletService } from './wallet.service';
