import { createHash } from 'node:crypto';
import type { DocumentStore, RecordedEvent } from '@evc/platform';
import type { Projection } from '../runner/projection';
import { mergeOne } from './merge';
import { RM } from './collections';

/** The parts of the identity events (command-service/src/identity/identity.events.ts) the read side shows. */
interface AccountData {
  accountId: string;
  firstName?: string;
  lastName?: string;
  email?: string;
  phone?: string;
  gender?: string;
  locale?: string;
  roleIds?: string[];
  reason?: string;
  tokenHash?: string;
  expiresAt?: string;
}
interface RoleData {
  roleId: string;
  name: string;
  nameAr: string;
  privileges: string[];
}

const ACCOUNT_EVENTS = [
  'CustomerSignedUp',
  'AdminCreated',
  'AdminUpdated',
  'AdminDeactivated',
  'AdminActivated',
  'EmailVerificationIssued',
  'EmailVerified',
  'PasswordResetRequested',
  'PasswordReset',
  'PasswordChanged',
  'ProfileUpdated',
  'CustomerBanned',
  'CustomerUnbanned',
] as const;

/**
 * The reset-link lookup key: a hash of the stored hash, so this collection never holds the value the event log
 * holds for a link. The query computes sha256(sha256(token)).
 */
export const resetLinkKey = (tokenHash: string) => createHash('sha256').update(tokenHash).digest('hex');

const searchText = (...parts: (string | undefined)[]) => parts.filter(Boolean).join(' ').toLowerCase();

/** Each role lists the staff members holding it; recomputed from the admins read model, so replays stay exact. */
async function refreshRoleMembers(documents: DocumentStore, roleIds: string[], changed: (c: string, id?: string) => void) {
  for (const roleId of new Set(roleIds)) {
    const holders = await documents.collection(RM.admins).find({ roleIds: roleId }, { sort: { adminId: 1 }, projection: { adminId: 1 } }).toArray();
    const result = await documents.collection(RM.roles).updateOne({ _id: roleId }, { $set: { adminIds: holders.map((h) => String(h.adminId)) } });
    if (result.matchedCount) changed(RM.roles, roleId);
  }
}

