import { Inject } from '@nestjs/common';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { catalogStreams, networkStreams, type CommandResult } from '@evc/contracts';
import type { EventStore } from '@evc/platform';
import { requireStream } from '../shared/require-stream';
import { runDecider } from '../shared/run-decider';
import { EVENT_STORE } from '../shared/tokens';
import { chargerDecider, pricingDecider, serialDecider, stationDecider } from './network.deciders';
import { RegisterChargerCommand, RegisterStationCommand, SetPricingCommand } from './network.commands';

@CommandHandler(RegisterStationCommand)
export class RegisterStationHandler implements ICommandHandler<RegisterStationCommand, CommandResult> {
  constructor(@Inject(EVENT_STORE) private readonly store: EventStore) {}
  async execute({ payload, context }: RegisterStationCommand) {
    await requireStream(this.store, catalogStreams.governorate(payload.governorateId), {
      code: 'network.governorate_not_found',
      message: `Governorate ${payload.governorateId} does not exist`,
      field: 'governorateId',
    });
    return runDecider(this.store, networkStreams.station(payload.stationId), stationDecider, payload, context);
  }
}

@CommandHandler(RegisterChargerCommand)
export class RegisterChargerHandler implements ICommandHandler<RegisterChargerCommand, CommandResult> {
  constructor(@Inject(EVENT_STORE) private readonly store: EventStore) {}
  async execute({ payload, context }: RegisterChargerCommand) {
    await requireStream(this.store, networkStreams.station(payload.stationId), {
      code: 'network.station_not_found',
      message: `Station ${payload.stationId} does not exist`,
      field: 'stationId',
    });
    // The serial is reserved first: if the charger id then turns out taken, the reservation names the same
    // charger id and a retry with a new id for the same serial is refused, which is the rule we want.
    await runDecider(
      this.store,
      networkStreams.chargerSerial(payload.serialNumber),
      serialDecider,
      { serialNumber: payload.serialNumber, chargerId: payload.chargerId },
      context,
    );
    return runDecider(this.store, networkStreams.charger(payload.chargerId), chargerDecider, payload, context);
  }
}

@CommandHandler(SetPricingCommand)
export class SetPricingHandler implements ICommandHandler<SetPricingCommand, CommandResult> {
  constructor(@Inject(EVENT_STORE) private readonly store: EventStore) {}
  execute({ payload, context }: SetPricingCommand) {
    return runDecider(this.store, networkStreams.pricing(), pricingDecider, payload, context);
  }
}
