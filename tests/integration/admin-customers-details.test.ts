// The customers screen shows each customer's cars (the latest, how many, every licence image), the
// age from an optional birth date (whole years on the Cairo day), and the card status; staff with customers.read see
// the licence images, nobody else does.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ageOn, cairoDate, type CustomerAdminView, type CustomerProfileView, type Paged } from '@evc/contracts';
import { adminGet, must, tinyPng, upload } from '../support/admin';
import { bearer, getJson, startTestApp, type TestApp } from '../support/app';
import { command, customerToken, givenStaff, superAdminToken } from '../support/identity';

/** The Cairo day `years` years before today, moved by `days`. */
function yearsAgo(years: number, days = 0): string {
  const [y, m, d] = cairoDate(new Date()).split('-').map(Number) as [number, number, number];
  const day = new Date(Date.UTC(y - years, m - 1, d + days));
  return day.toISOString().slice(0, 10);
}

describe('admin customers: cars, licences, card status and age', () => {
  let app: TestApp;
  let admin: string;
  const ids = {
    brand: `brand-${randomUUID().slice(0, 8)}`,
    type: `type-${randomUUID().slice(0, 8)}`,
    type2: `type-${randomUUID().slice(0, 8)}`,
    range: `range-${randomUUID().slice(0, 8)}`,
  };
  beforeAll(async () => {
    app = await startTestApp();
    admin = await superAdminToken(app);
    const item = (itemId: string, kind: string, name: string, nameTranslation: string, extra: Record<string, unknown> = {}) =>
      must(app, 'masterdata.create', { itemId, kind, name, nameTranslation, ...extra }, admin);
    await item(ids.brand, 'carBrand', 'Nile Motors', 'نايل موتورز');
    await item(ids.type, 'carType', 'Nile Motors Ray', 'راي', { parentId: ids.brand });
    await item(ids.type2, 'carType', 'Delta', 'دلتا', { parentId: ids.brand });
    await item(ids.range, 'batteryRange', 'Above 80 kWh', 'أكثر من ٨٠ ك.و.س');
  });
  afterAll(() => app?.close());

  const info = (email: string, birthDate: string | null | undefined) => ({
    firstName: 'Salma',
    lastName: 'Adel',
    email,
    phone: '01012345670',
    address: '3 Corniche, Alexandria',
    gender: 'female',
    pictureFileId: null,
    deliveryAddress: { sameAsHome: true },
    ...(birthDate === undefined ? {} : { birthDate }),
  });
  const row = async (customerId: string, position?: number) =>
    (await adminGet<CustomerAdminView>(app, `customers/${customerId}`, admin, position)).body;

  it('age in whole years on the Cairo day from the birth date typed in the profile; none without one', async () => {
    const salma = await customerToken(app, { firstName: 'Salma' });
    expect(await row(salma.customerId)).toMatchObject({ age: null });
    // the day before the 30th birthday: still 29; a profile saved with Eastern Arabic digits
    const eve = yearsAgo(30, 1);
    const saved = await must(
      app,
      'account.update-personal-info',
      info(
        salma.email,
        eve.replace(/\d/g, (d) => '٠١٢٣٤٥٦٧٨٩'[Number(d)]!),
      ),
      salma.token,
    );
    expect(await row(salma.customerId, saved.position)).toMatchObject({ age: 29 });
    const me = await getJson<CustomerProfileView>(app.baseUrl, `/api/queries/me/profile?position=${saved.position}`, bearer(salma.token));
    expect(me.body.birthDate).toBe(eve);
    const birthday = await must(app, 'account.update-personal-info', info(salma.email, yearsAgo(30)), salma.token);
    expect(await row(salma.customerId, birthday.position)).toMatchObject({ age: 30 });
    expect(ageOn(yearsAgo(30), cairoDate(new Date()))).toBe(30);

    // an impossible day and a child's age are refused by field; clearing it takes the age away
    const bad = await command(app, 'account.update-personal-info', info(salma.email, '1990-02-30'), salma.token);
    expect([bad.status, bad.body.fieldErrors?.[0]]).toEqual([400, expect.objectContaining({ path: 'birthDate', code: 'date_invalid' })]);
    const young = await command(app, 'account.update-personal-info', info(salma.email, yearsAgo(10)), salma.token);
    expect([young.status, young.body.fieldErrors?.[0]?.code]).toEqual([400, 'age_min']);
    const cleared = await must(app, 'account.update-personal-info', info(salma.email, null), salma.token);
    expect(await row(salma.customerId, cleared.position)).toMatchObject({ age: null });

    // sorting by age: the youngest first
    const older = await customerToken(app, { firstName: 'Older' });
    const younger = await customerToken(app, { firstName: 'Younger' });
    await must(app, 'account.update-personal-info', info(older.email, yearsAgo(61)), older.token);
    const last = await must(app, 'account.update-personal-info', info(younger.email, yearsAgo(22)), younger.token);
    const byAge = await adminGet<Paged<CustomerAdminView>>(app, 'customers?sort=age&dir=asc&pageSize=100', admin, last.position);
    const ages = byAge.body.dataList.filter((c) => c.age !== null).map((c) => [c.customerId, c.age]);
    expect(ages).toEqual([
      [younger.customerId, 22],
      [older.customerId, 61],
    ]);
    const csv = await adminGet(app, `customers?q=${encodeURIComponent(older.email)}&format=csv`, admin);
    expect(csv.text.split('\r\n')[0]).toContain('Age,Gender,Cars,Car type');
    expect(csv.text.split('\r\n')[1]).toContain(',61,female,0,');
  });

  it('the latest car with its names in both languages, how many cars, and every licence image; follows edits, removals and renames', async () => {
    const karim = await customerToken(app, { firstName: 'Karim', gender: 'male' });
    expect(await row(karim.customerId)).toMatchObject({
      car: null,
      carCount: 0,
      carType: null,
      batteryRange: null,
      licenceImageIds: [],
      cardStatus: null,
    });
    const licence = async (seed: number) =>
      (await upload(app, karim.token, tinyPng(5, 3, [seed, 10, 10]), { purpose: 'licence' })).body.fileId;
    const first = {
      carId: randomUUID(),
      brandId: ids.brand,
      typeId: ids.type,
      batteryRangeId: ids.range,
      licence: { frontFileId: await licence(1), backFileId: await licence(2) },
    };
    const second = {
      carId: randomUUID(),
      brandId: ids.brand,
      typeId: ids.type2,
      batteryRangeId: ids.range,
      licence: { customsCertificateFileId: await licence(3) },
    };
    await must(app, 'cars.register', first, karim.token);
    const registered = await must(app, 'cars.register', second, karim.token);
    const both = await row(karim.customerId, registered.position);
    expect(both).toMatchObject({
      carCount: 2,
      car: {
        brandNameEn: 'Nile Motors',
        brandNameAr: 'نايل موتورز',
        typeNameEn: 'Delta',
        typeNameAr: 'دلتا',
        batteryRangeName: 'Above 80 kWh',
        batteryRangeNameAr: 'أكثر من ٨٠ ك.و.س',
      },
      carType: 'Nile Motors Delta',
      batteryRange: 'Above 80 kWh',
    });
    expect([...both.licenceImageIds].sort()).toEqual(
      [first.licence.frontFileId, first.licence.backFileId, second.licence.customsCertificateFileId].sort(),
    );

    // the later car removed: the first is the latest, its type named once ("Nile Motors Ray", not "Nile Motors Nile Motors Ray")
    const removed = await must(app, 'cars.remove', { carId: second.carId }, karim.token);
    expect(await row(karim.customerId, removed.position)).toMatchObject({
      carCount: 1,
      carType: 'Nile Motors Ray',
      licenceImageIds: [first.licence.frontFileId, first.licence.backFileId],
    });
    const range = (
      await adminGet<Paged<{ itemId: string; revision: number }>>(
        app,
        `masterdata?kind=batteryRange&q=${encodeURIComponent('Above 80')}`,
        admin,
      )
    ).body.dataList.find((i) => i.itemId === ids.range)!;
    const renamed = await must(
      app,
      'masterdata.update',
      { itemId: ids.range, name: 'Over 80 kWh', nameTranslation: 'فوق ٨٠ ك.و.س', isActive: true, expectedRevision: range.revision },
      admin,
    );
    expect(await row(karim.customerId, renamed.position)).toMatchObject({
      batteryRange: 'Over 80 kWh',
      car: { batteryRangeNameAr: 'فوق ٨٠ ك.و.س' },
    });
  });

  it('licence images: staff with customers.read see them; staff without it, other customers and visitors do not', async () => {
    const hana = await customerToken(app, { firstName: 'Hana' });
    const other = await customerToken(app, { firstName: 'Other' });
    const front = (await upload(app, hana.token, tinyPng(4, 4, [1, 2, 3]), { purpose: 'licence' })).body.fileId;
    const back = (await upload(app, hana.token, tinyPng(4, 4, [3, 2, 1]), { purpose: 'licence' })).body.fileId;
    const car = await must(
      app,
      'cars.register',
      {
        carId: randomUUID(),
        brandId: ids.brand,
        typeId: ids.type,
        batteryRangeId: ids.range,
        licence: { frontFileId: front, backFileId: back },
      },
      hana.token,
    );
    expect((await row(hana.customerId, car.position)).licenceImageIds).toEqual([front, back]);

    await must(
      app,
      'roles.create',
      { roleId: 'role-readers', name: 'Customer readers', nameAr: 'قراء العملاء', privileges: ['customers.read'] },
      admin,
    );
    await must(
      app,
      'roles.create',
      { roleId: 'role-stations', name: 'Stations only', nameAr: 'المحطات فقط', privileges: ['stations.write'] },
      admin,
    );
    const reader = await givenStaff(app, ['role-readers'], admin);
    const stations = await givenStaff(app, ['role-stations'], admin);
    const file = (token?: string) => fetch(`${app.baseUrl}/api/files/${front}`, { headers: bearer(token) });
    expect((await file(reader.token)).status).toBe(200);
    expect((await adminGet(app, `customers/${hana.customerId}`, reader.token)).status).toBe(200);
    expect((await file(stations.token)).status).not.toBe(200);
    expect((await adminGet(app, `customers/${hana.customerId}`, stations.token)).status).toBe(403);
    expect((await file(other.token)).status).not.toBe(200);
    expect((await file()).status).toBe(401);
  });
});
