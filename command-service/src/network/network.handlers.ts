import { Inject } from '@nestjs/common';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { networkStreams, type CommandResult } from '@evc/contracts';
import type { EventStore } from '@evc/platform';
import { runDecider } from '../shared/run-decider';
import { EVENT_STORE } from '../shared/tokens';
import { pricingDecider } from './network.deciders';
import { SetPricingCommand } from './network.commands';

/** The reason goes to the event's metadata (who, when, why), the prices to its data. */
@CommandHandler(SetPricingCommand)
export class SetPricingHandler implements ICommandHandler<SetPricingCommand, CommandResult> {
  constructor(@Inject(EVENT_STORE) private readonly store: EventStore) {}
  execute({ payload, context }: SetPricingCommand) {
    const { reason, ...prices } = payload;
    return runDecider(this.store, networkStreams.pricing(), pricingDecider, prices, { ...context, reason: reason ?? context.reason });
  }
}
