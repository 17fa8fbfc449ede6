import type { EventStore } from '@evc/platform';
import type { Principal } from '@evc/platform/auth/principal';
import type { AccessCheck } from '@evc/platform/http/access';
import { DomainError } from '../shared/domain-error';
import { fold } from '../shared/decider';
import { toDomainEvent } from '../shared/run-decider';
import { accountBlock, accountDecider } from './account.decider';
import { accessVersionOf } from './accounts';
import { identityStreams, type AccountEvent } from '@evc/contracts';

/**
 * Every request of a signed-in caller to the command side checks the account as it is now, from its streams: a
 * banned customer or a deactivated staff member cannot act, and a token signed before a password change or reset,
 * a ban, or a change of the account's roles or of a role's privileges (a lower access version) is refused with
 * `identity.session_expired`, so the client refreshes (or is signed out) at once rather than at the token's expiry.
 */
export class AccountGate implements AccessCheck {
  constructor(private readonly store: EventStore) {}

  async assertMayAct(principal: Principal): Promise<void> {
    const history = await this.store.readStream(identityStreams.account(principal.accountId));
    const account = fold(accountDecider, history.map((e) => toDomainEvent<AccountEvent>(e)));
    if (account.accountId === null) throw new DomainError('auth.unauthenticated', 'Sign in first');
    const block = accountBlock(account);
    if (block) throw block;
    if (principal.version === undefined) return;
    const current = await accessVersionOf(this.store, account.accountId, account.userType === 1 ? account.roleIds : [], history);
    if (principal.version < current) throw new DomainError('identity.session_expired', 'The account changed since this sign-in; sign in again');
  }

  assertCurrent(principal: Principal): Promise<void> {
    return this.assertMayAct(principal);
  }
}

export const ACCOUNT_GATE = Symbol('AccountGate');
