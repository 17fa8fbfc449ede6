import {
  ACCOUNT_ACCESS_EVENTS,
  PRIVILEGES,
  ROLE_ACCESS_EVENTS,
  identityStreams,
  newestPosition,
  type Privilege,
  type SessionUser,
} from '@evc/contracts';
import type { EventStore } from '@evc/platform';
import type { Principal } from '@evc/platform/auth/principal';
import { fold } from '../shared/decider';
import { toDomainEvent } from '../shared/run-decider';
import { accountDecider, type AccountState } from './account.decider';
import { emailIndexDecider } from './email-index.decider';
import type { AccountEvent, RoleEvent } from '@evc/contracts';
import { roleDecider } from './role.decider';
import { emailKey } from './secrets';

/** Reads of the identity aggregates the handlers share. Credentials are read here, on the command side only. */
export async function loadAccount(store: EventStore, accountId: string): Promise<AccountState> {
  const history = await store.readStream(identityStreams.account(accountId));
  return fold(
    accountDecider,
    history.map((e) => toDomainEvent<AccountEvent>(e)),
  );
}

/** The account an e-mail address belongs to, through the e-mail index stream; null when none does. */
export async function findAccountByEmail(store: EventStore, email: string): Promise<(AccountState & { accountId: string }) | null> {
  const index = await store.readStream(identityStreams.emailIndex(emailKey(email)));
  const { accountId } = fold(
    emailIndexDecider,
    index.map((e) => toDomainEvent(e)),
  );
  if (!accountId) return null;
  const state = await loadAccount(store, accountId);
  // The account must still use this address (a crash between an e-mail change and the old address's release).
  return state.accountId && emailKey(state.email) === emailKey(email) ? (state as AccountState & { accountId: string }) : null;
}

/** Role names and the union of their privileges; roles that do not exist (any more) give nothing. */
export async function rolesOf(store: EventStore, roleIds: string[]): Promise<{ names: string[]; privileges: Privilege[] }> {
  const roles = await Promise.all(
    roleIds.map(
      async (id) =>
        fold(
          roleDecider,
          (await store.readStream(identityStreams.role(id))).map((e) => toDomainEvent<RoleEvent>(e)),
        ).role,
    ),
  );
  const held = new Set(roles.flatMap((r) => r?.privileges ?? []));
  return { names: roles.flatMap((r) => (r ? [r.name] : [])), privileges: PRIVILEGES.filter((p) => held.has(p)) };
}

/**
 * The account's access version (contracts identity/access-version.ts): the newest position of an access event on
 * its stream or on the stream of a role it holds. `history` may be passed when the account stream is already read.
 */
export async function accessVersionOf(
  store: EventStore,
  accountId: string,
  roleIds: readonly string[],
  history?: readonly { type: string; position: number }[],
): Promise<number> {
  const own = newestPosition(history ?? (await store.readStream(identityStreams.account(accountId))), ACCOUNT_ACCESS_EVENTS);
  const roles = await Promise.all(
    roleIds.map(async (id) => newestPosition(await store.readStream(identityStreams.role(id)), ROLE_ACCESS_EVENTS)),
  );
  return Math.max(own, ...roles);
}

/** The principal an access token carries and the user the client keeps, from the account as it is now. */
export async function describeAccount(
  store: EventStore,
  account: AccountState & { accountId: string },
  familyId?: string,
): Promise<{ principal: Principal; user: SessionUser }> {
  const staff = account.userType === 1;
  const { names, privileges } = staff ? await rolesOf(store, account.roleIds) : { names: ['customer'], privileges: [] as Privilege[] };
  const userType = staff ? 1 : 5;
  const version = await accessVersionOf(store, account.accountId, staff ? account.roleIds : []);
  return {
    principal: { accountId: account.accountId, userType, roles: names, privileges, version, ...(familyId ? { familyId } : {}) },
    user: {
      userId: account.accountId,
      userType,
      firstName: account.firstName,
      lastName: account.lastName,
      email: account.email,
      locale: account.locale,
      roles: names,
      privileges,
    },
  };
}
