import { Inject } from '@nestjs/common';
import { networkStreams, uptimeStreams, type CommandResult } from '@evc/contracts';
import type { Clock, EventStore } from '@evc/platform';
import type { CommandContext } from '../shared/command-context';
import { KeyedQueue } from '../shared/keyed-queue';
import { HandlesCommand, type OperationCommand, type OperationHandler } from '../shared/operation-command';
import { requireStream } from '../shared/require-stream';
import { runDecider } from '../shared/run-decider';
import { CLOCK, EVENT_STORE } from '../shared/tokens';
import { stationUptimeDecider, type UptimeCommand } from './uptime.decider';

/**
 * A station's changes one at a time in this process: staff declaring several windows at once all get them recorded
 * instead of racing to a conflict; between processes the decision loop's retries still decide.
 */
const byStation = new KeyedQueue();

abstract class UptimeHandler {
  constructor(
    @Inject(EVENT_STORE) protected readonly store: EventStore,
    @Inject(CLOCK) protected readonly clock: Clock,
  ) {}

  protected now = () => this.clock.now().toISOString();

  /** The station must exist; the staff member's reason goes to the event's metadata. */
  protected async decide(stationId: string, command: UptimeCommand, context: CommandContext, reason?: string): Promise<CommandResult> {
    await requireStream(this.store, networkStreams.station(stationId), {
      code: 'network.station_not_found',
      message: 'No such station',
      field: 'stationId',
    });
    const streamId = uptimeStreams.station(stationId);
    return byStation.run(streamId, () =>
      runDecider(
        this.store,
        streamId,
        stationUptimeDecider,
        command,
        { ...context, reason: reason ?? context.reason },
        { clock: this.clock },
      ),
    );
  }
}

@HandlesCommand('uptime.declare-maintenance')
export class DeclareMaintenanceHandler extends UptimeHandler implements OperationHandler<'uptime.declare-maintenance'> {
  async execute({ payload, context }: OperationCommand<'uptime.declare-maintenance'>): Promise<CommandResult> {
    const { reason, ...window } = payload;
    if (window.chargerId)
      await requireStream(this.store, networkStreams.charger(window.chargerId), {
        code: 'network.charger_not_found',
        message: 'No such charger',
        field: 'chargerId',
      });
    const normal = { ...window, from: new Date(window.from).toISOString(), to: new Date(window.to).toISOString() };
    return this.decide(payload.stationId, { kind: 'declare', window: normal, now: this.now() }, context, reason);
  }
}

@HandlesCommand('uptime.cancel-maintenance')
export class CancelMaintenanceHandler extends UptimeHandler implements OperationHandler<'uptime.cancel-maintenance'> {
  async execute({ payload, context }: OperationCommand<'uptime.cancel-maintenance'>): Promise<CommandResult> {
    const { stationId, maintenanceId, reason } = payload;
    return this.decide(stationId, { kind: 'cancel', stationId, maintenanceId, now: this.now() }, context, reason);
  }
}

@HandlesCommand('uptime.set-target')
export class SetUptimeTargetHandler extends UptimeHandler implements OperationHandler<'uptime.set-target'> {
  async execute({ payload, context }: OperationCommand<'uptime.set-target'>): Promise<CommandResult> {
    const { stationId, targetPercent, reason } = payload;
    const targetBp = Math.round(targetPercent * 100);
    return this.decide(stationId, { kind: 'setTarget', stationId, targetBp, now: this.now() }, context, reason);
  }
}

export const uptimeHandlers = [DeclareMaintenanceHandler, CancelMaintenanceHandler, SetUptimeTargetHandler];
