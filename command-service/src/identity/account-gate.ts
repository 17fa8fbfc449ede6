import type { EventStore } from '@evc/platform';
import type { Principal } from '@evc/platform/auth/principal';
import type { AccessCheck } from '@evc/platform/http/access';
import { DomainError } from '../shared/domain-error';
import { fold } from '../shared/decider';
import { toDomainEvent } from '../shared/run-decider';
import { accountBlock, accountDecider, type AccountState } from './account.decider';
import { accessVersionOf } from './accounts';
import { ACCOUNT_ACCESS_EVENTS, identityStreams, newestPosition, type AccountEvent } from '@evc/contracts';

/**
 * Every request of a signed-in caller to the command side checks the account as it is now, from its streams: a
 * banned customer or a deactivated staff member cannot act, and a token signed before a password change or reset,
 * a ban, or a change of the account's roles or of a role's privileges (a lower access version) is refused with
 * `identity.session_expired`, so the client refreshes (or is signed out) at once rather than at the token's expiry.
 * So is a token whose own sign-in ended (signed out, or its refresh family revoked): the account's other sign-ins
 * go on.
 */
export class AccountGate implements AccessCheck {
  /**
   * Accounts folded so far, with the newest position of an access event on their stream: a check reads only the
   * events after the kept revision (rather than reading and folding its whole stream for every command request). At most ACCOUNTS_KEPT (least recently used dropped).
   */
  private readonly accounts = new Map<string, KeptAccount>();
  /** Sign-ins (refresh families) read so far: the revision read up to and whether one revoked it. */
  private readonly families = new Map<string, { revision: number; ended: boolean }>();

  constructor(private readonly store: EventStore) {}

  async assertMayAct(principal: Principal): Promise<void> {
    const { account, accessAt } = await this.current(principal.accountId);
    if (account.accountId === null) throw new DomainError('auth.unauthenticated', 'Sign in first');
    const block = accountBlock(account);
    if (block) throw block;
    if (principal.version === undefined) return;
    // Staff: their roles' access events count too (read each time: staff requests are few).
    const current =
      account.userType === 1 && account.roleIds.length > 0
        ? Math.max(accessAt, await accessVersionOf(this.store, account.accountId, account.roleIds, []))
        : accessAt;
    if (principal.version < current)
      throw new DomainError('identity.session_expired', 'The account changed since this sign-in; sign in again');
    if (principal.familyId && (await this.signInEnded(principal.familyId)))
      throw new DomainError('identity.session_expired', 'This sign-in has ended; sign in again');
  }

  /**
   * Whether the token's sign-in (refresh family) was signed out or revoked: read from its stream after the kept
   * revision, so a check costs one short read; an ended family is kept as ended (it never starts again).
   */
  private async signInEnded(familyId: string): Promise<boolean> {
    const kept = this.families.get(familyId);
    if (kept?.ended) return true;
    const newer = await this.store.readStream(identityStreams.refreshFamily(familyId), { fromRevision: (kept?.revision ?? -1) + 1 });
    if (newer.length === 0) return false;
    const next = { revision: newer.at(-1)!.revision, ended: newer.some((e) => e.type === 'RefreshFamilyRevoked') };
    const held = this.families.get(familyId);
    if (!held || held.revision < next.revision) {
      this.families.delete(familyId);
      this.families.set(familyId, next);
      if (this.families.size > ACCOUNTS_KEPT) this.families.delete(this.families.keys().next().value!);
    }
    return next.ended;
  }

  /**
   * The account as it is now, from the same kept fold as the checks: the charging context answers a charger's authorize
   * with it, so no second fold of every account is kept and a start reads no account from disk.
   */
  async account(accountId: string): Promise<AccountState> {
    return (await this.current(accountId)).account;
  }

  /** The account as it is now: the kept fold caught up with the events after it. */
  private async current(accountId: string): Promise<KeptAccount> {
    const kept = this.accounts.get(accountId);
    const newer = await this.store.readStream(identityStreams.account(accountId), { fromRevision: (kept?.revision ?? -1) + 1 });
    if (newer.length === 0 && kept) return kept;
    const history = newer.map((e) => toDomainEvent<AccountEvent>(e));
    const account = kept ? history.reduce(accountDecider.evolve, kept.account) : fold(accountDecider, history);
    const next: KeptAccount = {
      account,
      revision: newer.at(-1)?.revision ?? -1,
      accessAt: Math.max(kept?.accessAt ?? 0, newestPosition(newer, ACCOUNT_ACCESS_EVENTS)),
    };
    if (next.revision < 0) return next;
    const held = this.accounts.get(accountId);
    // Concurrent checks of one account: never replace a newer fold by an older one.
    if (!held || held.revision < next.revision) {
      this.accounts.delete(accountId);
      this.accounts.set(accountId, next);
      if (this.accounts.size > ACCOUNTS_KEPT) this.accounts.delete(this.accounts.keys().next().value!);
    }
    return next;
  }

  assertCurrent(principal: Principal): Promise<void> {
    return this.assertMayAct(principal);
  }
}

interface KeptAccount {
  account: AccountState;
  revision: number;
  /** The newest position of an access event on the account's own stream (0: none). */
  accessAt: number;
}

const ACCOUNTS_KEPT = 50_000;

export const ACCOUNT_GATE = Symbol('AccountGate');
