import { createHash } from 'node:crypto';
import type { AdminView, CustomerAccountView, Paged, RoleView, SessionUser } from '@evc/contracts';
import type { Doc, DocumentStore, Filter } from '@evc/platform';
import type { Principal } from '@evc/platform/auth/principal';
import { RM, resetLinkKey } from '@evc/projections';

export interface ListQuery {
  q?: string;
  page: number;
  pageSize: number;
}

const escapeRegex = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
const search = (q: string | undefined): Filter => (q ? { searchText: { $regex: escapeRegex(q.toLowerCase()) } } : {});
const page = (q: ListQuery) => ({ skip: (q.page - 1) * q.pageSize, limit: q.pageSize });

/** Identity reads over the identity read models (which hold no credentials). */
export class IdentityQueries {
  constructor(private readonly documents: DocumentStore) {}

  /** The signed-in user: profile from the read model, roles and privileges as the token grants them. */
  async me(principal: Principal): Promise<SessionUser | null> {
    const doc = await this.documents.collection(RM.accounts).findOne({ _id: principal.accountId });
    if (!doc) return null;
    return {
      userId: principal.accountId,
      userType: principal.userType,
      firstName: String(doc.firstName),
      lastName: String(doc.lastName),
      email: String(doc.email),
      locale: doc.locale === 'ar' ? 'ar' : 'en',
      roles: principal.roles,
      privileges: principal.privileges,
    };
  }

  async admins(q: ListQuery): Promise<Paged<AdminView>> {
    const admins = this.documents.collection(RM.admins);
    const filter = search(q.q);
    const [docs, totalCount, roles] = await Promise.all([
      admins.find(filter, { sort: { createdAt: 1, adminId: 1 }, ...page(q) }).toArray(),
      admins.countDocuments(filter),
      this.documents.collection(RM.roles).find({}, { projection: { roleId: 1, name: 1 } }).toArray(),
    ]);
    const nameOf = new Map(roles.map((r) => [String(r.roleId), String(r.name)]));
    const dataList = docs.map((d) => {
      const roleIds = (d.roleIds as string[] | undefined) ?? [];
      return {
        adminId: String(d.adminId),
        firstName: String(d.firstName),
        lastName: String(d.lastName),
        email: String(d.email),
        roleIds,
        roleNames: roleIds.flatMap((id) => (nameOf.has(id) ? [nameOf.get(id)!] : [])),
        isActive: d.isActive !== false,
        revision: Number(d.revision),
        createdAt: String(d.createdAt),
      };
    });
    return { dataList, totalCount };
  }

  async roles(q: ListQuery): Promise<Paged<RoleView>> {
    const roles = this.documents.collection(RM.roles);
    const filter: Filter = q.q ? { $or: [{ name: { $regex: escapeRegex(q.q), $options: 'i' } }, { nameAr: { $regex: escapeRegex(q.q) } }] } : {};
    const [docs, totalCount] = await Promise.all([roles.find(filter, { sort: { name: 1 }, ...page(q) }).toArray(), roles.countDocuments(filter)]);
    const dataList = docs.map((d: Doc) => ({
      roleId: String(d.roleId),
      name: String(d.name),
      nameAr: String(d.nameAr),
      privileges: d.privileges as RoleView['privileges'],
      adminIds: (d.adminIds as string[] | undefined) ?? [],
      revision: Number(d.revision),
    }));
    return { dataList, totalCount };
  }

  async customers(q: ListQuery): Promise<Paged<CustomerAccountView>> {
    const customers = this.documents.collection(RM.customers);
    const filter = search(q.q);
    const [docs, totalCount] = await Promise.all([
      customers.find(filter, { sort: { createdAt: -1, customerId: 1 }, ...page(q) }).toArray(),
      customers.countDocuments(filter),
    ]);
    const dataList = docs.map((d) => ({
      customerId: String(d.customerId),
      firstName: String(d.firstName),
      lastName: String(d.lastName),
      email: String(d.email),
      phone: String(d.phone),
      gender: d.gender === 'female' ? ('female' as const) : ('male' as const),
      emailVerified: d.emailVerified === true,
      banned: d.banned === true,
      banReason: typeof d.banReason === 'string' ? d.banReason : null,
      createdAt: String(d.createdAt),
      revision: Number(d.revision),
    }));
    return { dataList, totalCount };
  }

  /** Whether a reset link is still usable: issued, not used, not expired. */
  async resetLinkValid(token: string, now = new Date()): Promise<boolean> {
    const tokenHash = createHash('sha256').update(token).digest('hex');
    const link = await this.documents.collection(RM.resetLinks).findOne({ _id: resetLinkKey(tokenHash) });
    return Boolean(link && link.used !== true && String(link.expiresAt) > now.toISOString());
  }
}
