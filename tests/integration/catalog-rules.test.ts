import { randomUUID } from 'node:crypto';
import { mkdtemp } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { MasterDataItemView, Paged } from '@evc/contracts';
import { envelope, newContext } from '@evc/command-service';
import { usageAndNamesUpgrade } from '@evc/command-service/upgrades/usage-and-names.upgrade';
import { systemClock } from '@evc/platform';
import { openFileEventStore } from '@evc/platform/eventstore/index';
import { adminGet, must, tinyPng, upload } from '../support/admin';
import { startTestApp, type TestApp } from '../support/app';
import { command, customerToken, superAdminToken } from '../support/identity';

const id = (prefix: string) => `${prefix}-${randomUUID().slice(0, 8)}`;
type Customer = { customerId: string; token: string };

/** A brand, a type of it and a battery range, each with a unique name (the names are claimed per parent now). */
async function givenCatalog(app: TestApp, admin: string) {
  const tag = randomUUID().slice(0, 6);
  const ids = { brandId: id('brand'), typeId: id('type'), batteryRangeId: id('range'), otherRangeId: id('range') };
  await must(
    app,
    'masterdata.create',
    { itemId: ids.brandId, kind: 'carBrand', name: `Brand ${tag}`, nameTranslation: `ماركة ${tag}` },
    admin,
  );
  await must(
    app,
    'masterdata.create',
    { itemId: ids.typeId, kind: 'carType', parentId: ids.brandId, name: `Type ${tag}`, nameTranslation: `طراز ${tag}` },
    admin,
  );
  await must(
    app,
    'masterdata.create',
    { itemId: ids.batteryRangeId, kind: 'batteryRange', name: `Range ${tag}`, nameTranslation: `سعة ${tag}` },
    admin,
  );
  const last = await must(
    app,
    'masterdata.create',
    { itemId: ids.otherRangeId, kind: 'batteryRange', name: `Other ${tag}`, nameTranslation: `أخرى ${tag}` },
    admin,
  );
  return { ...ids, position: last.position };
}

/** Two images for a licence; `seed` (0–249) picks their colours: images with the same bytes are one stored file. */
async function licence(app: TestApp, customer: Customer, seed = Math.floor(Math.random() * 250)) {
  const front = (await upload(app, customer.token, tinyPng(7, 3, [seed, 1, 2]), { purpose: 'licence' })).body.fileId;
  const back = (await upload(app, customer.token, tinyPng(7, 3, [seed, 3, 4]), { purpose: 'licence' })).body.fileId;
  return { frontFileId: front, backFileId: back };
}

async function item(app: TestApp, admin: string, kind: string, itemId: string, position?: number): Promise<MasterDataItemView> {
  const list = await adminGet<Paged<MasterDataItemView>>(app, `masterdata?kind=${kind}&pageSize=100`, admin, position);
  return list.body.dataList.find((i) => i.itemId === itemId)!;
}

