import { ACCOUNT_ACCESS_EVENTS, type AccountEvent, type RoleEvent } from '@evc/contracts';
import type { EventHandler, EventHandlers, Projection } from '../runner/projection';
import { readModel } from '../shared/read-model';
import { READ_MODELS } from '../shared/read-models';

/**
 * What the guards of both services compare a token with: per account, its access version (the newest
 * position of an access event on its stream or on a role it holds, as contracts identity/access-version.ts
 * defines it, so the command side signs the same number), whether it is banned or deactivated, and its roles (to
 * fan a role's change out to its holders). Positions make it exact under replay and rebuild.
 */
export type AccountAccessDoc = { _id: string; version: number; banned: boolean; active: boolean; roleIds: string[] };

export const ACCOUNT_ACCESS = readModel<AccountAccessDoc>(READ_MODELS.accountAccess);

/**
 * Sign-ins (refresh families) that ended: signed out, or revoked for reuse, a ban or a password change. A token
 * carries its family (`fam`), so the query side refuses this sign-in's access tokens at once, not at their expiry,
 * while the account's other sign-ins go on. A family never starts again, so a document is never removed.
 */
export type EndedSignInDoc = { _id: string; accountId: string | null };

export const ENDED_SIGN_INS = readModel<EndedSignInDoc>(READ_MODELS.endedSignIns);

type AccessEvent = (typeof ACCOUNT_ACCESS_EVENTS)[number];
type Fields = Partial<Pick<AccountAccessDoc, 'banned' | 'active' | 'roleIds'>>;

const FIELDS: { [K in AccessEvent]: (data: Extract<AccountEvent, { type: K }>['data']) => Fields } = {
  CustomerSignedUp: () => ({ banned: false, active: true, roleIds: [] }),
  AdminCreated: (d) => ({ banned: false, active: true, roleIds: d.roleIds }),
  AdminUpdated: (d) => ({ roleIds: d.roleIds }),
  AdminDeactivated: () => ({ active: false }),
  AdminActivated: () => ({ active: true }),
  CustomerBanned: () => ({ banned: true }),
  CustomerUnbanned: () => ({ banned: false }),
  PasswordChanged: () => ({}),
  PasswordReset: () => ({}),
};

const onAccount =
  <K extends AccessEvent>(type: K): EventHandler<K> =>
  async (event, { documents, changed }) => {
    const fields = FIELDS[type](event.data as never);
    const id = event.data.accountId;
    await ACCOUNT_ACCESS.in(documents).updateOne({ _id: id }, { $set: fields, $max: { version: event.position } }, { upsert: true });
    // Private (the account's own): it never goes out on the public live stream.
    changed(ACCOUNT_ACCESS.name, id, [id]);
  };

/** A role's privileges changed: every account holding it moves past the tokens signed before. */
const onRole: EventHandler<RoleEvent['type']> = async (event, { documents, changed }) => {
  const accounts = ACCOUNT_ACCESS.in(documents);
  const holders = await accounts.find({ roleIds: event.data.roleId }, { projection: { _id: 1 } }).toArray();
  for (const { _id } of holders) {
    await accounts.updateOne({ _id }, { $max: { version: event.position } });
    changed(ACCOUNT_ACCESS.name, _id, [_id]);
  }
};

const onFamilyRevoked: EventHandler<'RefreshFamilyRevoked'> = async (event, { documents, changed }) => {
  const { familyId, accountId = null } = event.data;
  await ENDED_SIGN_INS.in(documents).updateOne({ _id: familyId }, { $set: { accountId } }, { upsert: true });
  // Private (the account's own): the query side's guard drops the family from its cache and re-checks live streams.
  changed(ENDED_SIGN_INS.name, familyId, accountId ? [accountId] : []);
};

const on: EventHandlers = { RoleCreated: onRole, RoleUpdated: onRole, RefreshFamilyRevoked: onFamilyRevoked };
for (const type of ACCOUNT_ACCESS_EVENTS) (on as Record<string, unknown>)[type] = onAccount(type);

export const accountAccessProjection: Projection = {
  name: 'account-access',
  collections: [ACCOUNT_ACCESS.name, ENDED_SIGN_INS.name],
  async setup(documents) {
    await ACCOUNT_ACCESS.in(documents).createIndex({ roleIds: 1 });
  },
  on,
};
