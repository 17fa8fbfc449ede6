import { Inject } from '@nestjs/common';
import { HandlesCommand, type OperationCommand, type OperationHandler } from '../shared/operation-command';
import { networkStreams, type CommandResult } from '@evc/contracts';
import type { EventStore } from '@evc/platform';
import { governorateDecider } from './geography.deciders';
import type { CommandContext } from '../shared/command-context';
import { DomainError } from '../shared/domain-error';
import { loadState } from '../shared/load-state';
import { runDecider } from '../shared/run-decider';
import { EVENT_STORE } from '../shared/tokens';
import { chargerDecider, stationDecider, type StationData } from './network.deciders';

const GOVERNORATE_MISSING = { code: 'network.governorate_not_found', path: 'governorateId', message: 'No such governorate' } as const;

/** A station uses its governorate: the link lives on the governorate's stream (see itemDecider). */
const linkGovernorate = (store: EventStore, station: StationData, context: CommandContext) =>
  runDecider(
    store,
    networkStreams.governorate(station.governorateId),
    governorateDecider,
    {
      kind: 'link',
      usedBy: { id: station.stationId, kind: 'station', name: station.nameEn, nameAr: station.nameAr },
      missing: GOVERNORATE_MISSING,
    },
    context,
  );
const unlinkGovernorate = (store: EventStore, governorateId: string, stationId: string, context: CommandContext) =>
  runDecider(store, networkStreams.governorate(governorateId), governorateDecider, { kind: 'unlink', usedById: stationId }, context);

@HandlesCommand('stations.create')
export class RegisterStationHandler implements OperationHandler<'stations.create'> {
  constructor(@Inject(EVENT_STORE) private readonly store: EventStore) {}
  async execute({ payload, context }: OperationCommand<'stations.create'>) {
    const streamId = networkStreams.station(payload.stationId);
    const existing = await loadState(this.store, streamId, stationDecider);
    if (existing.state.data) return runDecider(this.store, streamId, stationDecider, { kind: 'create', data: payload }, context);
    await linkGovernorate(this.store, payload, context);
    try {
      return await runDecider(this.store, streamId, stationDecider, { kind: 'create', data: payload }, context);
    } catch (error) {
      if (!(error instanceof DomainError && error.code === 'network.station_exists'))
        await unlinkGovernorate(this.store, payload.governorateId, payload.stationId, context);
      throw error;
    }
  }
}

@HandlesCommand('stations.update')
export class UpdateStationHandler implements OperationHandler<'stations.update'> {
  constructor(@Inject(EVENT_STORE) private readonly store: EventStore) {}
  async execute({ payload, context }: OperationCommand<'stations.update'>) {
    const { expectedRevision, ...data } = payload;
    const streamId = networkStreams.station(data.stationId);
    const { state } = await loadState(this.store, streamId, stationDecider);
    if (!state.data || state.deleted)
      throw new DomainError('network.station_not_found', 'No such station', [{ path: 'stationId', code: 'not_found' }]);
    const oldGovernorate = state.data.governorateId;
    const moved = oldGovernorate !== data.governorateId;
    if (moved) await linkGovernorate(this.store, data, context);
    let result: CommandResult;
    try {
      result = await runDecider(this.store, streamId, stationDecider, { kind: 'update', data }, context, { expectedRevision });
    } catch (error) {
      if (moved) await unlinkGovernorate(this.store, data.governorateId, data.stationId, context);
      throw error;
    }
    if (moved) await unlinkGovernorate(this.store, oldGovernorate, data.stationId, context);
    else await linkGovernorate(this.store, data, context); // keeps the station name the governorate's in-use message shows
    return result;
  }
}

/** Deleting a station marks each of its chargers deleted (modelState 3) and frees its governorate. */
@HandlesCommand('stations.delete')
export class DeleteStationHandler implements OperationHandler<'stations.delete'> {
  constructor(@Inject(EVENT_STORE) private readonly store: EventStore) {}
  async execute({ payload, context }: OperationCommand<'stations.delete'>) {
    const streamId = networkStreams.station(payload.id);
    const result = await runDecider(this.store, streamId, stationDecider, { kind: 'delete' }, context, {
      expectedRevision: payload.expectedRevision,
    });
    const history = await this.store.readStream(streamId);
    const registered = history.find((e) => e.type === 'StationRegistered')?.data as StationData | undefined;
    const governorateId = (
      history.filter((e) => e.type === 'StationRegistered' || e.type === 'StationUpdated').at(-1)?.data as StationData | undefined
    )?.governorateId;
    const deleted = history.findLast((e) => e.type === 'StationDeleted')?.data as { chargerIds: string[] } | undefined;
    for (const chargerId of deleted?.chargerIds ?? []) {
      await runDecider(this.store, networkStreams.charger(chargerId), chargerDecider, { kind: 'delete' }, context);
    }
    if (registered && governorateId) await unlinkGovernorate(this.store, governorateId, registered.stationId, context);
    return result;
  }
}
