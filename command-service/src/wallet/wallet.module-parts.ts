import type { Provider, Type } from '@nestjs/common';
import { operations, type AdjustWallet, type MarkNotificationsSeen, type RegisterCar, type StartTopUp } from '@evc/contracts';
import type { EventStore } from '@evc/platform';
import type { CommandRoute } from '../http/command-routes';
import type { CommandContext } from '../shared/command-context';
import type { PayloadCommand } from '../shared/payload-command';
import { PaymentCallbacks } from '../payments/payment-callbacks';
import { PaymentsController } from '../payments/payments.controller';
import { StartTopUpCommand } from '../payments/payments.commands';
import { StartTopUpHandler } from '../payments/top-up.handler';
import { EVENT_STORE } from '../shared/tokens';
import { AdjustWalletHandler } from './adjust-wallet.handler';
import { MarkNotificationsSeenHandler } from './notifications.handler';
import { RegisterCarHandler } from './register-car.handler';
import { AdjustWalletCommand, MarkNotificationsSeenCommand, RegisterCarCommand } from './wallet.commands';
import { WALLET_LEDGER, type WalletLedger } from './wallet-ledger';
import { WalletService } from './wallet.service';

const route = <P>(id: keyof typeof operations, build: (payload: P, context: CommandContext) => PayloadCommand<P>): CommandRoute => ({
  spec: operations[id],
  build: build as CommandRoute['build'],
});

/** The wallet, payments, cars and notifications contexts' handlers, controllers and HTTP command routes. */
export const walletProviders: Provider[] = [
  // One ledger per process: its keyed queue and cache only work if every caller shares it.
  { provide: WALLET_LEDGER, useFactory: (store: EventStore) => new WalletService(store), inject: [EVENT_STORE] },
  { provide: PaymentCallbacks, useFactory: (store: EventStore, ledger: WalletLedger) => new PaymentCallbacks(store, ledger), inject: [EVENT_STORE, WALLET_LEDGER] },
  AdjustWalletHandler,
  MarkNotificationsSeenHandler,
  RegisterCarHandler,
  StartTopUpHandler,
];
export const walletControllers: Type[] = [PaymentsController];
export const walletRoutes: Record<string, CommandRoute> = {
  'wallet.top-up': route<StartTopUp>('wallet.top-up', (p, c) => new StartTopUpCommand(p, c)),
  'wallet.adjust': route<AdjustWallet>('wallet.adjust', (p, c) => new AdjustWalletCommand(p, c)),
  'notifications.mark-seen': route<MarkNotificationsSeen>('notifications.mark-seen', (p, c) => new MarkNotificationsSeenCommand(p, c)),
  'cars.register': route<RegisterCar>('cars.register', (p, c) => new RegisterCarCommand(p, c)),
};
