import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CustomerAccountView, MailView, Paged, RoleView, SessionUser } from '@evc/contracts';
import { SEEDED_ROLES } from '@evc/contracts';
import { TEST_ADMIN, startTestApp, type TestApp } from '../support/app';
import { adminsList, command, customerToken, givenStaff, query, refresh, signIn, superAdminToken, uniqueEmail } from '../support/identity';

const STAFF_QUERIES = [
  '/api/queries/admins',
  '/api/queries/roles',
  '/api/queries/customers',
  '/api/queries/mailbox',
  '/api/queries/page-views',
];

describe('staff identity and access over HTTP', () => {
  let app: TestApp;
  let superToken: string;
  beforeAll(async () => {
    app = await startTestApp();
    superToken = await superAdminToken(app);
  });
  afterAll(() => app?.close());

  it('the seeded super admin signs in as staff with every privilege, and not as a customer', async () => {
    const session = await signIn(app.baseUrl, TEST_ADMIN.email, TEST_ADMIN.password, 'staff');
    expect(session.status).toBe(200);
    expect(session.body).toMatchObject({ userType: 1, roles: ['Super admin'], user: { email: TEST_ADMIN.email } });
    expect(session.body.user.privileges).toEqual(SEEDED_ROLES[0]!.privileges);
    const asCustomer = await signIn(app.baseUrl, TEST_ADMIN.email, TEST_ADMIN.password, 'customer');
    expect([asCustomer.status, asCustomer.body.code]).toEqual([401, 'identity.invalid_credentials']);
    const me = await query<SessionUser>(app, '/api/queries/me', session.body.token);
    expect(me.body).toMatchObject({ userType: 1, firstName: 'Super', roles: ['Super admin'] });
  });

  it('a customer token is 403 auth.forbidden on every staff command and query; no token is 401', async () => {
    const { token } = await customerToken(app);
    const create = await command(
      app,
      'admins.create',
      { adminId: randomUUID(), firstName: 'Evil', lastName: 'Person', email: uniqueEmail(), roleIds: [], password: 'Falafel-Tram-63x' },
      token,
    );
    expect([create.status, create.body.code]).toEqual([403, 'auth.forbidden']);
    const ban = await command(app, 'customers.ban', { customerId: randomUUID(), reason: 'no reason at all' }, token);
    expect([ban.status, ban.body.code]).toEqual([403, 'auth.forbidden']);
    const role = await command(
      app,
      'roles.create',
      { roleId: 'role-evil', name: 'Evil role', nameAr: 'شرير', privileges: ['admins.write'] },
      token,
    );
    expect(role.status).toBe(403);
    for (const path of STAFF_QUERIES) {
      const res = await query(app, path, token);
      expect([path, res.status, res.body.code]).toEqual([path, 403, 'auth.forbidden']);
      const anonymous = await query(app, path);
      expect([path, anonymous.status, anonymous.body.code]).toEqual([path, 401, 'auth.unauthenticated']);
    }
  });

  it('a Viewer may read staff lists but gets 403 on admins.create; the Super admin may create', async () => {
    const viewer = await givenStaff(app, ['role-viewer'], superToken);
    expect((await adminsList(app, viewer.token)).status).toBe(200);
    const body = {
      adminId: randomUUID(),
      firstName: 'Nour',
      lastName: 'Samir',
      email: uniqueEmail('nour'),
      roleIds: ['role-operator'],
      password: 'Falafel-Tram-63x',
    };
    const refused = await command(app, 'admins.create', body, viewer.token);
    expect([refused.status, refused.body.code]).toEqual([403, 'auth.forbidden']);
    expect((await query(app, '/api/queries/mailbox', viewer.token)).status).toBe(403);
    const created = await command(app, 'admins.create', body, superToken);
    expect(created.status).toBe(200);
    const list = await adminsList(app, superToken, created.body.position);
    expect(list.body.dataList.find((a) => a.adminId === body.adminId)).toMatchObject({
      email: body.email,
      roleNames: ['Operator'],
      roleNamesAr: [expect.stringMatching(/[\u0600-\u06FF]/)],
      isActive: true,
      revision: 0,
    });
  });

  it('page-view counts need analytics.read: 200 for the Viewer, 403 for an Operator', async () => {
    const viewer = await givenStaff(app, ['role-viewer'], superToken);
    const operator = await givenStaff(app, ['role-operator'], superToken);
    expect((await query(app, '/api/queries/page-views', viewer.token)).status).toBe(200);
    expect((await query(app, '/api/queries/page-views', operator.token)).status).toBe(403);
  });

  it('roles: create with privileges, update, list with the admins holding each', async () => {
    const roleId = `role-${randomUUID().slice(0, 8)}`;
    const created = await command(
      app,
      'roles.create',
      { roleId, name: 'Support desk', nameAr: 'الدعم', privileges: ['customers.read', 'contact.manage'] },
      superToken,
    );
    expect(created.status).toBe(200);
    const dup = await command(app, 'roles.create', { roleId, name: 'Other name', nameAr: 'آخر', privileges: [] }, superToken);
    expect([dup.status, dup.body.code]).toEqual([409, 'identity.role_exists']);
    const missing = await command(
      app,
      'roles.update',
      { roleId: 'role-missing', name: 'Nothing', nameAr: 'لا شيء', privileges: [] },
      superToken,
    );
    expect([missing.status, missing.body.code]).toEqual([404, 'identity.role_not_found']);
    const staff = await givenStaff(app, [roleId], superToken);
    expect(staff.token).toBeTruthy();
    const updated = await command(
      app,
      'roles.update',
      { roleId, name: 'Support desk', nameAr: 'الدعم', privileges: ['customers.read', 'customers.ban'], expectedRevision: 0 },
      superToken,
    );
    expect(updated.status).toBe(200);
    const roles = await query<Paged<RoleView>>(app, `/api/queries/roles?pageSize=100&position=${updated.body.position}`, superToken);
    expect(roles.body.dataList.find((r) => r.roleId === roleId)).toMatchObject({
      privileges: ['customers.ban', 'customers.read'],
      adminIds: [staff.adminId],
      revision: 1,
    });
    expect(roles.body.dataList.find((r) => r.roleId === 'role-super-admin')?.adminIds).toHaveLength(1);
    // The new privileges reach the staff member's token at the next refresh.
    const refreshed = await refresh(app.baseUrl, staff.cookie);
    expect(refreshed.body.user.privileges).toEqual(['customers.read', 'customers.ban']);
  });

  it('admins.update changes roles with the revision it saw; a stale revision is 409', async () => {
    const staff = await givenStaff(app, ['role-viewer'], superToken);
    const ok = await command(
      app,
      'admins.update',
      { adminId: staff.adminId, firstName: 'Karim', lastName: 'Fathy', roleIds: ['role-manager'], expectedRevision: 0 },
      superToken,
    );
    expect(ok.status).toBe(200);
    const stale = await command(
      app,
      'admins.update',
      { adminId: staff.adminId, firstName: 'Karim', lastName: 'Other', roleIds: [], expectedRevision: 0 },
      superToken,
    );
    expect([stale.status, stale.body.code]).toEqual([409, 'concurrency.conflict']);
    const unknownRole = await command(
      app,
      'admins.update',
      { adminId: staff.adminId, firstName: 'Karim', lastName: 'Fathy', roleIds: ['role-nope'], expectedRevision: 1 },
      superToken,
    );
    expect([unknownRole.status, unknownRole.body.code]).toEqual([404, 'identity.role_not_found']);
    const list = await adminsList(app, superToken, ok.body.position);
    expect(list.body.dataList.find((a) => a.adminId === staff.adminId)).toMatchObject({
      lastName: 'Fathy',
      roleNames: ['Manager'],
      revision: 1,
    });
  });

  it('the staff e-mail is unique across customers and staff; a welcome mail reaches the new staff member in the dev mailbox', async () => {
    const { email } = await customerToken(app);
    const res = await command(
      app,
      'admins.create',
      { adminId: randomUUID(), firstName: 'Dup', lastName: 'Mail', email, roleIds: [], password: 'Falafel-Tram-63x' },
      superToken,
    );
    expect([res.status, res.body.code]).toEqual([409, 'identity.email_exists']);
    const staff = await givenStaff(app, ['role-operator'], superToken);
    await expect
      .poll(async () =>
        (await query<Paged<MailView>>(app, `/api/queries/mailbox?q=${encodeURIComponent(staff.email)}`, superToken)).body.dataList.map(
          (m) => m.subject,
        ),
      )
      .toEqual(['Your staff account at EV Charge Egypt']);
  });

  it('customers.list shows ban state; a ban needs a reason and customers.ban', async () => {
    const customer = await customerToken(app);
    const noReason = await command(app, 'customers.ban', { customerId: customer.customerId, reason: '  ' }, superToken);
    expect(noReason.status).toBe(400);
    const banned = await command(app, 'customers.ban', { customerId: customer.customerId, reason: 'fraudulent top-ups' }, superToken);
    expect(banned.status).toBe(200);
    const notACustomer = await command(app, 'customers.ban', { customerId: randomUUID(), reason: 'fraudulent top-ups' }, superToken);
    expect([notACustomer.status, notACustomer.body.code]).toEqual([404, 'identity.customer_not_found']);
    const list = await query<Paged<CustomerAccountView>>(
      app,
      `/api/queries/customers?q=${encodeURIComponent(customer.email)}&position=${banned.body.position}`,
      superToken,
    );
    expect(list.body.dataList).toEqual([
      expect.objectContaining({ customerId: customer.customerId, banned: true, banReason: 'fraudulent top-ups', emailVerified: true }),
    ]);
    const events = await app.embedded.infra.eventStore.readStream(`account-${customer.customerId}`);
    expect(events.at(-1)).toMatchObject({
      type: 'CustomerBanned',
      data: { reason: 'fraudulent top-ups' },
      metadata: { reason: 'fraudulent top-ups', actor: { type: 'staff' } },
    });
    const unbanned = await command(app, 'customers.unban', { customerId: customer.customerId, reason: 'cleared after review' }, superToken);
    expect(unbanned.status).toBe(200);
    expect((await signIn(app.baseUrl, customer.email, customer.password)).status).toBe(200);
  });
});
