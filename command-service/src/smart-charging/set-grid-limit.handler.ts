import { Inject } from '@nestjs/common';
import { minutesOfDay, networkStreams, smartChargingStreams } from '@evc/contracts';
import type { Clock, EventStore } from '@evc/platform';
import { stationDecider } from '../network/index';
import { decideAndAppend } from '../shared/decide-and-append';
import { DomainError } from '../shared/domain-error';
import { loadState } from '../shared/load-state';
import { HandlesCommand, type OperationCommand, type OperationHandler } from '../shared/operation-command';
import { sharedStreamStates } from '../shared/stream-state-cache';
import { CLOCK, EVENT_STORE } from '../shared/tokens';
import { PowerSharing } from './power-sharing';
import { sitePowerDecider } from './site-power.decider';

/**
 * Staff set a station's grid limit (0: none) with its lower periods, in the station's queue so no sharing runs
 * between the decision and its effects. The answer comes once the limit is recorded; the profiles follow.
 */
@HandlesCommand('smart-charging.set-grid-limit')
export class SetGridLimitHandler implements OperationHandler<'smart-charging.set-grid-limit'> {
  constructor(
    @Inject(EVENT_STORE) private readonly store: EventStore,
    @Inject(CLOCK) private readonly clock: Clock,
    @Inject(PowerSharing) private readonly sharing: PowerSharing,
  ) {}

  async execute({ payload, context }: OperationCommand<'smart-charging.set-grid-limit'>) {
    const { stationId, limitW, expectedRevision, reason } = payload;
    const periods = [...payload.periods].sort((a, b) => minutesOfDay(a.from) - minutesOfDay(b.from));
    const { state: station } = await loadState(this.store, networkStreams.station(stationId), stationDecider);
    if (!station.data || station.deleted)
      throw new DomainError('network.station_not_found', 'No such station', [{ path: 'stationId', code: 'not_found' }]);
    const streamId = smartChargingStreams.sitePower(stationId);
    const states = sharedStreamStates(this.store, sitePowerDecider, 10_000);
    return this.sharing.serially(stationId, async () => {
      const { state: before } = await states.load(streamId);
      const at = this.clock.now().toISOString();
      const command = { kind: 'set-limit' as const, stationId, limitW, periods, members: this.sharing.members(stationId), at };
      // Staff's reason is the events' reason: the limit's history says who set it, when and why.
      const { result, events } = await decideAndAppend(
        this.store,
        streamId,
        sitePowerDecider,
        command,
        { ...context, reason },
        {
          clock: this.clock,
          states,
          expectedRevision,
        },
      );
      if (events.length > 0) {
        this.sharing.noteLimit(stationId, limitW, periods);
        void this.sharing.serially(stationId, () =>
          this.sharing.limitChanged(stationId, limitW, before.limitW > 0, events, result.revision),
        );
      }
      return result;
    });
  }
}
