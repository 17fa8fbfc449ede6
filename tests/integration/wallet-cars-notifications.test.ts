import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { must, tinyPng, upload } from '../support/admin';
import { bearer, startTestApp, type TestApp } from '../support/app';
import { command, customerToken, givenStaff, superAdminToken } from '../support/identity';

describe('cars, licence uploads and notifications (customer commands)', () => {
  let app: TestApp;
  let admin: string;
  let mona: { customerId: string; token: string };
  let omar: { customerId: string; token: string };
  const ids = {
    brand: `brand-${randomUUID().slice(0, 8)}`,
    type: `type-${randomUUID().slice(0, 8)}`,
    range: `range-${randomUUID().slice(0, 8)}`,
    oldRange: `range-${randomUUID().slice(0, 8)}`,
  };
  beforeAll(async () => {
    app = await startTestApp();
    admin = await superAdminToken(app);
    [mona, omar] = [await customerToken(app), await customerToken(app)];
    const item = (itemId: string, kind: string, name: string, extra: Record<string, unknown> = {}) =>
      must(app, 'masterdata.create', { itemId, kind, name, nameTranslation: `${name} ع`, ...extra }, admin);
    await item(ids.brand, 'carBrand', 'Brand Test');
    await item(ids.type, 'carType', 'Type Test', { parentId: ids.brand });
    await item(ids.range, 'batteryRange', '60 kWh');
    await item(ids.oldRange, 'batteryRange', '20 kWh', { isActive: false });
  });
  afterAll(() => app?.close());

  const stream = async (id: string) =>
    (await app.embedded.infra.eventStore.readStream(id)).map((e) => ({ type: e.type, data: e.data as Record<string, unknown> }));
  const getFile = (fileId: string, token?: string) => fetch(`${app.baseUrl}/api/files/${fileId}`, { headers: bearer(token) });

  it('a customer uploads licence images only, and fetches only their own; staff with customers.read fetch any', async () => {
    const front = await upload(app, mona.token, tinyPng(5, 3, [10, 20, 30]), { purpose: 'licence' });
    expect([front.status, front.body.purpose]).toEqual([200, 'licence']);
    expect(front.body).not.toHaveProperty('ownerIds');
    const flag = await upload(app, mona.token, tinyPng(5, 3, [11, 20, 30]), { purpose: 'flag' });
    expect([flag.status, flag.body.code]).toEqual([403, 'auth.forbidden']);
    expect((await getFile(front.body.fileId, mona.token)).status).toBe(200);
    // Someone else's licence answers exactly like a file that does not exist.
    const missing = await getFile('0'.repeat(64), omar.token);
    const notMine = await getFile(front.body.fileId, omar.token);
    expect([notMine.status, await notMine.json()]).toEqual([missing.status, await missing.json()]);
    expect(missing.status).not.toBe(200);
    expect((await getFile(front.body.fileId)).status).toBe(401);
    expect((await getFile(front.body.fileId, admin)).status).toBe(200);
    await must(
      app,
      'roles.create',
      { roleId: 'role-stations-files', name: 'Stations files', nameAr: 'ملفات المحطات', privileges: ['stations.write'] },
      admin,
    );
    const staff = await givenStaff(app, ['role-stations-files'], admin);
    expect((await getFile(front.body.fileId, staff.token)).status).toBe(403);
    // The same bytes uploaded by another customer: both may fetch them.
    expect((await upload(app, omar.token, tinyPng(5, 3, [10, 20, 30]), { purpose: 'licence' })).body.fileId).toBe(front.body.fileId);
    expect((await getFile(front.body.fileId, omar.token)).status).toBe(200);
  });

  it("registers a car with active catalog items and the customer's own licence images; a resend is a no-op", async () => {
    const front = (await upload(app, mona.token, tinyPng(6, 3, [1, 1, 1]), { purpose: 'licence' })).body.fileId;
    const back = (await upload(app, mona.token, tinyPng(6, 3, [2, 2, 2]), { purpose: 'licence' })).body.fileId;
    const car = {
      carId: randomUUID(),
      brandId: ids.brand,
      typeId: ids.type,
      batteryRangeId: ids.range,
      licence: { frontFileId: front, backFileId: back },
    };
    expect((await command(app, 'cars.register', car, mona.token)).status).toBe(200);
    expect((await command(app, 'cars.register', car, mona.token)).status).toBe(200);
    expect(await stream(`car-${car.carId}`)).toEqual([
      { type: 'CarRegistered', data: { ...car, customerId: mona.customerId, at: expect.any(String) } },
    ]);

    const otherCar = { ...car, carId: randomUUID() };
    const notHers = await command(app, 'cars.register', otherCar, omar.token);
    expect([notHers.status, notHers.body.code, notHers.body.fieldErrors?.[0]?.path]).toEqual([
      422,
      'files.not_found',
      'licence.frontFileId',
    ]);
    const inactive = await command(app, 'cars.register', { ...otherCar, batteryRangeId: ids.oldRange }, mona.token);
    expect([inactive.body.code, inactive.body.fieldErrors?.[0]?.path]).toEqual(['catalog.item_not_found', 'batteryRangeId']);
    const wrongKind = await command(app, 'cars.register', { ...otherCar, typeId: ids.range }, mona.token);
    expect([wrongKind.body.code, wrongKind.body.fieldErrors?.[0]?.path]).toEqual(['catalog.item_not_found', 'typeId']);
    const flagFile = (await upload(app, admin, tinyPng(6, 3, [3, 3, 3]), { purpose: 'flag' })).body.fileId;
    const notLicence = await command(app, 'cars.register', { ...otherCar, licence: { customsCertificateFileId: flagFile } }, mona.token);
    expect(notLicence.body.code).toBe('files.not_found');
    expect(await stream(`car-${otherCar.carId}`)).toEqual([]);
    expect((await command(app, 'cars.register', otherCar, admin)).status).toBe(403);
  });

  it("marks notifications seen on the caller's own stream", async () => {
    expect((await command(app, 'notifications.mark-seen', {}, mona.token)).status).toBe(200);
    expect((await command(app, 'notifications.mark-seen', { notificationIds: ['n-1', 'n-1', 'n-2'] }, mona.token)).status).toBe(200);
    expect((await command(app, 'notifications.mark-seen', { notificationIds: [] }, mona.token)).status).toBe(400);
    expect((await stream(`notifications-${mona.customerId}`)).map((e) => e.data.notificationIds)).toEqual(['all', ['n-1', 'n-2']]);
    expect(await stream(`notifications-${omar.customerId}`)).toEqual([]);
  });
});
