// The customer's personal info (with a unique e-mail that moves the sign-in), the profile picture, and
// editing and removing cars.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CarView, CustomerAdminView, CustomerProfileView, Paged } from '@evc/contracts';
import { adminGet, must, tinyPng, upload } from '../support/admin';
import { bearer, getJson, startTestApp, type TestApp } from '../support/app';
import { command, customerToken, mailsTo, signIn, superAdminToken } from '../support/identity';

describe('the customer profile: personal info, picture and cars', () => {
  let app: TestApp;
  let admin: string;
  let mona: Awaited<ReturnType<typeof customerToken>>;
  let omar: Awaited<ReturnType<typeof customerToken>>;
  const ids = {
    brand: `brand-${randomUUID().slice(0, 8)}`,
    type: `type-${randomUUID().slice(0, 8)}`,
    range: `range-${randomUUID().slice(0, 8)}`,
  };
  beforeAll(async () => {
    app = await startTestApp();
    admin = await superAdminToken(app);
    [mona, omar] = [await customerToken(app, { firstName: 'Mona', locale: 'ar' }), await customerToken(app, { firstName: 'Omar' })];
    const item = (itemId: string, kind: string, name: string, extra: Record<string, unknown> = {}) =>
      must(app, 'masterdata.create', { itemId, kind, name, nameTranslation: `${name} ع`, ...extra }, admin);
    await item(ids.brand, 'carBrand', 'Brand Test');
    await item(ids.type, 'carType', 'Type Test', { parentId: ids.brand });
    await item(ids.range, 'batteryRange', '60 kWh');
  });
  afterAll(() => app?.close());

  const profile = (token: string, position?: number) =>
    getJson<CustomerProfileView>(app.baseUrl, `/api/queries/me/profile${position ? `?position=${position}` : ''}`, bearer(token));
  const info = (overrides: Record<string, unknown> = {}) => ({
    firstName: 'Mona',
    lastName: 'Hassan',
    email: mona.email,
    phone: '٠١١٢٣٤٥٦٧٨٩',
    address: '12 Nile Street, Zamalek, Cairo',
    gender: 'female',
    pictureFileId: null,
    deliveryAddress: { sameAsHome: true },
    ...overrides,
  });

  it('answers the profile of sign-up until the customer saves their personal info, then that', async () => {
    const before = await profile(mona.token);
    expect(before.body).toMatchObject({
      customerId: mona.customerId,
      firstName: 'Mona',
      email: mona.email,
      phone: '01012345678',
      address: null,
      deliveryAddress: { sameAsHome: true, address: null },
      pictureFileId: null,
      locale: 'ar',
    });
    const saved = await must(
      app,
      'account.update-personal-info',
      info({
        lastName: 'Salem',
        deliveryAddress: { sameAsHome: false, address: '5 Tahrir Square, Downtown' },
        expectedRevision: before.body.revision,
      }),
      mona.token,
    );
    const after = await profile(mona.token, saved.position);
    // Eastern Arabic digits typed in the phone are kept as digits
    expect(after.body).toMatchObject({
      lastName: 'Salem',
      phone: '01123456789',
      address: '12 Nile Street, Zamalek, Cairo',
      deliveryAddress: { sameAsHome: false, address: '5 Tahrir Square, Downtown' },
    });
    // staff see the new phone and name, and can find the customer by it
    const staffView = await adminGet<Paged<CustomerAdminView>>(app, 'customers?q=01123456789', admin, saved.position);
    expect(staffView.body.dataList.map((c) => [c.customerId, c.lastName])).toEqual([[mona.customerId, 'Salem']]);
    // a second tab's stale save is a conflict, not a silent overwrite
    const stale = await command(app, 'account.update-personal-info', info({ expectedRevision: before.body.revision }), mona.token);
    expect([stale.status, stale.body.code]).toEqual([409, 'concurrency.conflict']);
  });

  it('refuses what the validation rules refuse, field by field', async () => {
    const bad = await command(
      app,
      'account.update-personal-info',
      info({
        firstName: 'M',
        lastName: 'Hassan1',
        phone: '0101234',
        address: 'ab',
        gender: '',
        deliveryAddress: { sameAsHome: false, address: '' },
        email: 'not-an-email',
      }),
      mona.token,
    );
    expect(bad.status).toBe(400);
    const codes = Object.fromEntries((bad.body.fieldErrors ?? []).map((e) => [e.path, e.code]));
    expect(codes).toMatchObject({
      firstName: 'too_small',
      lastName: 'letters_only',
      phone: 'egyptian_mobile',
      address: 'too_small',
      gender: 'gender_required',
      'deliveryAddress.address': 'too_small',
      email: 'invalid_format',
    });
    const long = await command(
      app,
      'account.update-personal-info',
      info({ firstName: 'A'.repeat(21), address: 'x'.repeat(301) }),
      mona.token,
    );
    expect(Object.fromEntries((long.body.fieldErrors ?? []).map((e) => [e.path, e.code]))).toEqual({
      firstName: 'too_big',
      address: 'too_big',
    });
    expect((await command(app, 'account.update-personal-info', info(), admin)).status).toBe(403);
  });

  it('a new e-mail must be free ("Email already exists"); once changed, it signs in and the old one does not', async () => {
    const taken = await command(app, 'account.update-personal-info', info({ email: omar.email }), mona.token);
    expect([taken.status, taken.body.code, taken.body.fieldErrors?.[0]?.path]).toEqual([409, 'identity.email_exists', 'email']);
    const newEmail = `mona.new.${randomUUID().slice(0, 6)}@example.com`;
    const moved = await must(app, 'account.update-personal-info', info({ email: newEmail }), mona.token);
    expect((await profile(mona.token, moved.position)).body.email).toBe(newEmail);
    expect((await signIn(app.baseUrl, newEmail, mona.password)).status).toBe(200);
    expect((await signIn(app.baseUrl, mona.email, mona.password)).status).toBe(401);
    // the old address is told, in the customer's language, and is free for someone else
    const notice = (await mailsTo(app, mona.email, 2)).find((m) => m.subject === 'تم تغيير بريدك الإلكتروني');
    expect(notice?.text).toContain('/ContactUs');
    expect(
      (await command(app, 'account.update-personal-info', info({ email: mona.email, firstName: 'Omar', gender: 'male' }), omar.token))
        .status,
    ).toBe(200);
    mona.email = newEmail;
  });

  it('a picture must be the customer’s own profile upload, private to them and staff', async () => {
    const picture = await upload(app, mona.token, tinyPng(7, 7, [40, 90, 200]), { purpose: 'profile' });
    expect([picture.status, picture.body.purpose]).toEqual([200, 'profile']);
    const hers = picture.body.fileId;
    const saved = await must(app, 'account.update-personal-info', info({ email: mona.email, pictureFileId: hers }), mona.token);
    expect((await profile(mona.token, saved.position)).body.pictureFileId).toBe(hers);
    const file = (token?: string) => fetch(`${app.baseUrl}/api/files/${hers}`, { headers: bearer(token) });
    expect([(await file(mona.token)).status, (await file(mona.token)).headers.get('cache-control')]).toEqual([200, 'private, no-store']);
    // someone else's picture answers exactly like a file that does not exist
    const missing = await fetch(`${app.baseUrl}/api/files/${'0'.repeat(64)}`, { headers: bearer(omar.token) });
    expect(missing.status).not.toBe(200);
    expect((await file(omar.token)).status).toBe(missing.status);
    expect((await file()).status).toBe(401);
    expect((await file(admin)).status).toBe(200);
    const notHers = await command(
      app,
      'account.update-personal-info',
      info({ email: omar.email, firstName: 'Omar', gender: 'male', pictureFileId: hers }),
      omar.token,
    );
    expect([notHers.status, notHers.body.code, notHers.body.fieldErrors?.[0]?.path]).toEqual([422, 'files.not_found', 'pictureFileId']);
    const text = await upload(app, mona.token, Buffer.from('not an image at all'), { purpose: 'profile', filename: 'me.png' });
    expect([text.status, text.body.code]).toEqual([415, 'files.unsupported_type']);
  });

  it('edits a car ("cars updated") and removes it; another customer’s car is not found', async () => {
    const licence = async (token: string, seed: number) =>
      (await upload(app, token, tinyPng(6, 4, [seed, seed, seed]), { purpose: 'licence' })).body.fileId;
    const car = {
      carId: randomUUID(),
      brandId: ids.brand,
      typeId: ids.type,
      batteryRangeId: ids.range,
      licence: { frontFileId: await licence(mona.token, 1), backFileId: await licence(mona.token, 2) },
    };
    await must(app, 'cars.register', car, mona.token);
    const customs = await licence(mona.token, 3);
    const cars = async (token: string, position?: number) =>
      (await getJson<Paged<CarView>>(app.baseUrl, `/api/queries/me/cars${position ? `?position=${position}` : ''}`, bearer(token))).body
        .dataList;
    const listed = (await cars(mona.token)).find((c) => c.carId === car.carId)!;
    expect(listed.licence).toEqual(car.licence);
    const edited = await must(
      app,
      'cars.update',
      { ...car, licence: { customsCertificateFileId: customs }, expectedRevision: listed.revision },
      mona.token,
    );
    expect((await cars(mona.token, edited.position)).find((c) => c.carId === car.carId)).toMatchObject({
      licence: { customsCertificateFileId: customs },
      createdAt: listed.createdAt,
    });
    const stale = await command(app, 'cars.update', { ...car, expectedRevision: listed.revision }, mona.token);
    expect(stale.status).toBe(409);

    const hijack = await command(
      app,
      'cars.update',
      { ...car, licence: { customsCertificateFileId: await licence(omar.token, 4) } },
      omar.token,
    );
    expect([hijack.status, hijack.body.code]).toEqual([404, 'charging.car_not_found']);
    expect((await command(app, 'cars.remove', { carId: car.carId }, omar.token)).status).toBe(404);
    const missingBack = await command(app, 'cars.update', { ...car, licence: { frontFileId: car.licence.frontFileId } }, mona.token);
    expect([missingBack.status, missingBack.body.fieldErrors?.[0]?.code]).toEqual([400, 'back_required']);

    const removed = await must(app, 'cars.remove', { carId: car.carId }, mona.token);
    expect((await cars(mona.token, removed.position)).map((c) => c.carId)).not.toContain(car.carId);
    expect((await command(app, 'cars.remove', { carId: car.carId }, mona.token)).status).toBe(200);
    const start = await command(
      app,
      'sessions.start',
      { sessionId: randomUUID(), chargerId: 'CP-none', connectorId: 1, carId: car.carId },
      mona.token,
    );
    expect(start.status).toBeGreaterThanOrEqual(400);
  });
});
