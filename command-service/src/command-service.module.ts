import { Module, type DynamicModule } from '@nestjs/common';
import { CqrsModule } from '@nestjs/cqrs';
import type { Bus, EventStore } from '@evc/platform';
import type { FileStore } from '@evc/platform/files/index';
import type { PaymentsSetup } from '@evc/platform/payments/index';
import { AUTHENTICATOR, Authenticator } from '@evc/platform/http/access';
import {
  DeleteGovernorateHandler,
  RegisterCountryHandler,
  RegisterGovernorateHandler,
  UpdateCountryHandler,
  UpdateGovernorateHandler,
} from './catalog/catalog.handlers';
import {
  CreateMasterDataItemHandler,
  DeleteMasterDataItemHandler,
  LinkMasterDataUsageHandler,
  UnlinkMasterDataUsageHandler,
  UpdateMasterDataItemHandler,
} from './catalog/master-data.handlers';
import { RecordChargerTelemetryHandler } from './chargers-live/chargers-live.handlers';
import { RecordChargerCommandOutcomeHandler, SendChargerCommandHandler } from './chargers-live/charger-commands.handlers';
import { SubmitContactRequestHandler } from './contact/contact.handlers';
import { BanCustomerHandler } from './customers/customers.handlers';
import { SetPricingHandler } from './network/network.handlers';
import { AddChargerHandler, DeleteChargerHandler, RegisterChargerHandler, RotateChargerSecretHandler, UpdateChargerHandler } from './network/charger.handlers';
import { DeleteStationHandler, RegisterStationHandler, UpdateStationHandler } from './network/station.handlers';
import { FILE_STORE, FilesController } from './files/files.controller';
import { AuthController } from './http/auth.controller';
import { COMMAND_ROUTES, commandRoutes, type CommandRoute } from './http/command-routes';
import { CommandsController } from './http/commands.controller';
import { ACCOUNT_GATE, AccountGate } from './identity/account-gate';
import { IDENTITY, type IdentityDeps } from './identity/identity.settings';
import { ChangePasswordHandler, RequestLinkMailHandler, ResetPasswordHandler } from './identity/password.handlers';
import { RefreshSessionHandler, SignInHandler, SignOutHandler } from './identity/session.handlers';
import { SeedCustomerHandler, SignUpHandler, VerifyEmailHandler } from './identity/sign-up.handlers';
import {
  CreateAdminHandler,
  CreateRoleHandler,
  SetAdminActiveHandler,
  UpdateAdminHandler,
  UpdateOwnProfileHandler,
  UpdateRoleHandler,
} from './identity/staff.handlers';
import { BUS, EVENT_STORE } from './shared/tokens';
import { PAYMENTS } from './payments/payments.tokens';
import { walletControllers, walletProviders, walletRoutes } from './wallet/wallet.module-parts';
import { chargingControllers, chargingProviders, chargingRoutes } from './charging/charging.module-parts';

const handlers = [
  RegisterCountryHandler,
  UpdateCountryHandler,
  RegisterGovernorateHandler,
  UpdateGovernorateHandler,
  DeleteGovernorateHandler,
  CreateMasterDataItemHandler,
  UpdateMasterDataItemHandler,
  DeleteMasterDataItemHandler,
  LinkMasterDataUsageHandler,
  UnlinkMasterDataUsageHandler,
  RegisterStationHandler,
  UpdateStationHandler,
  DeleteStationHandler,
  RegisterChargerHandler,
  AddChargerHandler,
  UpdateChargerHandler,
  DeleteChargerHandler,
  RotateChargerSecretHandler,
  SetPricingHandler,
  SubmitContactRequestHandler,
  SignUpHandler,
  VerifyEmailHandler,
  SeedCustomerHandler,
  SignInHandler,
  RefreshSessionHandler,
  SignOutHandler,
  RequestLinkMailHandler,
  ResetPasswordHandler,
  ChangePasswordHandler,
  CreateAdminHandler,
  UpdateAdminHandler,
  SetAdminActiveHandler,
  CreateRoleHandler,
  UpdateRoleHandler,
  UpdateOwnProfileHandler,
  BanCustomerHandler,
  RecordChargerTelemetryHandler,
  SendChargerCommandHandler,
  RecordChargerCommandOutcomeHandler,
];

export interface CommandServiceOptions {
  eventStore: EventStore;
  /** Tokens, mail, settings and clock of the identity context. */
  identity: IdentityDeps;
  /** Uploaded images (flags, station photos, licences): POST /api/files, GET /api/files/:fileId. */
  files: FileStore;
  /** The bus: staff commands to chargers are published on ocpp.outbound (without it, chargers.send-command fails). */
  bus?: Bus;
  /** The payment provider of top-ups (without it, wallet.top-up answers payments.provider_unavailable). */
  payments?: PaymentsSetup;
  /** Extra HTTP command routes (tests). */
  extraRoutes?: Record<string, CommandRoute>;
}

/** The command side: HTTP commands → access check → @nestjs/cqrs handlers → deciders → event store. */
@Module({})
export class CommandServiceModule {
  static register(options: CommandServiceOptions): DynamicModule {
    return {
      module: CommandServiceModule,
      imports: [CqrsModule.forRoot()],
      controllers: [AuthController, CommandsController, FilesController, ...walletControllers, ...chargingControllers],
      providers: [
        { provide: EVENT_STORE, useValue: options.eventStore },
        { provide: BUS, useValue: options.bus ?? null },
        { provide: PAYMENTS, useValue: options.payments ?? null },
        { provide: IDENTITY, useValue: options.identity },
        { provide: FILE_STORE, useValue: options.files },
        { provide: AUTHENTICATOR, useValue: new Authenticator(options.identity.tokens) },
        { provide: ACCOUNT_GATE, useValue: new AccountGate(options.eventStore) },
        { provide: COMMAND_ROUTES, useValue: { ...commandRoutes, ...walletRoutes, ...chargingRoutes, ...options.extraRoutes } },
        ...handlers,
        ...walletProviders,
        ...chargingProviders,
      ],
      exports: [CqrsModule],
    };
  }
}
