import { Inject } from '@nestjs/common';
import { HandlesCommand, type OperationCommand, type OperationHandler } from '../shared/operation-command';
import { networkStreams } from '@evc/contracts';
import type { EventStore } from '@evc/platform';
import { runDecider } from '../shared/run-decider';
import { EVENT_STORE } from '../shared/tokens';
import { pricingDecider } from './network.deciders';

/** The reason goes to the event's metadata (who, when, why), the prices to its data. */
@HandlesCommand('pricing.set')
export class SetPricingHandler implements OperationHandler<'pricing.set'> {
  constructor(@Inject(EVENT_STORE) private readonly store: EventStore) {}
  execute({ payload, context }: OperationCommand<'pricing.set'>) {
    const { reason, ...prices } = payload;
    return runDecider(this.store, networkStreams.pricing(), pricingDecider, prices, { ...context, reason: reason ?? context.reason });
  }
}
