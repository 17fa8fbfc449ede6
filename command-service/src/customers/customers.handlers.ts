import { Inject } from '@nestjs/common';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { identityStreams, type CommandResult } from '@evc/contracts';
import type { EventStore } from '@evc/platform';
import { accountDecider } from '../identity/account.decider';
import { BanCustomerCommand } from './customers.commands';
import { runDecider } from '../shared/run-decider';
import { EVENT_STORE } from '../shared/tokens';

/**
 * Ban or unban a customer, with the reason in the event and its metadata. A banned customer cannot sign in, a
 * refresh is refused at once, and their access token stops working when it expires.
 */
@CommandHandler(BanCustomerCommand)
export class BanCustomerHandler implements ICommandHandler<BanCustomerCommand, CommandResult> {
  constructor(@Inject(EVENT_STORE) private readonly store: EventStore) {}

  execute({ payload, context }: BanCustomerCommand): Promise<CommandResult> {
    const { customerId, reason, banned } = payload;
    return runDecider(this.store, identityStreams.account(customerId), accountDecider, { kind: banned ? 'ban' : 'unban', reason }, { ...context, reason });
  }
}
