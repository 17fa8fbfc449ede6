import type { CommandContext } from '../shared/command-context';

/**
 * What follows a customer's ban or its lifting outside identity: the context that issues cards Blocks the owner's
 * cards on chargers' local lists and in the gateways' caches, and puts back the active ones when the ban is lifted.
 * Identity names only this port, so it knows nothing of cards.
 */
export interface OwnerBanFollower {
  ownerBanChanged(customerId: string, context: CommandContext): Promise<void>;
}

/** Nest token of the process's OwnerBanFollower (provided by the cards context). */
export const OWNER_BAN_FOLLOWER = Symbol('OwnerBanFollower');
