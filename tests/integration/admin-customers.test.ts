import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AuditEntry, CustomerAdminView, Paged } from '@evc/contracts';
import { adminGet, must } from '../support/admin';
import { startTestApp, type TestApp } from '../support/app';
import { command, givenStaff, givenVerifiedCustomer, superAdminToken } from '../support/identity';

describe('admin: customers list, search, filter and history', () => {
  let app: TestApp;
  let token: string;
  beforeAll(async () => {
    app = await startTestApp();
    token = await superAdminToken(app);
  });
  afterAll(() => app?.close());

  it('lists customers with the screen fields, searches name / e-mail / phone, filters banned, and exports CSV', async () => {
    const nour = await givenVerifiedCustomer(app, { firstName: 'Nour', lastName: 'Fathy', phone: '01198765432' });
    const omar = await givenVerifiedCustomer(app, { firstName: 'Omar', lastName: 'Salah', phone: '01234567890' });
    const ban = await must(app, 'customers.ban', { customerId: omar.customerId, reason: 'Fraudulent top-ups' }, token);

    const byName = await adminGet<Paged<CustomerAdminView>>(app, 'customers?q=nour', token, ban.position);
    expect(byName.body.dataList).toEqual([
      expect.objectContaining({
        customerId: nour.customerId,
        firstName: 'Nour',
        emailVerified: true,
        banned: false,
        carType: null,
        walletBalance: null,
        licenceImageIds: [],
        age: null,
      }),
    ]);
    expect(
      (await adminGet<Paged<CustomerAdminView>>(app, 'customers?q=01234567890', token)).body.dataList.map((c) => c.customerId),
    ).toEqual([omar.customerId]);
    expect((await adminGet<Paged<CustomerAdminView>>(app, `customers?q=${encodeURIComponent(nour.email)}`, token)).body.totalCount).toBe(1);
    const banned = await adminGet<Paged<CustomerAdminView>>(app, 'customers?banned=true', token);
    expect(banned.body.dataList.map((c) => [c.customerId, c.banReason])).toEqual([[omar.customerId, 'Fraudulent top-ups']]);
    const sorted = await adminGet<Paged<CustomerAdminView>>(app, 'customers?sort=firstName&dir=desc&pageSize=100', token);
    const names = sorted.body.dataList.map((c) => c.firstName);
    expect(names).toEqual([...names].sort((a, b) => (a < b ? 1 : a > b ? -1 : 0)));

    expect((await adminGet<CustomerAdminView>(app, `customers/${nour.customerId}`, token)).body).toMatchObject({
      email: nour.email,
      phone: '01198765432',
    });
    const csv = await adminGet(app, 'customers?q=omar&format=csv', token);
    expect(csv.text.split('\r\n')[1]).toContain(`Omar,Salah,${omar.email},01234567890`);

    const history = await adminGet<Paged<AuditEntry>>(app, `audit?streamId=account-${omar.customerId}`, token);
    expect(history.body.dataList[0]).toMatchObject({
      type: 'CustomerBanned',
      reason: 'Fraudulent top-ups',
      changes: expect.arrayContaining([{ field: 'banned', before: null, after: true, masked: null }]),
    });
    expect(JSON.stringify(history.body)).not.toMatch(/argon2|[a-f0-9]{64}/);
  });

  it('needs customers.read for the list and events.read for histories', async () => {
    await must(
      app,
      'roles.create',
      { roleId: 'role-stations-only', name: 'Stations only', nameAr: 'المحطات فقط', privileges: ['stations.write'] },
      token,
    );
    const staff = await givenStaff(app, ['role-stations-only'], token);
    expect((await adminGet(app, 'customers', staff.token)).status).toBe(403);
    expect((await adminGet(app, 'audit?streamId=station-x', staff.token)).status).toBe(403);
    expect((await command(app, 'customers.ban', { customerId: staff.adminId, reason: 'no privilege here' }, staff.token)).status).toBe(403);
  });
});
