import { Inject } from '@nestjs/common';
import { chargingStreams, type CommandResult } from '@evc/contracts';
import type { Clock, EventStore } from '@evc/platform';
import { HandlesCommand, type OperationCommand, type OperationHandler } from '../shared/operation-command';
import { runDecider } from '../shared/run-decider';
import { CLOCK, EVENT_STORE } from '../shared/tokens';
import { carDecider } from './car.decider';
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
    return runDecider(this.store, chargingStreams.car(car.carId), carDecider, { kind: 'update', data }, context, { clock: this.clock, expectedRevision });
  }
}

@HandlesCommand('cars.remove')
export class RemoveCarHandler implements OperationHandler<'cars.remove'> {
  constructor(
    @Inject(EVENT_STORE) private readonly store: EventStore,
    @Inject(CLOCK) private readonly clock: Clock,
  ) {}

  execute({ payload, context }: OperationCommand<'cars.remove'>): Promise<CommandResult> {
    const command = { kind: 'remove' as const, customerId: context.actor.id, at: this.clock.now().toISOString() };
    return runDecider(this.store, chargingStreams.car(payload.carId), carDecider, command, context, { clock: this.clock });
  }
}