describe('catalog rules: cars use their items, no duplicate names, no duplicate cars', () => {
  let app: TestApp;
  let admin: string;
  let mona: Customer;
  beforeAll(async () => {
    app = await startTestApp();
    admin = await superAdminToken(app);
    mona = await customerToken(app);
  });
  afterAll(() => app?.close());

  // A customer's car is a user of its brand, type and battery range
  it('a customer\'s car counts as a user of its brand, type and battery range: "In use" shows it, delete and deactivate are refused without naming the customer', async () => {
    const c = await givenCatalog(app, admin);
    const car = {
      carId: randomUUID(),
      brandId: c.brandId,
      typeId: c.typeId,
      batteryRangeId: c.batteryRangeId,
      licence: await licence(app, mona),
    };
    const registered = await must(app, 'cars.register', car, mona.token);
    const range = await item(app, admin, 'batteryRange', c.batteryRangeId, registered.position);
    const type = await item(app, admin, 'carType', c.typeId);
    const brand = await item(app, admin, 'carBrand', c.brandId);
    expect([range.usageCount, type.usageCount, brand.usageCount]).toEqual([1, 1, 2]); // the brand: its type and the car

    const deleteRange = await command(app, 'masterdata.delete', { id: c.batteryRangeId, expectedRevision: range.revision }, admin);
    expect(deleteRange.status).toBe(422);
    expect(deleteRange.body).toMatchObject({
      code: 'catalog.in_use',
      fieldErrors: [{ params: { names: "1 customer's car", namesAr: 'سيارة عميل واحدة', count: 1, action: 'delete' } }],
    });
    expect(JSON.stringify(deleteRange.body)).not.toContain(mona.customerId);
    const deactivateType = await command(
      app,
      'masterdata.update',
      {
        itemId: c.typeId,
        parentId: c.brandId,
        name: type.name,
        nameTranslation: type.nameTranslation,
        isActive: false,
        expectedRevision: type.revision,
      },
      admin,
    );
    expect(deactivateType.body).toMatchObject({ code: 'catalog.in_use', fieldErrors: [{ params: { action: 'deactivate' } }] });

    // an edit moves the use to the new range; removing the car frees them all
    const edited = await must(app, 'cars.update', { ...car, batteryRangeId: c.otherRangeId, expectedRevision: 0 }, mona.token);
    expect((await item(app, admin, 'batteryRange', c.batteryRangeId, edited.position)).usageCount).toBe(0);
    expect((await item(app, admin, 'batteryRange', c.otherRangeId)).usageCount).toBe(1);
    const removed = await must(app, 'cars.remove', { carId: car.carId }, mona.token);
    const freed = await item(app, admin, 'batteryRange', c.otherRangeId, removed.position);
    expect(freed.usageCount).toBe(0);
    expect((await command(app, 'masterdata.delete', { id: c.otherRangeId, expectedRevision: freed.revision }, admin)).status).toBe(200);
  });

  // No car twice per customer
  it('the same car (brand, type, battery range) twice for one customer is refused, on register and on edit; another customer may have it', async () => {
    const c = await givenCatalog(app, admin);
    const first = {
      carId: randomUUID(),
      brandId: c.brandId,
      typeId: c.typeId,
      batteryRangeId: c.batteryRangeId,
      licence: await licence(app, mona),
    };
    await must(app, 'cars.register', first, mona.token);
    const twin = await command(app, 'cars.register', { ...first, carId: randomUUID() }, mona.token);
    expect([twin.status, twin.body.code, twin.body.fieldErrors]).toEqual([
      409,
      'charging.car_exists',
      [{ path: 'typeId', code: 'car_exists' }],
    ]);
    // the refusal left nothing behind: the range is used by the first car only
    expect((await item(app, admin, 'batteryRange', c.batteryRangeId, twin.body.position)).usageCount).toBe(1);

    const second = { ...first, carId: randomUUID(), batteryRangeId: c.otherRangeId };
    await must(app, 'cars.register', second, mona.token);
    const intoTwin = await command(app, 'cars.update', { ...second, batteryRangeId: c.batteryRangeId, expectedRevision: 0 }, mona.token);
    expect([intoTwin.status, intoTwin.body.code]).toEqual([409, 'charging.car_exists']);
    const other = await item(app, admin, 'batteryRange', c.otherRangeId);
    expect(other.usageCount).toBe(1); // the refused edit kept the second car on its range

    const omar = await customerToken(app);
    expect(
      (await command(app, 'cars.register', { ...first, carId: randomUUID(), licence: await licence(app, omar) }, omar.token)).status,
    ).toBe(200);
    // removed, the car may be registered again
    await must(app, 'cars.remove', { carId: first.carId }, mona.token);
    expect((await command(app, 'cars.register', { ...first, carId: randomUUID() }, mona.token)).status).toBe(200);
  });

  it('two registrations of the same car at once: exactly one lands', async () => {
    const c = await givenCatalog(app, admin);
    const lic = await licence(app, mona);
    const car = () => ({ carId: randomUUID(), brandId: c.brandId, typeId: c.typeId, batteryRangeId: c.batteryRangeId, licence: lic });
    const answers = await Promise.all([car(), car(), car()].map((body) => command(app, 'cars.register', body, mona.token)));
    expect(answers.map((a) => a.status).sort()).toEqual([200, 409, 409]);
  });

  it('many customers registering the same popular car at the same moment all land: the shared brand, type and range count each car once', async () => {
    const c = await givenCatalog(app, admin);
    const drivers = await Promise.all(Array.from({ length: 16 }, () => customerToken(app)));
    const cars = await Promise.all(
      drivers.map(async (d, i) => ({
        token: d.token,
        body: {
          carId: randomUUID(),
          brandId: c.brandId,
          typeId: c.typeId,
          batteryRangeId: c.batteryRangeId,
          licence: await licence(app, d, 200 + i),
        },
      })),
    );
    const answers = await Promise.all(cars.map(({ body, token }) => command(app, 'cars.register', body, token)));
    expect(answers.filter((a) => a.status !== 200).map((a) => a.body)).toEqual([]);
    const last = Math.max(...answers.map((a) => (a.body as { position: number }).position));
    const range = await item(app, admin, 'batteryRange', c.batteryRangeId, last);
    const brand = await item(app, admin, 'carBrand', c.brandId);
    expect([range.usageCount, brand.usageCount]).toEqual([16, 17]);
  });

  // Master-data names are unique per parent
  it('two master-data items with the same name under one parent are refused (trimmed, any case, either language); renaming into a taken name too', async () => {
    const c = await givenCatalog(app, admin);
    const brand = await item(app, admin, 'carBrand', c.brandId, c.position);
    const again = await command(
      app,
      'masterdata.create',
      { itemId: id('brand'), kind: 'carBrand', name: `  ${brand.name.toUpperCase()} `, nameTranslation: 'اسم آخر' },
      admin,
    );
    expect([again.status, again.body.code, again.body.fieldErrors]).toEqual([
      409,
      'catalog.name_exists',
      [{ path: 'name', code: 'name_taken' }],
    ]);
    const arabic = await command(
      app,
      'masterdata.create',
      { itemId: id('brand'), kind: 'carBrand', name: `Fresh ${randomUUID().slice(0, 6)}`, nameTranslation: brand.nameTranslation },
      admin,
    );
    expect(arabic.body.fieldErrors).toEqual([{ path: 'nameTranslation', code: 'name_taken' }]);

    // another parent is another scope: a type of the same name under another brand is fine
    const type = await item(app, admin, 'carType', c.typeId);
    const otherBrand = await givenCatalog(app, admin);
    expect(
      (
        await command(
          app,
          'masterdata.create',
          { itemId: id('type'), kind: 'carType', parentId: otherBrand.brandId, name: type.name, nameTranslation: type.nameTranslation },
          admin,
        )
      ).status,
    ).toBe(200);
    const sameBrand = await command(
      app,
      'masterdata.create',
      { itemId: id('type'), kind: 'carType', parentId: c.brandId, name: type.name.toLowerCase(), nameTranslation: 'طراز جديد' },
      admin,
    );
    expect(sameBrand.body.code).toBe('catalog.name_exists');

    // renaming into a taken name is refused and changes nothing; the old name stays held
    const range = await item(app, admin, 'batteryRange', c.batteryRangeId);
    const other = await item(app, admin, 'batteryRange', c.otherRangeId);
    const rename = await command(
      app,
      'masterdata.update',
      {
        itemId: c.otherRangeId,
        name: range.name,
        nameTranslation: other.nameTranslation,
        isActive: true,
        expectedRevision: other.revision,
      },
      admin,
    );
    expect([rename.status, rename.body.code]).toEqual([409, 'catalog.name_exists']);
    const takeOld = await command(
      app,
      'masterdata.create',
      { itemId: id('range'), kind: 'batteryRange', name: other.name, nameTranslation: `جديد ${randomUUID().slice(0, 4)}` },
      admin,
    );
    expect(takeOld.body.code).toBe('catalog.name_exists');
    // a real rename frees the old name; a delete frees the name
    await must(
      app,
      'masterdata.update',
      {
        itemId: c.otherRangeId,
        name: `${other.name} v2`,
        nameTranslation: other.nameTranslation,
        isActive: true,
        expectedRevision: other.revision,
      },
      admin,
    );
    expect(
      (
        await command(
          app,
          'masterdata.create',
          { itemId: id('range'), kind: 'batteryRange', name: other.name, nameTranslation: `جديد ${randomUUID().slice(0, 4)}` },
          admin,
        )
      ).status,
    ).toBe(200);
  });

  it('two creates of one name at once: exactly one lands', async () => {
    const name = `Race ${randomUUID().slice(0, 6)}`;
    const answers = await Promise.all(
      [1, 2, 3].map((n) =>
        command(app, 'masterdata.create', { itemId: id('brand'), kind: 'carBrand', name, nameTranslation: `سباق ${n} ${name}` }, admin),
      ),
    );
    expect(answers.map((a) => a.status).sort()).toEqual([200, 409, 409]);
  });
});

