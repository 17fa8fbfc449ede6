import { randomBytes } from 'node:crypto';
import { Module, type DynamicModule } from '@nestjs/common';
import { CqrsModule } from '@nestjs/cqrs';
import type { Bus, Clock, EventStore } from '@evc/platform';
import type { FileStore } from '@evc/platform/files/index';
import type { PaymentsSetup } from '@evc/platform/payments/index';
import { AUTHENTICATOR, Authenticator } from '@evc/platform/http/access';
import { CARD_LIFE, cardsContext } from './cards/index';
import { RecordBookingCommandResultCommand, bookingsContext } from './bookings/index';
import { catalogContext } from './catalog/index';
import { COMMAND_RESULT_FOLLOWERS, chargersLiveContext, type CommandResultFollower } from './chargers-live/index';
import { RecordSessionCommandResultCommand, chargingContext } from './charging/index';
import { contactContext } from './contact/index';
import { FILE_STORE, FilesController } from './files/index';
import { COMMAND_ROUTES, servedCommands } from './shared/http/command-routes';
import { CommandsController } from './shared/http/commands.controller';
import { ACCOUNT_GATE, AccountGate, IDENTITY, OWNER_BAN_FOLLOWER, identityContext, type IdentityDeps } from './identity/index';
import { networkContext } from './network/index';
import { uptimeContext } from './uptime/index';
import { paymentsContext, PAYMENTS, walletContext } from './wallet/index';
import { SEED_REPORT, SEED_SETTINGS, Seeder, type SeedReport, type SeedSettings } from './seed/seeder';
import type { ContextParts } from './shared/context-parts';
import { BUS, CLOCK, EVENT_STORE } from './shared/tokens';
import { upgradesContext } from './upgrades/upgrades.context';
import { SMART_CHARGING_OPTIONS, smartChargingContext, type SmartChargingOptions } from './smart-charging/index';
import {
  DIAGNOSTICS_SETTINGS,
  RecordDiagnosticsCommandResultCommand,
  defaultDiagnosticsSettings,
  diagnosticsContext,
  type DiagnosticsSettings,
} from './diagnostics/index';
import { ALERT_SETTINGS, DEFAULT_ALERT_SETTINGS, alertsContext, type AlertSettings } from './alerts/index';
import { FIRMWARE_SETTINGS, RecordFirmwareCommandResultCommand, firmwareContext, type FirmwareSettings } from './firmware/index';

/** The bounded contexts of the command side; adding one is a line here. */
export const CONTEXTS: ContextParts[] = [
  catalogContext,
  networkContext,
  chargersLiveContext,
  contactContext,
  identityContext,
  walletContext,
  paymentsContext,
  chargingContext,
  cardsContext,
  bookingsContext,
  upgradesContext,
  smartChargingContext,
  diagnosticsContext,
  alertsContext,
  uptimeContext,
  firmwareContext,
];

/** Who hears a charger command's outcome after it is recorded, in this order: a session's remote start, a booking's ReserveNow. */
const COMMAND_RESULT_FOLLOWED_BY: CommandResultFollower[] = [
  RecordSessionCommandResultCommand,
  RecordBookingCommandResultCommand,
  RecordDiagnosticsCommandResultCommand,
  RecordFirmwareCommandResultCommand,
];

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
  /** How smart charging paces its work and the DC floor (defaults DEFAULT_SMART_CHARGING). */
  smartCharging?: Partial<SmartChargingOptions>;
  /** Where chargers upload diagnostics and the largest file kept (defaults: localhost, 10 MB). */
  diagnostics?: DiagnosticsSettings;
  /** The alerts' time limits and sweep (the configuration's defaults, sweep off, without). */
  alerts?: AlertSettings;
  /** How firmware links are signed and where chargers reach them; without it, links are signed with a key of this process. */
  firmware?: FirmwareSettings;
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
        // The ports one context answers for another, so neither names the other's inner parts.
        { provide: COMMAND_RESULT_FOLLOWERS, useValue: COMMAND_RESULT_FOLLOWED_BY },
        {
          provide: FIRMWARE_SETTINGS,
          useValue: options.firmware ?? { links: { secret: randomBytes(32), baseUrl: 'http://localhost:3000' } },
        },
        { provide: OWNER_BAN_FOLLOWER, useExisting: CARD_LIFE },
        { provide: SMART_CHARGING_OPTIONS, useValue: options.smartCharging ?? {} },
        { provide: DIAGNOSTICS_SETTINGS, useValue: options.diagnostics ?? defaultDiagnosticsSettings() },
        { provide: ALERT_SETTINGS, useValue: options.alerts ?? DEFAULT_ALERT_SETTINGS },
        ...handlers,
        ...CONTEXTS.flatMap((c) => c.providers ?? []),
        ...(options.seed
          ? [{ provide: SEED_SETTINGS, useValue: options.seed.settings }, { provide: SEED_REPORT, useValue: options.seed.report }, Seeder]
          : []),
      ],
      exports: [CqrsModule],
    };
  }
}
