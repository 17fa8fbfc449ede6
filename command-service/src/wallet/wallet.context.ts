import type { Clock, EventStore } from '@evc/platform';
import type { ContextParts } from '../shared/context-parts';
import { CLOCK, EVENT_STORE } from '../shared/tokens';
import { AdjustWalletHandler } from './adjust-wallet.handler';
import { MarkNotificationsSeenHandler } from './notifications.handler';
import { WALLET_LEDGER } from './wallet-ledger';
import { WalletService } from './wallet.service';

/** The wallet ledger, staff adjustments and notifications seen. */
export const walletContext: ContextParts = {
  handlers: [AdjustWalletHandler, MarkNotificationsSeenHandler],
  // One ledger per process: its keyed queue and cache only work if every caller shares it.
  providers: [
    {
      provide: WALLET_LEDGER,
      useFactory: (store: EventStore, clock: Clock) => new WalletService(store, clock),
      inject: [EVENT_STORE, CLOCK],
    },
  ],
};
