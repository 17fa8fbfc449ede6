import { createHash } from 'node:crypto';
import { USER_TYPE, type AccountEvent, type Locale, type Privilege, type UserType } from '@evc/contracts';
import type { DocumentStore } from '@evc/platform';
import type { EventHandler, Projection, ProjectionContext, RecordedEventOf } from '../runner/projection';
import { mergeOne } from '../shared/merge';
import { readModel } from '../shared/read-model';
import { READ_MODELS } from '../shared/read-models';

/** Every account's profile (me.get, actor names). userType 1 = staff, 5 = customer. */
export type AccountDoc = {
  _id: string;
  accountId: string;
  userType: UserType;
  firstName: string;
  lastName: string;
  email: string;
  locale: Locale;
  banned: boolean;
  active: boolean;
};

/** `revision` is the account stream's: staff edit against it. */
type Revisioned = { revision: number; position: number };

export type AdminDoc = Revisioned & {
  _id: string;
  adminId: string;
  firstName: string;
  lastName: string;
  email: string;
  roleIds: string[];
  isActive: boolean;
  createdAt: string;
  searchText: string;
};

export type CustomerAccountDoc = Revisioned & {
  _id: string;
  customerId: string;
  firstName: string;
  lastName: string;
  email: string;
  phone: string;
  gender: 'male' | 'female';
  emailVerified: boolean;
  banned: boolean;
  banReason: string | null;
  createdAt: string;
  /** Name, e-mail and phone, lower-cased. */
  searchText: string;
  /** Written by the sessions projection: the latest start of charging. */
  lastChargeAt?: string;
  /** `active` while any of the customer's cards is, `inactive` when none is (set by the cards projection). */
  cardStatus?: 'active' | 'inactive';
  /** Written by the wallet projection. */
  walletBalance?: number;
  /** YYYY-MM-DD, from the personal info (customer-profiles projection); the age is computed on the day it is read. */
  birthDate?: string;
  /** The customer's cars (customer-cars projection): how many, the latest registered, every licence image. */
  cars?: CustomerCarsSummary;
};

export type CustomerCarsSummary = {
  count: number;
  latest: {
    brandNameEn: string;
    brandNameAr: string;
    typeNameEn: string;
    typeNameAr: string;
    batteryRangeName: string;
    batteryRangeNameAr: string;
  } | null;
  licenceImageIds: string[];
};

export type RoleDoc = Revisioned & {
  _id: string;
  roleId: string;
  name: string;
  nameAr: string;
  privileges: Privilege[];
  adminIds: string[];
};

/** Keyed by `resetLinkKey(tokenHash)`. */
export type ResetLinkDoc = { _id: string; accountId: string; expiresAt: string; used: boolean };

export const ACCOUNTS = readModel<AccountDoc>(READ_MODELS.accounts);
export const ADMINS = readModel<AdminDoc>(READ_MODELS.admins);
export const CUSTOMER_ACCOUNTS = readModel<CustomerAccountDoc>(READ_MODELS.customers);
export const ROLES = readModel<RoleDoc>(READ_MODELS.roles);
export const RESET_LINKS = readModel<ResetLinkDoc>(READ_MODELS.resetLinks);

/**
 * The reset-link lookup key: a hash of the stored hash, so this collection never holds the value the event log
 * holds for a link. The query computes sha256(sha256(token)).
 */
export const resetLinkKey = (tokenHash: string) => createHash('sha256').update(tokenHash).digest('hex');

const searchText = (...parts: string[]) => parts.filter(Boolean).join(' ').toLowerCase();
const revisionOf = (event: { revision: number; position: number }): Revisioned => ({ revision: event.revision, position: event.position });

/** Each role lists the staff members holding it; recomputed from the admins read model, so replays stay exact. */
async function refreshRoleMembers(documents: DocumentStore, roleIds: string[], changed: ProjectionContext['changed']) {
  for (const roleId of new Set(roleIds)) {
    const holders = await ADMINS.in(documents)
      .find({ roleIds: roleId }, { sort: { adminId: 1 }, projection: { adminId: 1 } })
      .toArray();
    const result = await ROLES.in(documents).updateOne({ _id: roleId }, { $set: { adminIds: holders.map((h) => h.adminId) } });
    if (result.matchedCount) changed(READ_MODELS.roles, roleId);
  }
}

