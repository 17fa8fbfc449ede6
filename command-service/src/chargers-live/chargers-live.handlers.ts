import { Inject } from '@nestjs/common';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { networkStreams, type ChargerLiveEvent, type CommandResult } from '@evc/contracts';
import type { EventStore } from '@evc/platform';
import { CachedDecider } from '../shared/cached-decider';
import { EVENT_STORE } from '../shared/tokens';
import { chargerLiveDecider, type ChargerLiveCommand, type ChargerLiveState } from './charger-live.decider';
import { RecordChargerTelemetryCommand } from './chargers-live.commands';

const chargerIdOf = (c: RecordChargerTelemetryCommand['payload']) => ('data' in c ? c.data.chargerId : c.chargerId);

/** One command per inbound OCPP message (heartbeats, meter values): the live streams' states stay cached. */
@CommandHandler(RecordChargerTelemetryCommand)
export class RecordChargerTelemetryHandler implements ICommandHandler<RecordChargerTelemetryCommand, CommandResult> {
  private readonly streams: CachedDecider<ChargerLiveCommand, ChargerLiveEvent, ChargerLiveState>;
  constructor(@Inject(EVENT_STORE) store: EventStore) {
    this.streams = new CachedDecider(store, chargerLiveDecider);
  }
  execute({ payload, context }: RecordChargerTelemetryCommand) {
    return this.streams.run(networkStreams.chargerLive(chargerIdOf(payload)), payload, context);
  }
}
