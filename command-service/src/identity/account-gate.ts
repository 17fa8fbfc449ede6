import type { EventStore } from '@evc/platform';
import type { Principal } from '@evc/platform/auth/principal';
import { DomainError } from '../shared/domain-error';
import { accountBlock } from './account.decider';
import { loadAccount } from './accounts';

/**
 * Every command of a signed-in caller checks the account as it is now: a banned customer or a deactivated staff
 * member cannot act even while their access token has not yet expired (queries stop at the token's expiry).
 */
export class AccountGate {
  constructor(private readonly store: EventStore) {}

  async assertMayAct(principal: Principal): Promise<void> {
    const account = await loadAccount(this.store, principal.accountId);
    if (account.accountId === null) throw new DomainError('auth.unauthenticated', 'Sign in first');
    const block = accountBlock(account);
    if (block) throw block;
  }
}

export const ACCOUNT_GATE = Symbol('AccountGate');