/** An account event's writes, then the change notices every account event gives (profile, staff, customer). */
function onAccount<K extends AccountEvent['type']>(
  apply: (event: RecordedEventOf<K>, context: ProjectionContext) => Promise<unknown>,
): EventHandler<K> {
  return async (event, context) => {
    await apply(event, context);
    const id = event.data.accountId;
    context.changed(READ_MODELS.accounts, id);
    context.changed(READ_MODELS.admins, id);
    context.changed(READ_MODELS.customers, id);
  };
}

/** Both staff and customer views move to the event's revision (whichever the account is). */
const touch = (documents: DocumentStore, id: string, at: Revisioned) =>
  Promise.all([
    mergeOne(ADMINS.in(documents), id, at, { upsert: false }),
    mergeOne(CUSTOMER_ACCOUNTS.in(documents), id, at, { upsert: false }),
  ]);

// Explicit fields only: the events also carry password and token hashes, which never reach a read model.
const setActive = onAccount<'AdminDeactivated' | 'AdminActivated'>(async (event, { documents }) => {
  const active = event.type === 'AdminActivated';
  await ACCOUNTS.in(documents).updateOne({ _id: event.data.accountId }, { $set: { active } });
  await ADMINS.in(documents).updateOne({ _id: event.data.accountId }, { $set: { isActive: active, ...revisionOf(event) } });
});

const setBanned = onAccount<'CustomerBanned' | 'CustomerUnbanned'>(async (event, { documents }) => {
  const banned = event.type === 'CustomerBanned';
  await ACCOUNTS.in(documents).updateOne({ _id: event.data.accountId }, { $set: { banned } });
  await CUSTOMER_ACCOUNTS.in(documents).updateOne(
    { _id: event.data.accountId },
    { $set: { banned, banReason: banned ? event.data.reason : null, ...revisionOf(event) } },
  );
});

const setRole: EventHandler<'RoleCreated' | 'RoleUpdated'> = async (event, { documents, changed }) => {
  const d = event.data;
  await ROLES.in(documents).updateOne(
    { _id: d.roleId },
    {
      $set: { roleId: d.roleId, name: d.name, nameAr: d.nameAr, privileges: d.privileges, ...revisionOf(event) },
      $setOnInsert: { adminIds: [] },
    },
    { upsert: true },
  );
  changed(READ_MODELS.roles, d.roleId);
  if (event.type === 'RoleCreated') await refreshRoleMembers(documents, [d.roleId], changed);
};

