import type { Clock, EventStore } from '@evc/platform';
import type { ContextParts } from '../shared/context-parts';
import { CLOCK, EVENT_STORE } from '../shared/tokens';
import { AdjustWalletHandler } from './adjust-wallet.handler';
import { MarkNotificationsSeenHandler } from './notifications.handler';
import { RemoveCarHandler, UpdateCarHandler } from './car.handlers';
import { CarChoices, RegisterCarHandler } from './register-car.handler';
import { WALLET_LEDGER } from './wallet-ledger';
import { WalletService } from './wallet.service';

/** The wallet ledger, staff adjustments, the customer's cars and notifications seen. */
export const walletContext: ContextParts = {
  handlers: [AdjustWalletHandler, MarkNotificationsSeenHandler, RegisterCarHandler, UpdateCarHandler, RemoveCarHandler],
  // One ledger per process: its keyed queue and cache only work if every caller shares it.
  providers: [CarChoices, { provide: WALLET_LEDGER, useFactory: (store: EventStore, clock: Clock) => new WalletService(store, clock), inject: [EVENT_STORE, CLOCK] }],
};
