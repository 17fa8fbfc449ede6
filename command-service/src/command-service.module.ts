import { Module, type DynamicModule } from '@nestjs/common';
import { CqrsModule } from '@nestjs/cqrs';
import type { EventStore } from '@evc/platform';
import { CreateMasterDataItemHandler, RegisterCountryHandler, RegisterGovernorateHandler } from './catalog/catalog.handlers';
import { SubmitContactRequestHandler } from './contact/contact.handlers';
import { RegisterChargerHandler, RegisterStationHandler, SetPricingHandler } from './network/network.handlers';
import { COMMAND_ROUTES, commandRoutes, type CommandRoute } from './http/command-routes';
import { CommandsController } from './http/commands.controller';
import { EVENT_STORE } from './shared/tokens';

const handlers = [
  RegisterCountryHandler,
  RegisterGovernorateHandler,
  CreateMasterDataItemHandler,
  RegisterStationHandler,
  RegisterChargerHandler,
  SetPricingHandler,
  SubmitContactRequestHandler,
];

export interface CommandServiceOptions {
  eventStore: EventStore;
  /** Extra HTTP command routes (tests). */
  extraRoutes?: Record<string, CommandRoute>;
}

/** The command side: HTTP commands → @nestjs/cqrs handlers → deciders → event store. */
@Module({})
export class CommandServiceModule {
  static register(options: CommandServiceOptions): DynamicModule {
    return {
      module: CommandServiceModule,
      imports: [CqrsModule.forRoot()],
      controllers: [CommandsController],
      providers: [
        { provide: EVENT_STORE, useValue: options.eventStore },
        { provide: COMMAND_ROUTES, useValue: { ...commandRoutes, ...options.extraRoutes } },
        ...handlers,
      ],
      exports: [CqrsModule],
    };
  }
}
