import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CountryView, GovernorateAdminView, MasterDataItemView, Paged } from '@evc/contracts';
import { adminGet, must, tinyPng, upload } from '../support/admin';
import { startTestApp, type TestApp } from '../support/app';
import { command, customerToken, superAdminToken } from '../support/identity';

const id = (prefix: string) => `${prefix}-${randomUUID().slice(0, 8)}`;

describe('admin: master data, countries and governorates over HTTP', () => {
  let app: TestApp;
  let token: string;
  beforeAll(async () => {
    app = await startTestApp();
    token = await superAdminToken(app);
  });
  afterAll(() => app?.close());

  it('creates, lists, updates and deletes master data; a brand in use names its types and stays', async () => {
    const brandId = id('brand');
    await must(app, 'masterdata.create', { itemId: brandId, kind: 'carBrand', name: 'BYD Auto', nameTranslation: 'بي واي دي' }, token);
    for (const [name, ar] of [
      ['Atto 3', 'أتو ٣'],
      ['Dolphin', 'دولفين'],
    ]) {
      await must(
        app,
        'masterdata.create',
        { itemId: id('type'), kind: 'carType', parentId: brandId, name, nameTranslation: ar, value: '60' },
        token,
      );
    }
    const last = await must(
      app,
      'masterdata.create',
      { itemId: id('type'), kind: 'carType', parentId: brandId, name: 'Seal EV', nameTranslation: 'سيل' },
      token,
    );
    const types = await adminGet<Paged<MasterDataItemView>>(
      app,
      `masterdata?kind=carType&parentId=${brandId}&sort=name`,
      token,
      last.position,
    );
    expect(types.body.dataList.map((t) => [t.name, t.parentName, t.parentNameAr])).toEqual([
      ['Atto 3', 'BYD Auto', 'بي واي دي'],
      ['Dolphin', 'BYD Auto', 'بي واي دي'],
      ['Seal EV', 'BYD Auto', 'بي واي دي'],
    ]);
    const [brand] = (
      await adminGet<Paged<MasterDataItemView>>(app, `masterdata?kind=carBrand&q=${encodeURIComponent('بي واي')}`, token)
    ).body.dataList.filter((b) => b.itemId === brandId);
    expect(brand).toMatchObject({ usageCount: 3, isActive: true });

    const refusedDelete = await command(app, 'masterdata.delete', { id: brandId, expectedRevision: brand!.revision }, token);
    expect(refusedDelete.status).toBe(422);
    expect(refusedDelete.body).toMatchObject({
      code: 'catalog.in_use',
      fieldErrors: [{ path: 'itemId', code: 'in_use', params: { names: 'Atto 3, Dolphin, Seal EV', count: 3 } }],
    });
    const refusedDeactivate = await command(
      app,
      'masterdata.update',
      { itemId: brandId, name: 'BYD Auto', nameTranslation: 'بي واي دي', isActive: false, expectedRevision: brand!.revision },
      token,
    );
    expect(refusedDeactivate.body).toMatchObject({ code: 'catalog.in_use', fieldErrors: [{ params: { action: 'deactivate' } }] });

    // Deleting the types frees the brand.
    for (const t of types.body.dataList) await must(app, 'masterdata.delete', { id: t.itemId, expectedRevision: t.revision }, token);
    const freed = await adminGet<Paged<MasterDataItemView>>(
      app,
      `masterdata?kind=carBrand&q=byd auto`,
      token,
      (
        await must(
          app,
          'masterdata.update',
          {
            itemId: brandId,
            name: 'BYD Auto',
            nameTranslation: 'بي واي دي',
            isActive: true,
            value: 'x',
            expectedRevision: brand!.revision + 3,
          },
          token,
        )
      ).position,
    );
    const now = freed.body.dataList.find((b) => b.itemId === brandId)!;
    expect(now.usageCount).toBe(0);
    expect((await command(app, 'masterdata.delete', { id: brandId, expectedRevision: now.revision }, token)).status).toBe(200);
    // A type cannot be added to a deleted brand.
    const orphan = await command(
      app,
      'masterdata.create',
      { itemId: id('type'), kind: 'carType', parentId: brandId, name: 'Han EV', nameTranslation: 'هان' },
      token,
    );
    expect(orphan.body).toMatchObject({ code: 'catalog.parent_not_found', fieldErrors: [{ path: 'parentId' }] });
  });

  it('a stale expectedRevision is 409 concurrency.conflict and the first edit is kept', async () => {
    const itemId = id('battery');
    const created = await must(
      app,
      'masterdata.create',
      { itemId, kind: 'batteryRange', name: 'Below 40 kWh', nameTranslation: 'أقل من ٤٠', value: '0-40' },
      token,
    );
    const edit = (name: string) =>
      command(
        app,
        'masterdata.update',
        { itemId, name, nameTranslation: 'أقل من ٤٠', value: '0-40', isActive: true, expectedRevision: created.revision },
        token,
      );
    const first = await edit('First editor');
    expect(first.status).toBe(200);
    const second = await edit('Second editor');
    expect(second.status).toBe(409);
    expect(second.body).toMatchObject({ code: 'concurrency.conflict' });
    const list = await adminGet<Paged<MasterDataItemView>>(app, `masterdata?kind=batteryRange&q=editor`, token, first.body.position);
    expect(list.body.dataList.map((i) => i.name)).toEqual(['First editor']);
  });

  it('rejects a bad field, an unknown sort field, and answers 401 without a token', async () => {
    const bad = await command(app, 'masterdata.create', { itemId: id('b'), kind: 'carBrand', name: 'X', nameTranslation: 'اكس' }, token);
    expect(bad.body).toMatchObject({ code: 'request.invalid', fieldErrors: [{ path: 'name', code: 'too_small' }] });
    expect((await adminGet(app, 'masterdata?kind=carBrand&sort=secretHash', token)).body).toMatchObject({
      code: 'request.invalid',
      fieldErrors: [{ path: 'sort' }],
    });
    expect((await fetch(`${app.baseUrl}/api/queries/admin/countries`)).status).toBe(401);
  });

  it('creates a country with an uploaded PNG flag; refuses a fake PNG, 6 MB, and a country without a flag', async () => {
    const png = tinyPng(3, 2);
    const uploaded = await upload(app, token, png, { purpose: 'flag', filename: 'flag.png' });
    expect(uploaded.status).toBe(200);
    expect(uploaded.body).toMatchObject({ contentType: 'image/png', size: png.length, purpose: 'flag' });
    const again = await upload(app, token, png, { purpose: 'flag', filename: 'other-name.png' });
    expect(again.body.fileId).toBe(uploaded.body.fileId); // same bytes, same file

    const fake = await upload(app, token, Buffer.from('I am text, renamed to .png'), { filename: 'fake.png', type: 'image/png' });
    expect([fake.status, fake.body.code]).toEqual([415, 'files.unsupported_type']);
    const big = await upload(app, token, Buffer.concat([png, Buffer.alloc(6 * 1024 * 1024)]), { filename: 'big.png' });
    expect([big.status, big.body.code]).toEqual([413, 'files.too_large']);
    const none = await fetch(`${app.baseUrl}/api/files`, {
      method: 'POST',
      body: new FormData(),
      headers: { authorization: `Bearer ${token}` },
    });
    expect(none.status).toBe(400);
    expect((await upload(app, null, png)).status).toBe(401);

    const file = await fetch(`${app.baseUrl}/api/files/${uploaded.body.fileId}`);
    expect(file.headers.get('content-type')).toBe('image/png');
    expect(file.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect(file.headers.get('etag')).toBe(`"${uploaded.body.fileId}"`);
    expect(Buffer.from(await file.arrayBuffer()).equals(png)).toBe(true);

    const countryId = id('sa');
    const form = { countryId, iso: 'SA', nameEn: 'Saudi Arabia', nameAr: 'السعودية', phoneCode: '+966', currency: 'SAR' };
    const noFlag = await command(app, 'countries.create', form, token);
    expect(noFlag.body).toMatchObject({ code: 'request.invalid', fieldErrors: [{ path: 'flagFileId' }] });
    const created = await must(app, 'countries.create', { ...form, flagFileId: uploaded.body.fileId }, token);
    const list = await adminGet<Paged<CountryView>>(app, 'countries?q=السعودية', token, created.position);
    expect(list.body.dataList).toEqual([
      expect.objectContaining({ countryId, flagFileId: uploaded.body.fileId, isActive: true, governorateCount: 0 }),
    ]);
  });

  it('licence images are private: no-store, and only for staff who may read customers', async () => {
    // A licence is the customer's own upload (staff cannot upload one).
    const licence = await upload(app, (await customerToken(app)).token, tinyPng(4, 4, [1, 2, 3]), { purpose: 'licence' });
    expect((await fetch(`${app.baseUrl}/api/files/${licence.body.fileId}`)).status).toBe(401);
    const res = await fetch(`${app.baseUrl}/api/files/${licence.body.fileId}`, { headers: { authorization: `Bearer ${token}` } });
    expect([res.status, res.headers.get('cache-control')]).toEqual([200, 'private, no-store']);
  });

  it('governorates belong to an active country and cannot be deleted while a station uses them', async () => {
    const flag = (await upload(app, token, tinyPng(1, 1, [0, 0, 0]))).body.fileId;
    const countryId = id('ly');
    const country = { countryId, iso: 'LY', nameEn: 'Libya', nameAr: 'ليبيا', phoneCode: '+218', currency: 'LYD', flagFileId: flag };
    const c = await must(app, 'countries.create', { ...country, isActive: false }, token);
    const governorateId = id('gov');
    const gov = { governorateId, countryId, nameEn: 'Tripoli', nameAr: 'طرابلس' };
    expect((await command(app, 'governorates.create', gov, token)).body).toMatchObject({ code: 'catalog.country_inactive' });
    await must(app, 'countries.update', { ...country, isActive: true, expectedRevision: c.revision }, token);
    const g = await must(app, 'governorates.create', gov, token);
    const station = await must(
      app,
      'stations.create',
      {
        stationId: id('st'),
        governorateId,
        nameEn: 'Border Station',
        nameAr: 'محطة الحدود',
        location: { lat: 31.5, lng: 25.1 },
        addressEn: 'Salloum road',
        addressAr: 'طريق السلوم',
      },
      token,
    );
    const [row] = (await adminGet<Paged<GovernorateAdminView>>(app, `governorates?countryId=${countryId}`, token, station.position)).body
      .dataList;
    expect(row).toMatchObject({ governorateId, stationCount: 1, revision: g.revision + 1 });
    const refused = await command(app, 'governorates.delete', { id: governorateId, expectedRevision: row!.revision }, token);
    expect(refused.body).toMatchObject({
      code: 'catalog.in_use',
      fieldErrors: [{ path: 'governorateId', params: { names: 'Border Station' } }],
    });
    const deactivate = await command(app, 'governorates.update', { ...gov, isActive: false, expectedRevision: row!.revision }, token);
    expect(deactivate.body).toMatchObject({ code: 'catalog.in_use' });
  });

  it('exports a list as CSV: BOM, header, quoting, formula neutralised, Arabic intact', async () => {
    const marker = randomUUID().slice(0, 6);
    await must(
      app,
      'masterdata.create',
      { itemId: id('b'), kind: 'batteryRange', name: `=HYPERLINK("x") ${marker}`, nameTranslation: 'من ٤٠, إلى ٦٠', value: '+40' },
      token,
    );
    const last = await must(
      app,
      'masterdata.create',
      { itemId: id('b'), kind: 'batteryRange', name: `Plain ${marker}`, nameTranslation: 'عادي', value: '-1' },
      token,
    );
    const res = await adminGet(app, `masterdata?kind=batteryRange&q=${marker}&format=csv&sort=name&dir=desc`, token, last.position);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    expect(res.headers.get('content-disposition')).toMatch(/^attachment; filename="master-data-batteryRange-\d{4}-\d{2}-\d{2}\.csv"$/);
    expect([...res.bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    expect(res.text.slice(1).split('\r\n')).toEqual([
      'Name,Name (translation),Value,Active,In use',
      `Plain ${marker},عادي,'-1,yes,0`,
      `"'=HYPERLINK(""x"") ${marker}","من ٤٠, إلى ٦٠",'+40,yes,0`,
      '',
    ]);
  });
});
