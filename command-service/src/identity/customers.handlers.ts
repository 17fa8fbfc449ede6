import { Inject } from '@nestjs/common';
import type { ICommandHandler } from '@nestjs/cqrs';
import { identityStreams, type CommandResult } from '@evc/contracts';
import type { EventStore } from '@evc/platform';
import { accountDecider } from './account.decider';
import { OWNER_BAN_FOLLOWER, type OwnerBanFollower } from './owner-ban';
import { HandlesCommand, type OperationCommand } from '../shared/operation-command';
import { runDecider } from '../shared/run-decider';
import { EVENT_STORE } from '../shared/tokens';

/**
 * Ban or unban a customer, with the reason in the event and its metadata. A banned customer cannot sign in, a
 * refresh is refused at once, and their access token stops working when it expires. Their cards are Blocked on the
 * chargers' local lists and in the gateways' caches until the ban is lifted.
 */
abstract class SetBanHandler implements ICommandHandler<OperationCommand<'customers.ban' | 'customers.unban'>, CommandResult> {
  protected abstract readonly banned: boolean;
  constructor(
    @Inject(EVENT_STORE) private readonly store: EventStore,
    @Inject(OWNER_BAN_FOLLOWER) private readonly cards: OwnerBanFollower,
  ) {}

  async execute({ payload, context }: OperationCommand<'customers.ban' | 'customers.unban'>): Promise<CommandResult> {
    const { customerId, reason } = payload;
    const result = await runDecider(
      this.store,
      identityStreams.account(customerId),
      accountDecider,
      { kind: this.banned ? 'ban' : 'unban', reason },
      { ...context, reason },
    );
    // Then the chargers: the owner's cards on their local lists and in the gateways' caches (docs/cards.md).
    await this.cards.ownerBanChanged(customerId, { ...context, reason });
    return result;
  }
}

@HandlesCommand('customers.ban')
export class BanCustomerHandler extends SetBanHandler {
  protected readonly banned = true;
}

@HandlesCommand('customers.unban')
export class UnbanCustomerHandler extends SetBanHandler {
  protected readonly banned = false;
}