/** Staff, customers, roles and account profiles for the identity screens and me.get. */
export const identityProjection: Projection = {
  name: 'identity',
  collections: [READ_MODELS.accounts, READ_MODELS.admins, READ_MODELS.customers, READ_MODELS.roles, READ_MODELS.resetLinks],
  async setup(documents) {
    await documents.collection(READ_MODELS.admins).createIndex({ roleIds: 1 });
    // The staff customers list sorts and filters on these (MongoDB uses them; the memory store hashes equalities).
    await documents.collection(READ_MODELS.customers).createIndex({ createdAt: -1 });
    await documents.collection(READ_MODELS.customers).createIndex({ banned: 1 });
    await documents.collection(READ_MODELS.customers).createIndex({ lastName: 1, firstName: 1 });
    await documents.collection(READ_MODELS.customers).createIndex({ email: 1 });
    await documents.collection(READ_MODELS.resetLinks).createIndex({ accountId: 1 });
  },
  on: {
    CustomerSignedUp: onAccount(async (event, { documents }) => {
      const { accountId: id, ...d } = event.data;
      await mergeOne(ACCOUNTS.in(documents), id, {
        accountId: id,
        userType: USER_TYPE.customer,
        firstName: d.firstName,
        lastName: d.lastName,
        email: d.email,
        locale: d.locale,
        banned: false,
        active: true,
      });
      await mergeOne(
        CUSTOMER_ACCOUNTS.in(documents),
        id,
        {
          customerId: id,
          firstName: d.firstName,
          lastName: d.lastName,
          email: d.email,
          phone: d.phone,
          gender: d.gender,
          createdAt: event.metadata.occurredAt,
          searchText: searchText(d.firstName, d.lastName, d.email, d.phone),
          ...revisionOf(event),
        },
        { setOnInsert: { emailVerified: false, banned: false, banReason: null } },
      );
    }),
    AdminCreated: onAccount(async (event, { documents, changed }) => {
      const { accountId: id, ...d } = event.data;
      await ACCOUNTS.in(documents).updateOne(
        { _id: id },
        {
          $set: {
            accountId: id,
            userType: USER_TYPE.staff,
            firstName: d.firstName,
            lastName: d.lastName,
            email: d.email,
            locale: d.locale,
            banned: false,
            active: true,
          },
        },
        { upsert: true },
      );
      await ADMINS.in(documents).updateOne(
        { _id: id },
        {
          $set: {
            adminId: id,
            firstName: d.firstName,
            lastName: d.lastName,
            email: d.email,
            roleIds: d.roleIds,
            createdAt: event.metadata.occurredAt,
            searchText: searchText(d.firstName, d.lastName, d.email),
            ...revisionOf(event),
          },
          $setOnInsert: { isActive: true },
        },
        { upsert: true },
      );
      await refreshRoleMembers(documents, d.roleIds, changed);
    }),
    AdminUpdated: onAccount(async (event, { documents, changed }) => {
      const { accountId: id, ...d } = event.data;
      const admins = ADMINS.in(documents);
      const before = await admins.findOne({ _id: id });
      await ACCOUNTS.in(documents).updateOne({ _id: id }, { $set: { firstName: d.firstName, lastName: d.lastName } });
      await admins.updateOne(
        { _id: id },
        {
          $set: {
            firstName: d.firstName,
            lastName: d.lastName,
            roleIds: d.roleIds,
            searchText: searchText(d.firstName, d.lastName, before?.email ?? ''),
            ...revisionOf(event),
          },
        },
      );
      await refreshRoleMembers(documents, [...(before?.roleIds ?? []), ...d.roleIds], changed);
    }),
    AdminDeactivated: setActive,
    AdminActivated: setActive,
    EmailVerified: onAccount((event, { documents }) =>
      mergeOne(CUSTOMER_ACCOUNTS.in(documents), event.data.accountId, { emailVerified: true, ...revisionOf(event) }, { upsert: false }),
    ),
    ProfileUpdated: onAccount(async (event, { documents }) => {
      const { accountId: id, ...d } = event.data;
      await ACCOUNTS.in(documents).updateOne({ _id: id }, { $set: { firstName: d.firstName, lastName: d.lastName, locale: d.locale } });
      const patch = { firstName: d.firstName, lastName: d.lastName, ...revisionOf(event) };
      const [admins, customers] = [ADMINS.in(documents), CUSTOMER_ACCOUNTS.in(documents)];
      const admin = await admins.findOne({ _id: id });
      if (admin) await admins.updateOne({ _id: id }, { $set: { ...patch, searchText: searchText(d.firstName, d.lastName, admin.email) } });
      const customer = await customers.findOne({ _id: id });
      if (customer)
        await customers.updateOne(
          { _id: id },
          { $set: { ...patch, searchText: searchText(d.firstName, d.lastName, customer.email, customer.phone) } },
        );
    }),
    CustomerBanned: setBanned,
    CustomerUnbanned: setBanned,
    PasswordResetRequested: onAccount(async (event, { documents }) => {
      const d = event.data;
      await RESET_LINKS.in(documents).updateOne(
        { _id: resetLinkKey(d.tokenHash) },
        { $set: { accountId: d.accountId, expiresAt: d.expiresAt }, $setOnInsert: { used: false } },
        { upsert: true },
      );
      await touch(documents, d.accountId, revisionOf(event));
    }),
    PasswordReset: onAccount(async (event, { documents }) => {
      // The reset consumed the link and every sibling: none of them is valid any more.
      await RESET_LINKS.in(documents).updateMany({ accountId: event.data.accountId }, { $set: { used: true } });
      await touch(documents, event.data.accountId, revisionOf(event));
    }),
    // Credential-only events still move the revision staff edit against.
    EmailVerificationIssued: onAccount((event, { documents }) => touch(documents, event.data.accountId, revisionOf(event))),
    PasswordChanged: onAccount((event, { documents }) => touch(documents, event.data.accountId, revisionOf(event))),
    RoleCreated: setRole,
    RoleUpdated: setRole,
  },
};
