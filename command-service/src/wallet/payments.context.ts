import type { EventStore } from '@evc/platform';
import type { ContextParts } from '../shared/context-parts';
import { EVENT_STORE } from '../shared/tokens';
import { WALLET_LEDGER, type WalletLedger } from './wallet-ledger';
import { PaymentCallbacks } from './payment-callbacks';
import { PaymentsController } from './payments.controller';
import { StartTopUpHandler } from './top-up.handler';

/** Top-ups through the payment provider; verified callbacks credit the wallet. */
export const paymentsContext: ContextParts = {
  handlers: [StartTopUpHandler],
  providers: [
    {
      provide: PaymentCallbacks,
      useFactory: (store: EventStore, ledger: WalletLedger) => new PaymentCallbacks(store, ledger),
      inject: [EVENT_STORE, WALLET_LEDGER],
    },
  ],
  controllers: [PaymentsController],
};