async function applyAccountEvent(event: RecordedEvent, documents: DocumentStore, changed: (c: string, id?: string) => void) {
  const d = event.data as AccountData;
  const id = d.accountId;
  const at = { revision: event.revision, position: event.position };
  const accounts = documents.collection(RM.accounts);
  const admins = documents.collection(RM.admins);
  const customers = documents.collection(RM.customers);
  // Explicit fields only: the events also carry password and token hashes, which never reach a read model.
  switch (event.type) {
    case 'CustomerSignedUp': {
      const profile = { accountId: id, userType: 5, firstName: d.firstName, lastName: d.lastName, email: d.email, locale: d.locale, banned: false, active: true };
      await mergeOne(accounts, id, profile);
      await mergeOne(
        customers,
        id,
        { customerId: id, firstName: d.firstName, lastName: d.lastName, email: d.email, phone: d.phone, gender: d.gender, createdAt: event.metadata.occurredAt, searchText: searchText(d.firstName, d.lastName, d.email, d.phone), ...at },
        { setOnInsert: { emailVerified: false, banned: false, banReason: null } },
      );
      break;
    }
    case 'AdminCreated': {
      await accounts.updateOne({ _id: id }, { $set: { accountId: id, userType: 1, firstName: d.firstName, lastName: d.lastName, email: d.email, locale: d.locale, banned: false, active: true } }, { upsert: true });
      await admins.updateOne(
        { _id: id },
        { $set: { adminId: id, firstName: d.firstName, lastName: d.lastName, email: d.email, roleIds: d.roleIds, createdAt: event.metadata.occurredAt, searchText: searchText(d.firstName, d.lastName, d.email), ...at }, $setOnInsert: { isActive: true } },
        { upsert: true },
      );
      await refreshRoleMembers(documents, d.roleIds ?? [], changed);
      break;
    }
    case 'AdminUpdated': {
      const before = await admins.findOne({ _id: id });
      await accounts.updateOne({ _id: id }, { $set: { firstName: d.firstName, lastName: d.lastName } });
      await admins.updateOne({ _id: id }, { $set: { firstName: d.firstName, lastName: d.lastName, roleIds: d.roleIds, searchText: searchText(d.firstName, d.lastName, String(before?.email ?? '')), ...at } });
      await refreshRoleMembers(documents, [...((before?.roleIds as string[] | undefined) ?? []), ...(d.roleIds ?? [])], changed);
      break;
    }
    case 'AdminDeactivated':
    case 'AdminActivated': {
      const active = event.type === 'AdminActivated';
      await accounts.updateOne({ _id: id }, { $set: { active } });
      await admins.updateOne({ _id: id }, { $set: { isActive: active, ...at } });
      break;
    }
    case 'EmailVerified':
      await mergeOne(customers, id, { emailVerified: true, ...at }, { upsert: false });
      break;
    case 'ProfileUpdated': {
      await accounts.updateOne({ _id: id }, { $set: { firstName: d.firstName, lastName: d.lastName, locale: d.locale } });
      const patch = { firstName: d.firstName, lastName: d.lastName, ...at };
      const admin = await admins.findOne({ _id: id });
      if (admin) await admins.updateOne({ _id: id }, { $set: { ...patch, searchText: searchText(d.firstName, d.lastName, String(admin.email)) } });
      const customer = await customers.findOne({ _id: id });
      if (customer) await customers.updateOne({ _id: id }, { $set: { ...patch, searchText: searchText(d.firstName, d.lastName, String(customer.email), String(customer.phone)) } });
      break;
    }
    case 'CustomerBanned':
    case 'CustomerUnbanned': {
      const banned = event.type === 'CustomerBanned';
      await accounts.updateOne({ _id: id }, { $set: { banned } });
      await customers.updateOne({ _id: id }, { $set: { banned, banReason: banned ? (d.reason ?? null) : null, ...at } });
      break;
    }
    case 'PasswordResetRequested':
      await documents.collection(RM.resetLinks).updateOne({ _id: resetLinkKey(d.tokenHash!) }, { $set: { accountId: id, expiresAt: d.expiresAt }, $setOnInsert: { used: false } }, { upsert: true });
      await Promise.all([admins.updateOne({ _id: id }, { $set: at }), customers.updateOne({ _id: id }, { $set: at })]);
      break;
    case 'PasswordReset':
      // The reset consumed the link and every sibling: none of them is valid any more.
      await documents.collection(RM.resetLinks).updateMany({ accountId: id }, { $set: { used: true } });
      await Promise.all([admins.updateOne({ _id: id }, { $set: at }), customers.updateOne({ _id: id }, { $set: at })]);
      break;
    default:
      // Credential-only events still move the revision staff edit against.
      await Promise.all([mergeOne(admins, id, at, { upsert: false }), mergeOne(customers, id, at, { upsert: false })]);
  }
  changed(RM.accounts, id);
  changed(RM.admins, id);
  changed(RM.customers, id);
}

/** Staff, customers, roles and account profiles for the identity screens and me.get. */
export const identityProjection: Projection = {
  name: 'identity',
  collections: [RM.accounts, RM.admins, RM.customers, RM.roles, RM.resetLinks],
  handles: [...ACCOUNT_EVENTS, 'RoleCreated', 'RoleUpdated'],
  async setup(documents) {
    await documents.collection(RM.admins).createIndex({ roleIds: 1 });
    // The staff customers list sorts and filters on these (MongoDB uses them; the memory store hashes equalities).
    await documents.collection(RM.customers).createIndex({ createdAt: -1 });
    await documents.collection(RM.customers).createIndex({ banned: 1 });
    await documents.collection(RM.customers).createIndex({ lastName: 1, firstName: 1 });
    await documents.collection(RM.customers).createIndex({ email: 1 });
    await documents.collection(RM.resetLinks).createIndex({ accountId: 1 });
  },
  async apply(event, { documents, changed }) {
    if (event.type === 'RoleCreated' || event.type === 'RoleUpdated') {
      const d = event.data as RoleData;
      await documents.collection(RM.roles).updateOne(
        { _id: d.roleId },
        { $set: { roleId: d.roleId, name: d.name, nameAr: d.nameAr, privileges: d.privileges, revision: event.revision, position: event.position }, $setOnInsert: { adminIds: [] } },
        { upsert: true },
      );
      changed(RM.roles, d.roleId);
      if (event.type === 'RoleCreated') await refreshRoleMembers(documents, [d.roleId], changed);
      return;
    }
    await applyAccountEvent(event, documents, changed);
  },
};
