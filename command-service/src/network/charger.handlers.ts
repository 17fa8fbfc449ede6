import { Inject } from '@nestjs/common';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { HandlesCommand, type OperationCommand, type OperationHandler } from '../shared/operation-command';
import { networkStreams, type CommandResult, type RegisterCharger } from '@evc/contracts';
import type { EventStore } from '@evc/platform';
import type { CommandContext } from '../shared/command-context';
import { DomainError } from '../shared/domain-error';
import { loadState } from '../shared/load-state';
import { runDecider } from '../shared/run-decider';
import { EVENT_STORE } from '../shared/tokens';
import { newChargerSecret, type ChargerSecretResult } from './charger-secret';
import { chargerDecider, serialDecider, stationDecider } from './network.deciders';
import { RegisterChargerCommand } from './network.commands';

const reserveSerial = (store: EventStore, serialNumber: string, chargerId: string, context: CommandContext, release = false) =>
  runDecider(store, networkStreams.chargerSerial(serialNumber), serialDecider, { serialNumber, chargerId, release }, context);
const station = (store: EventStore, stationId: string, kind: 'attach' | 'detach', chargerId: string, context: CommandContext) =>
  runDecider(store, networkStreams.station(stationId), stationDecider, { kind, chargerId }, context);

/**
 * A charger joins the network in three steps, each on its own stream with the loaded revision: its serial is
 * reserved network-wide, the station records it (refused once the station is deleted), then the charger stream is
 * created. A failure undoes the earlier steps, so a refused charger leaves neither its serial nor its station taken.
 */
export async function registerCharger(store: EventStore, data: RegisterCharger, context: CommandContext): Promise<CommandResult> {
  const streamId = networkStreams.charger(data.chargerId);
  const existing = await loadState(store, streamId, chargerDecider);
  if (existing.state.data) return runDecider(store, streamId, chargerDecider, { kind: 'register', data }, context); // a retry, or charger_exists
  await reserveSerial(store, data.serialNumber, data.chargerId, context);
  try {
    await station(store, data.stationId, 'attach', data.chargerId, context);
  } catch (error) {
    await reserveSerial(store, data.serialNumber, data.chargerId, context, true);
    throw error;
  }
  try {
    return await runDecider(store, streamId, chargerDecider, { kind: 'register', data }, context);
  } catch (error) {
    if (!(error instanceof DomainError && error.code === 'network.charger_exists')) {
      await station(store, data.stationId, 'detach', data.chargerId, context);
      await reserveSerial(store, data.serialNumber, data.chargerId, context, true);
    }
    throw error;
  }
}

@CommandHandler(RegisterChargerCommand)
export class RegisterChargerHandler implements ICommandHandler<RegisterChargerCommand, CommandResult> {
  constructor(@Inject(EVENT_STORE) private readonly store: EventStore) {}
  execute({ payload, context }: RegisterChargerCommand) {
    return registerCharger(this.store, payload, context);
  }
}

@HandlesCommand('chargers.add')
export class AddChargerHandler implements OperationHandler<'chargers.add'> {
  constructor(@Inject(EVENT_STORE) private readonly store: EventStore) {}
  async execute({ payload, context }: OperationCommand<'chargers.add'>): Promise<ChargerSecretResult> {
    const { secretKey, secretHash } = newChargerSecret();
    const result = await registerCharger(this.store, { ...payload, secretHash }, context);
    return { ...result, chargerId: payload.chargerId, secretKey };
  }
}

@HandlesCommand('chargers.update')
export class UpdateChargerHandler implements OperationHandler<'chargers.update'> {
  constructor(@Inject(EVENT_STORE) private readonly store: EventStore) {}
  async execute({ payload, context }: OperationCommand<'chargers.update'>) {
    const { expectedRevision, ...data } = payload;
    const streamId = networkStreams.charger(data.chargerId);
    const { state } = await loadState(this.store, streamId, chargerDecider);
    const oldSerial = state.data?.serialNumber;
    const reSerialed = state.data !== null && !state.deleted && oldSerial?.toLowerCase() !== data.serialNumber.toLowerCase();
    if (reSerialed) await reserveSerial(this.store, data.serialNumber, data.chargerId, context);
    let result: CommandResult;
    try {
      result = await runDecider(this.store, streamId, chargerDecider, { kind: 'update', data }, context, { expectedRevision });
    } catch (error) {
      if (reSerialed) await reserveSerial(this.store, data.serialNumber, data.chargerId, context, true);
      throw error;
    }
    if (reSerialed && oldSerial) await reserveSerial(this.store, oldSerial, data.chargerId, context, true);
    return result;
  }
}

/** modelState 3: the station forgets it, the gateway refuses it, its history and serial stay. */
@HandlesCommand('chargers.delete')
export class DeleteChargerHandler implements OperationHandler<'chargers.delete'> {
  constructor(@Inject(EVENT_STORE) private readonly store: EventStore) {}
  async execute({ payload, context }: OperationCommand<'chargers.delete'>) {
    const streamId = networkStreams.charger(payload.chargerId);
    const result = await runDecider(this.store, streamId, chargerDecider, { kind: 'delete' }, context, {
      expectedRevision: payload.expectedRevision,
    });
    const { state } = await loadState(this.store, streamId, chargerDecider);
    if (state.data) await station(this.store, state.data.stationId, 'detach', payload.chargerId, context);
    return result;
  }
}

@HandlesCommand('chargers.rotate-secret')
export class RotateChargerSecretHandler implements OperationHandler<'chargers.rotate-secret'> {
  constructor(@Inject(EVENT_STORE) private readonly store: EventStore) {}
  async execute({ payload, context }: OperationCommand<'chargers.rotate-secret'>): Promise<ChargerSecretResult> {
    const { secretKey, secretHash } = newChargerSecret();
    const result = await runDecider(
      this.store,
      networkStreams.charger(payload.chargerId),
      chargerDecider,
      { kind: 'rotate-secret', secretHash },
      context,
      {
        expectedRevision: payload.expectedRevision,
      },
    );
    return { ...result, chargerId: payload.chargerId, secretKey };
  }
}
