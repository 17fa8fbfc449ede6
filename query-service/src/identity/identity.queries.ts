import { createHash } from 'node:crypto';
import type { AdminView, CustomerAccountView, Paged, RoleView, SessionUser } from '@evc/contracts';
import type { DocumentStore, Filter } from '@evc/platform';
import type { Principal } from '@evc/platform/auth/principal';
import {
  ACCOUNTS,
  ADMINS,
  CUSTOMER_ACCOUNTS,
  RESET_LINKS,
  ROLES,
  resetLinkKey,
  type AdminDoc,
  type CustomerAccountDoc,
  type RoleDoc,
} from '@evc/projections';

export interface ListQuery {
  q?: string;
  page: number;
  pageSize: number;
}

const escapeRegex = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
const search = (q: string | undefined): Filter => (q ? { searchText: { $regex: escapeRegex(q.toLowerCase()) } } : {});
const page = (q: ListQuery) => ({ skip: (q.page - 1) * q.pageSize, limit: q.pageSize });

export const adminView = (d: AdminDoc, roles: { en: string; ar: string }[]): AdminView => ({
  adminId: d.adminId,
  firstName: d.firstName,
  lastName: d.lastName,
  email: d.email,
  roleIds: d.roleIds,
  roleNames: roles.map((r) => r.en),
  roleNamesAr: roles.map((r) => r.ar),
  isActive: d.isActive,
  revision: d.revision,
  createdAt: d.createdAt,
});

export const roleView = (d: RoleDoc): RoleView => ({
  roleId: d.roleId,
  name: d.name,
  nameAr: d.nameAr,
  privileges: d.privileges,
  adminIds: d.adminIds,
  revision: d.revision,
});

/** Who the customer is: both customer lists (this one and the staff customers screen) begin their rows with it. */
export const customerIdentity = (d: CustomerAccountDoc) => ({
  customerId: d.customerId,
  firstName: d.firstName,
  lastName: d.lastName,
  email: d.email,
  phone: d.phone,
  gender: d.gender,
});

export const customerAccountView = (d: CustomerAccountDoc): CustomerAccountView => ({
  ...customerIdentity(d),
  emailVerified: d.emailVerified,
  banned: d.banned,
  banReason: d.banReason,
  createdAt: d.createdAt,
  revision: d.revision,
});

/** Identity reads over the identity read models (which hold no credentials). */
export class IdentityQueries {
  constructor(private readonly documents: DocumentStore) {}

  /** The signed-in user: profile from the read model, roles and privileges as the token grants them. */
  async me(principal: Principal): Promise<SessionUser | null> {
    const doc = await ACCOUNTS.in(this.documents).findOne({ _id: principal.accountId });
    if (!doc) return null;
    return {
      userId: principal.accountId,
      userType: principal.userType,
      firstName: doc.firstName,
      lastName: doc.lastName,
      email: doc.email,
      locale: doc.locale,
      roles: principal.roles,
      privileges: principal.privileges,
    };
  }

  async admins(q: ListQuery): Promise<Paged<AdminView>> {
    const admins = ADMINS.in(this.documents);
    const filter = search(q.q);
    const [docs, totalCount, roles] = await Promise.all([
      admins.find(filter, { sort: { createdAt: 1, adminId: 1 }, ...page(q) }).toArray(),
      admins.countDocuments(filter),
      ROLES.in(this.documents)
        .find({}, { projection: { roleId: 1, name: 1, nameAr: 1 } })
        .toArray(),
    ]);
    const nameOf = new Map(roles.map((r) => [r.roleId, { en: r.name, ar: r.nameAr || r.name }]));
    const dataList = docs.map((d) =>
      adminView(
        d,
        d.roleIds.flatMap((id) => (nameOf.has(id) ? [nameOf.get(id)!] : [])),
      ),
    );
    return { dataList, totalCount };
  }

  async roles(q: ListQuery): Promise<Paged<RoleView>> {
    const roles = ROLES.in(this.documents);
    const filter: Filter = q.q
      ? { $or: [{ name: { $regex: escapeRegex(q.q), $options: 'i' } }, { nameAr: { $regex: escapeRegex(q.q) } }] }
      : {};
    const [docs, totalCount] = await Promise.all([
      roles.find(filter, { sort: { name: 1 }, ...page(q) }).toArray(),
      roles.countDocuments(filter),
    ]);
    return { dataList: docs.map(roleView), totalCount };
  }

  async customers(q: ListQuery): Promise<Paged<CustomerAccountView>> {
    const customers = CUSTOMER_ACCOUNTS.in(this.documents);
    const filter = search(q.q);
    const [docs, totalCount] = await Promise.all([
      customers.find(filter, { sort: { createdAt: -1, customerId: 1 }, ...page(q) }).toArray(),
      customers.countDocuments(filter),
    ]);
    return { dataList: docs.map(customerAccountView), totalCount };
  }

  /** Whether a reset link is still usable: issued, not used, not expired. */
  async resetLinkValid(token: string, now = new Date()): Promise<boolean> {
    const tokenHash = createHash('sha256').update(token).digest('hex');
    const link = await RESET_LINKS.in(this.documents).findOne({ _id: resetLinkKey(tokenHash) });
    return Boolean(link && !link.used && link.expiresAt > now.toISOString());
  }
}