// Cars registered before they linked themselves to their items count too. Their facts are written as the old code wrote them,
// then the product starts on that log: the upgrade links them at start; it runs once, and again changes nothing.
describe('the upgrade: cars and names recorded before the fix', () => {
  let app: TestApp | undefined;
  afterAll(() => app?.close());

  it('links older cars to their items and claims older names at start; a second run appends nothing', async () => {
    const dataDir = await mkdtemp(path.join(os.tmpdir(), 'evc-upgrade-'));
    const old = await openFileEventStore({ dir: path.join(dataDir, 'eventstore') });
    const staff = newContext({ type: 'staff', id: 'old-admin' }, 'before the fix');
    const put = (streamId: string, type: string, data: Record<string, unknown>) =>
      old.append(streamId, [envelope({ type, data }, staff)], 'any');
    const masterData = (itemId: string, kind: string, name: string, parentId?: string) =>
      put(`masterdata-${itemId}`, 'MasterDataItemCreated', {
        itemId,
        kind,
        name,
        nameTranslation: `${name} ع`,
        value: '',
        isActive: true,
        ...(parentId ? { parentId } : {}),
      });
    await masterData('brand-old', 'carBrand', 'Old Brand');
    await masterData('type-old', 'carType', 'Old Type', 'brand-old');
    await put('masterdata-brand-old', 'MasterDataUsageLinked', {
      itemId: 'brand-old',
      usedBy: { id: 'type-old', kind: 'carType', name: 'Old Type' },
    });
    await masterData('range-old', 'batteryRange', 'Old Range');
    await masterData('range-gone', 'batteryRange', 'Gone Range');
    const car = (carId: string, customerId: string, batteryRangeId = 'range-old') =>
      put(`car-${carId}`, 'CarRegistered', {
        carId,
        customerId,
        brandId: 'brand-old',
        typeId: 'type-old',
        batteryRangeId,
        licence: { customsCertificateFileId: 'f'.repeat(64) },
        at: '2026-01-01T10:00:00.000Z',
      });
    await car('car-a', 'cust-1');
    await car('car-b', 'cust-2');
    await car('car-twin', 'cust-1'); // the same car twice, accepted before the fix
    await car('car-removed', 'cust-3', 'range-gone');
    await put('car-car-removed', 'CarRemoved', { carId: 'car-removed', customerId: 'cust-3', at: '2026-01-02T10:00:00.000Z' });
    await old.close();

    app = await startTestApp({ dataDir });
    const admin = await superAdminToken(app);
    const store = app.embedded.infra.eventStore;
    const marker = await store.readStream('upgrade-issue17-car-usage-and-names');
    expect(marker.map((e) => [e.type, e.data])).toEqual([
      [
        'UpgradeApplied',
        {
          name: 'issue17-car-usage-and-names',
          counts: { cars: 3, removedCars: 1, missingItems: 0, twinCars: 1, names: 4, nameClashes: 0 },
        },
      ],
    ]);
    const range = await item(app, admin, 'batteryRange', 'range-old', marker[0]!.position);
    const type = await item(app, admin, 'carType', 'type-old');
    const brand = await item(app, admin, 'carBrand', 'brand-old');
    expect([range.usageCount, type.usageCount, brand.usageCount]).toEqual([3, 3, 4]);
    expect((await item(app, admin, 'batteryRange', 'range-gone')).usageCount).toBe(0);
    const refused = await command(app, 'masterdata.delete', { id: 'range-old', expectedRevision: range.revision }, admin);
    expect(refused.body).toMatchObject({
      code: 'catalog.in_use',
      fieldErrors: [{ params: { names: "3 customers' cars", namesAr: '٣ سيارات عملاء' } }],
    });
    // older names are held now: a new brand cannot take one
    const taken = await command(
      app,
      'masterdata.create',
      { itemId: id('brand'), kind: 'carBrand', name: 'old brand', nameTranslation: 'جديدة' },
      admin,
    );
    expect(taken.body.code).toBe('catalog.name_exists');

    // again (as a crashed start would): every step decides nothing
    const head = await store.headPosition();
    const counts = await usageAndNamesUpgrade.run(store, systemClock, newContext({ type: 'system', id: 'system' }, 'again'));
    expect(counts).toMatchObject({ cars: 3, twinCars: 1, names: 4 });
    expect(await store.headPosition()).toBe(head);
    // and a restart does not run it again
    await app.close({ keepData: true });
    app = await startTestApp({ dataDir });
    expect(await app.embedded.infra.eventStore.readStream('upgrade-issue17-car-usage-and-names')).toHaveLength(1);
  });
});
