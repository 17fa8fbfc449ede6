import { Module, type DynamicModule } from '@nestjs/common';
import { CqrsModule } from '@nestjs/cqrs';
import type { Bus, Clock, EventStore } from '@evc/platform';
import type { FileStore } from '@evc/platform/files/index';
import type { PaymentsSetup } from '@evc/platform/payments/index';
import { AUTHENTICATOR, Authenticator } from '@evc/platform/http/access';
import { cardsContext } from './cards/cards.context';
import { bookingsContext } from './bookings/bookings.context';
import { catalogContext } from './catalog/catalog.context';
import { chargersLiveContext } from './chargers-live/chargers-live.context';
import { chargingContext } from './charging/charging.context';
import { contactContext } from './contact/contact.context';
import { FILE_STORE, FilesController } from './files/files.controller';
import { COMMAND_ROUTES, servedCommands } from './shared/http/command-routes';
import { CommandsController } from './shared/http/commands.controller';
import { ACCOUNT_GATE, AccountGate } from './identity/account-gate';
import { identityContext } from './identity/identity.context';
import { IDENTITY, type IdentityDeps } from './identity/identity.settings';
import { networkContext } from './network/network.context';
import { paymentsContext } from './wallet/payments.context';
import { PAYMENTS } from './wallet/payments.tokens';
import { SEED_REPORT, SEED_SETTINGS, Seeder, type SeedReport, type SeedSettings } from './seed/seeder';
import type { ContextParts } from './shared/context-parts';
import { BUS, CLOCK, EVENT_STORE } from './shared/tokens';
import { upgradesContext } from './upgrades/upgrades.context';
import { walletContext } from './wallet/wallet.context';

/** The bounded contexts of the command side; adding one is a line here. */
export const CONTEXTS: ContextParts[] = [catalogContext, networkContext, chargersLiveContext, contactContext, identityContext, walletContext, paymentsContext, chargingContext, cardsContext, bookingsContext, upgradesContext];

export interface CommandServiceOptions {
  eventStore: EventStore;
  /** Tokens, mail, settings and clock of the identity context. */
  identity: IdentityDeps;
  /** Uploaded images (flags, station photos, licences): POST /api/files, GET /api/files/:fileId. */
  files: FileStore;
  /** The bus: charger traffic in and out, and the contexts' consumers (without it, none run). */
  bus?: Bus;
  /** The payment provider of top-ups (without it, wallet.top-up answers payments.provider_unavailable). */
  payments?: PaymentsSetup;
  /** The seeds to run at start, and where to report what they did; none without. */
  seed?: { settings: SeedSettings; report: SeedReport };
  /** The time every decision is taken at (the system clock unless a test controls it). */
  clock?: Clock;
}

/** The command side: HTTP commands → access check → @nestjs/cqrs handlers → deciders → event store. */
@Module({})
export class CommandServiceModule {
  static register(options: CommandServiceOptions): DynamicModule {
    const handlers = CONTEXTS.flatMap((c) => c.handlers);
    const gate = new AccountGate(options.eventStore);
    return {
      module: CommandServiceModule,
      imports: [CqrsModule.forRoot()],
      controllers: [CommandsController, FilesController, ...CONTEXTS.flatMap((c) => c.controllers ?? [])],
      providers: [
        { provide: EVENT_STORE, useValue: options.eventStore },
        { provide: BUS, useValue: options.bus ?? null },
        { provide: PAYMENTS, useValue: options.payments ?? null },
        { provide: IDENTITY, useValue: options.identity },
        { provide: FILE_STORE, useValue: options.files },
        { provide: CLOCK, useValue: options.clock ?? options.identity.clock },
        { provide: ACCOUNT_GATE, useValue: gate },
        // Every signed-in request is checked against the account as it is now (AccountGate), not only its token.
        { provide: AUTHENTICATOR, useValue: new Authenticator(options.identity.tokens, gate) },
        { provide: COMMAND_ROUTES, useValue: servedCommands(handlers) },
        ...handlers,
        ...CONTEXTS.flatMap((c) => c.providers ?? []),
        ...(options.seed ? [{ provide: SEED_SETTINGS, useValue: options.seed.settings }, { provide: SEED_REPORT, useValue: options.seed.report }, Seeder] : []),
      ],
      exports: [CqrsModule],
    };
  }
}
