import { Inject, Injectable } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import type { Bus } from '@evc/platform';
import type { ContextParts } from '../shared/context-parts';
import { ContextConsumers } from '../shared/consumers';
import { BUS } from '../shared/tokens';
import {
  RecordChargerCommandOutcomeHandler,
  SendChargerCommandHandler,
  SendSessionChargerCommandHandler,
} from './charger-commands.handlers';
import { RecordChargerTelemetryHandler } from './chargers-live.handlers';
import { COMMAND_RESULT_FOLLOWERS, type CommandResultFollower } from './command-result-followers';
import { startChargerCommandResults } from './command-results-consumer';
import { startChargerTelemetry } from './telemetry-consumer';

/** What chargers report (ocpp.inbound) and the outcomes of commands sent to them (ocpp.outbound.results). */
@Injectable()
export class ChargersLiveConsumers extends ContextConsumers {
  constructor(
    @Inject(BUS) private readonly bus: Bus | null,
    @Inject(CommandBus) private readonly commandBus: CommandBus,
    @Inject(COMMAND_RESULT_FOLLOWERS) private readonly followers: CommandResultFollower[],
  ) {
    super();
  }

  protected start() {
    return this.bus
      ? [startChargerTelemetry(this.bus, this.commandBus), startChargerCommandResults(this.bus, this.commandBus, this.followers)]
      : [];
  }
}

/** Chargers' live state (connections, boots, connector status) and the commands staff and sessions send them. */
export const chargersLiveContext: ContextParts = {
  handlers: [
    RecordChargerTelemetryHandler,
    SendChargerCommandHandler,
    SendSessionChargerCommandHandler,
    RecordChargerCommandOutcomeHandler,
  ],
  providers: [ChargersLiveConsumers],
};
