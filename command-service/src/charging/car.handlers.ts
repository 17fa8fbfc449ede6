import { Inject } from '@nestjs/common';
import { chargingStreams, type CommandResult } from '@evc/contracts';
import type { Clock, EventStore } from '@evc/platform';
import { HandlesCommand, type OperationCommand, type OperationHandler } from '../shared/operation-command';
import { loadState } from '../shared/load-state';
import { runDecider } from '../shared/run-decider';
import { CLOCK, EVENT_STORE } from '../shared/tokens';
import { carDecider, isUsableCar } from './car.decider';
import { CarUsage } from './car-usage';
import { CarChoices } from './register-car.handler';

/** A customer edits a car of theirs: the same catalog and licence rules as registering it ("cars updated"). */
@HandlesCommand('cars.update')
export class UpdateCarHandler implements OperationHandler<'cars.update'> {
  constructor(
    @Inject(EVENT_STORE) private readonly store: EventStore,
    @Inject(CarChoices) private readonly choices: CarChoices,
    @Inject(CLOCK) private readonly clock: Clock,
  ) {}

  async execute({ payload, context }: OperationCommand<'cars.update'>): Promise<CommandResult> {
    const { expectedRevision, ...car } = payload;
    const data = await this.choices.check(car, context.actor.id);
    const update = () =>
      runDecider(this.store, chargingStreams.car(car.carId), carDecider, { kind: 'update', data }, context, {
        clock: this.clock,
        expectedRevision,
      });
    const before = (await loadState(this.store, chargingStreams.car(car.carId), carDecider)).state;
    if (!before.data || !isUsableCar(before, context.actor.id)) return update(); // not theirs, or removed: refused like a missing car
    const usage = new CarUsage(this.store, this.clock);
    await usage.take(data, context, { previous: before.data });
    let result: CommandResult;
    try {
      result = await update();
    } catch (error) {
      await usage.restore(before.data, data, context);
      throw error;
    }
    await usage.releaseChanged(before.data, data, context);
    return result;
  }
}

@HandlesCommand('cars.remove')
export class RemoveCarHandler implements OperationHandler<'cars.remove'> {
  constructor(
    @Inject(EVENT_STORE) private readonly store: EventStore,
    @Inject(CLOCK) private readonly clock: Clock,
  ) {}

  async execute({ payload, context }: OperationCommand<'cars.remove'>): Promise<CommandResult> {
    const command = { kind: 'remove' as const, customerId: context.actor.id, at: this.clock.now().toISOString() };
    const result = await runDecider(this.store, chargingStreams.car(payload.carId), carDecider, command, context, { clock: this.clock });
    // the car was theirs (the decider refuses anyone else's): its items and its place on the list are free again
    const { state } = await loadState(this.store, chargingStreams.car(payload.carId), carDecider);
    if (state.data) await new CarUsage(this.store, this.clock).release(state.data, context);
    return result;
  }
}
