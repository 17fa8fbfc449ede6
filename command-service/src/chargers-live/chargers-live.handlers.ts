import { Inject } from '@nestjs/common';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { networkStreams, type CommandResult } from '@evc/contracts';
import type { EventStore } from '@evc/platform';
import { runDecider } from '../shared/run-decider';
import { EVENT_STORE } from '../shared/tokens';
import { chargerLiveDecider } from './charger-live.decider';
import { RecordChargerTelemetryCommand } from './chargers-live.commands';

const chargerIdOf = (c: RecordChargerTelemetryCommand['payload']) => ('data' in c ? c.data.chargerId : c.chargerId);

@CommandHandler(RecordChargerTelemetryCommand)
export class RecordChargerTelemetryHandler implements ICommandHandler<RecordChargerTelemetryCommand, CommandResult> {
  constructor(@Inject(EVENT_STORE) private readonly store: EventStore) {}
  execute({ payload, context }: RecordChargerTelemetryCommand) {
    return runDecider(this.store, networkStreams.chargerLive(chargerIdOf(payload)), chargerLiveDecider, payload, context);
  }
}
