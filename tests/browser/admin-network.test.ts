// In the browser: the network admin panel, signed in as the seeded super admin, in English and Arabic.
// Each journey asserts on what a person sees and on what the server recorded (event store, read models, public API).
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { expect, it } from 'vitest';
import type { Locator, Page } from 'playwright-core';
import { RPCClient } from 'ocpp-rpc';
import type { PricingView, StationView } from '@evc/contracts/network';
import { getJson, TEST_ADMIN } from '../support/app';
import { tinyPng } from '../support/admin';
import { ROOT } from '../support/process';
import { formatMoney } from '../../frontend/src/lib/format';
import { LANGS, describeJourney, eventually, localDigits, mapIsStill, type Journey, type Lang } from './support/journey';

type Words = Record<string, string>;

/** The page's own words, read from the catalogs, so the journey follows what a person sees in each language. */
async function words(lang: Lang): Promise<Words> {
  const read = async (catalog: string) =>
    JSON.parse(await readFile(path.join(ROOT, `frontend/src/locales/${lang}/${catalog}.json`), 'utf8')) as Words;
  return { ...(await read('public')), ...(await read('app')) };
}

/** A catalog message with its {placeholders} filled (plain ones only). */
const fill = (message: string, values: Record<string, string>) => message.replace(/\{(\w+)\}/g, (m, k: string) => values[k] ?? m);

/** Opens an admin screen: the guard sends the visitor to /Signin, the super admin signs in and lands back on it. */
async function signedIn(journey: Journey, screen: string, lang: Lang): Promise<{ page: Page; t: Words }> {
  const t = await words(lang);
  const page = await journey.open(screen, { lang });
  await page.waitForURL(/\/Signin/i);
  await page.getByLabel(t['auth.email']!, { exact: true }).fill(TEST_ADMIN.email);
  await page.getByLabel(t['auth.password']!, { exact: true }).fill(TEST_ADMIN.password);
  await page.getByRole('button', { name: t['auth.signIn'], exact: true }).click();
  await page.waitForURL((url) => url.pathname.toLowerCase() === screen.split('?')[0]!.toLowerCase());
  return { page, t };
}

/** The open add/edit form of a list screen (the one with a Save button; the search box is a form too). */
const editor = (page: Page, t: Words) =>
  page.locator('form').filter({ has: page.getByRole('button', { name: t['common.save'], exact: true }) });
const table = (page: Page, t: Words, titleId: string) => page.getByRole('table', { name: t[titleId], exact: true });
const rowWith = (page: Page, t: Words, titleId: string, text: string) => table(page, t, titleId).getByRole('row').filter({ hasText: text });
const selectedId = (page: Page) => new URL(page.url()).searchParams.get('selected') ?? '';
const eventTypes = async (journey: Journey, streamId: string) =>
  (await journey.app.embedded.infra.eventStore.readStream(streamId)).map((e) => e.type);
const toast = (page: Page, text: string) => page.getByText(text, { exact: true }).first();
const money = (piastres: number, lang: Lang) => formatMoney(piastres, lang);
const stamp = () => `${Date.now().toString(36)}${Math.floor(Math.random() * 1000)}`;

async function select(page: Page, row: Locator) {
  await row.click();
  await expect.poll(() => row.getAttribute('aria-selected')).toBe('true');
  return selectedId(page);
}

describeJourney('network admin panel', (journey) => {
  for (const lang of LANGS) {
    it(`${lang}: creates a car brand and a car type under it; deleting the brand names the type that uses it`, async () => {
      const { page, t } = await signedIn(journey, '/admin/masterdata/carbrand', lang);
      await page.getByRole('heading', { level: 1, name: t['admin.carBrand'] }).waitFor();
      const id = stamp();
      const brand = { name: `Brand ${id}`, translation: `ماركة ${id}` };
      const type = { name: `Type ${id}`, translation: `طراز ${id}` };
      const shown = (item: { name: string; translation: string }) => (lang === 'ar' ? item.translation : item.name);

      await page.getByRole('button', { name: t['admin.add'], exact: true }).click();
      await editor(page, t).getByLabel(t['masterdata.nameEn']!, { exact: true }).fill(brand.name);
      await editor(page, t).getByLabel(t['masterdata.nameAr']!, { exact: true }).fill(brand.translation);
      await editor(page, t).getByRole('button', { name: t['common.save'], exact: true }).click();
      await toast(page, t['admin.saved']!).waitFor();
      const brandRow = rowWith(page, t, 'admin.carBrand', shown(brand));
      await brandRow.waitFor();
      const brandId = await select(page, brandRow);
      expect(await eventTypes(journey, `masterdata-${brandId}`)).toEqual(['MasterDataItemCreated']);

      // the car type, under the new brand
      await page.getByRole('link', { name: t['admin.carType'], exact: true }).click();
      await page.getByRole('heading', { level: 1, name: t['admin.carType'] }).waitFor();
      await page.getByRole('button', { name: t['admin.add'], exact: true }).click();
      const form = editor(page, t);
      await form.getByLabel(t['masterdata.brand']!, { exact: true }).selectOption({ label: shown(brand) });
      await form.getByLabel(t['masterdata.nameEn']!, { exact: true }).fill(type.name);
      await form.getByLabel(t['masterdata.nameAr']!, { exact: true }).fill(type.translation);
      await form.getByLabel(t['masterdata.value']!, { exact: true }).fill(localDigits(60, lang));
      await form.getByRole('button', { name: t['common.save'], exact: true }).click();
      await toast(page, t['admin.saved']!).waitFor();
      const typeRow = rowWith(page, t, 'admin.carType', shown(type));
      await typeRow.waitFor();
      // the brand column in the page's language
      expect(await typeRow.textContent()).toContain(shown(brand));
      const typeId = await select(page, typeRow);
      const typeDoc = await journey.app.embedded.infra.documents.collection('master_data').findOne({ _id: typeId });
      expect(typeDoc).toMatchObject({ kind: 'carType', parentId: brandId, name: type.name, value: '60' });

      // the brand is in use: deleting it is refused, and the message names the type
      await page.getByRole('link', { name: t['admin.carBrand'], exact: true }).click();
      await page.getByRole('heading', { level: 1, name: t['admin.carBrand'] }).waitFor();
      await select(page, rowWith(page, t, 'admin.carBrand', shown(brand)));
      await page.getByRole('button', { name: t['admin.delete'], exact: true }).first().click();
      const confirm = page.getByRole('alertdialog');
      await confirm.getByText(fill(t['admin.confirmDelete']!, { name: shown(brand) })).waitFor();
      await confirm.getByRole('button', { name: t['admin.delete'], exact: true }).click();
      // named in the page's language
      await confirm
        .getByRole('alert')
        .getByText(fill(t['admin.inUseDelete']!, { names: shown(type) }), { exact: true })
        .waitFor();
      expect(await eventTypes(journey, `masterdata-${brandId}`)).not.toContain('MasterDataItemDeleted');
      await rowWith(page, t, 'admin.carBrand', shown(brand)).waitFor();
    });

    it(`${lang}: creates a station on the map with two chargers; the secret lets the charger connect; deleting a charger hides it and keeps its history`, async () => {
      const { page, t } = await signedIn(journey, '/admin/chargerManagement', lang);
      await page.getByRole('heading', { level: 1, name: t['admin.chargerManagement'] }).waitFor();
      const id = stamp();
      const station = { nameEn: `Journey Station ${id}`, nameAr: `محطة الرحلة ${id}` };
      const shownName = lang === 'ar' ? station.nameAr : station.nameEn;

      await page.getByRole('button', { name: t['admin.add'], exact: true }).click();
      const form = editor(page, t);
      await form.getByLabel(t['admin.nameEn']!, { exact: true }).fill(station.nameEn);
      await form.getByLabel(t['admin.nameAr']!, { exact: true }).fill(station.nameAr);
      await form.getByLabel(t['station.governorate']!, { exact: true }).selectOption({ label: lang === 'ar' ? 'الجيزة' : 'Giza' });
      // the map opens on Egypt: a click in its middle places the marker and fills the coordinates
      const map = form.getByRole('application', { name: t['station.map'] });
      await map.waitFor();
      await mapIsStill(page);
      await map.click();
      const latText = await eventually(
        () => form.getByLabel(t['station.lat']!, { exact: true }).inputValue(),
        (v) => v !== '',
      );
      const lngText = await form.getByLabel(t['station.lng']!, { exact: true }).inputValue();
      const picked = { lat: Number(latText), lng: Number(lngText) };
      expect(picked.lat).toBeGreaterThan(21.5);
      expect(picked.lat).toBeLessThan(32);
      expect(picked.lng).toBeGreaterThan(24.5);
      expect(picked.lng).toBeLessThan(37.5);
      await expect.poll(() => map.locator('path.leaflet-interactive').count()).toBeGreaterThan(0);
      if (lang === 'ar') {
        // Arabic staff may type the coordinates in Eastern Arabic digits
        await form.getByLabel(t['station.lat']!, { exact: true }).fill('٣٠٫٠١٣١');
        await form.getByLabel(t['station.lng']!, { exact: true }).fill('٣١٫٢٠٨٩');
      }
      await form.getByLabel(t['station.addressEn']!, { exact: true }).fill('12 Journey Street, Dokki');
      await form.getByLabel(t['station.addressAr']!, { exact: true }).fill('١٢ شارع الرحلة، الدقي');
      // a photo, uploaded as a browser uploads a file (multipart) and previewed
      await form
        .getByLabel(t['station.photo']!, { exact: true })
        .setInputFiles({ name: 'station.png', mimeType: 'image/png', buffer: tinyPng(8, 6, [20, 120, 110]) });
      await form.getByRole('img', { name: t['upload.preview'] }).waitFor();
      await form.getByRole('button', { name: t['common.save'], exact: true }).click();
      await toast(page, t['admin.saved']!).waitFor();
      // 40 seeded stations fill the first pages: find the new one as a person would, by searching
      await page.getByRole('searchbox', { name: t['admin.search'] }).fill(id);
      const stationRow = rowWith(page, t, 'admin.chargerManagement', shownName);
      await stationRow.waitFor();
      const stationId = await select(page, stationRow);
      const stationDoc = await journey.app.embedded.infra.documents.collection('stations').findOne({ _id: stationId });
      expect(stationDoc).toMatchObject({
        nameEn: station.nameEn,
        governorateId: 'eg-gz',
        photoFileId: expect.stringMatching(/^[a-f0-9]{64}$/),
      });
      expect(
        (await fetch(`${journey.app.baseUrl}/api/files/${(stationDoc as { photoFileId: string }).photoFileId}`)).headers.get(
          'content-type',
        ),
      ).toBe('image/png');
      expect((stationDoc as { location: { lat: number } }).location.lat).toBeCloseTo(lang === 'ar' ? 30.0131 : picked.lat, 4);

      // two chargers, each with two connectors; each answers its secret key once
      const chargers = [`JRN-${id}-A`.toUpperCase(), `JRN-${id}-B`.toUpperCase()];
      const secrets: string[] = [];
      const panel = page.getByRole('region', { name: fill(t['charger.title']!, { station: shownName }) });
      await panel.waitFor();
      for (const [n, chargerId] of chargers.entries()) {
        await panel.getByRole('button', { name: t['charger.add'], exact: true }).click();
        const chargerForm = page.getByRole('form', { name: t['charger.newTitle'] });
        await chargerForm.getByLabel(t['charger.chargerId']!, { exact: true }).fill(chargerId);
        await chargerForm.getByLabel(t['charger.serial']!, { exact: true }).fill(`SN-${chargerId}`);
        await chargerForm.getByLabel(t['charger.model']!, { exact: true }).fill(n === 0 ? 'AC Max 22' : 'Terra 54');
        await chargerForm.getByLabel(t['charger.vendor']!, { exact: true }).fill(n === 0 ? 'Delta' : 'ABB');
        await chargerForm.getByRole('button', { name: t['charger.addConnector'], exact: true }).click();
        const connector = (n: number) =>
          chargerForm.getByRole('group', {
            name: new RegExp(`^${fill(t['charger.connectorN']!, { n: `(${n}|${localDigits(n, lang)})` })}$`),
          });
        const second = connector(2);
        await second.getByLabel(t['charger.connectorCode']!, { exact: true }).fill(`${chargerId}-2`);
        await connector(1).getByLabel(t['charger.connectorCode']!, { exact: true }).fill(`${chargerId}-1`);
        if (n === 1) {
          await second.getByLabel(t['charger.connectorType']!, { exact: true }).selectOption('CCS2');
          await second.getByLabel(t['charger.current']!, { exact: true }).selectOption('DC');
          await second.getByLabel(t['charger.maxPower']!, { exact: true }).fill(localDigits(50, lang));
        }
        await chargerForm.getByRole('button', { name: t['common.save'], exact: true }).click();
        const dialog = page.getByRole('dialog', { name: fill(t['charger.secretTitle']!, { chargerId }) });
        await dialog.waitFor();
        const secret = ((await dialog.getByLabel(t['charger.secretKey']!, { exact: true }).textContent()) ?? '').trim();
        expect(secret.length).toBeGreaterThanOrEqual(16);
        secrets.push(secret);
        await dialog.getByRole('button', { name: t['charger.secretDone'], exact: true }).click();
        await dialog.waitFor({ state: 'detached' });
        await panel.getByRole('row').filter({ hasText: chargerId }).waitFor();
      }
      expect(new Set(secrets).size).toBe(2);
      await expect
        .poll(async () => (await stationRow.getByRole('cell').allTextContents()).includes(localDigits(2, lang)), { timeout: 5000 })
        .toBe(true);
      const secretEvents = JSON.stringify(await journey.app.embedded.infra.eventStore.readStream(`charger-${chargers[0]}`));
      expect(secretEvents).not.toContain(secrets[0]);

      // the secret shown once lets the charger connect over OCPP
      const endpoint = `${journey.app.baseUrl.replace('http', 'ws')}/ocpp`;
      const client = new RPCClient({
        endpoint,
        identity: chargers[0],
        password: secrets[0],
        protocols: ['ocpp1.6'],
        reconnect: false,
        strictMode: true,
      } as unknown as ConstructorParameters<typeof RPCClient>[0]);
      try {
        await client.connect();
        await expect(client.call('BootNotification', { chargePointVendor: 'Delta', chargePointModel: 'AC Max 22' })).resolves.toMatchObject(
          { status: 'Accepted' },
        );
      } finally {
        await client.close({ force: true }).catch(() => undefined);
      }

      // delete the second charger: gone from the list and from the public station page, still in the history
      const [kept, deleted] = chargers as [string, string];
      await panel.getByRole('button', { name: fill(t['charger.deleteOf']!, { chargerId: deleted }), exact: true }).click();
      const confirm = panel.getByRole('alertdialog', { name: fill(t['charger.confirmDelete']!, { chargerId: deleted }) });
      await confirm.getByRole('button', { name: t['admin.delete'], exact: true }).click();
      await panel.getByRole('row').filter({ hasText: deleted }).waitFor({ state: 'detached' });
      await panel.getByRole('row').filter({ hasText: kept }).waitFor();
      await expect
        .poll(async () => (await stationRow.getByRole('cell').allTextContents()).includes(localDigits(1, lang)), { timeout: 5000 })
        .toBe(true);
      expect(await eventTypes(journey, `charger-${deleted}`)).toContain('ChargerMarkedDeleted');
      const history = page.getByRole('region', { name: t['audit.title'] });
      await page.reload();
      await history.getByText(deleted).first().waitFor();

      const { body: publicStation } = await getJson<StationView>(
        journey.app.baseUrl,
        `/api/queries/stations/${encodeURIComponent(stationId)}`,
      );
      expect(publicStation.chargers.map((c) => c.chargerId ?? c.serialNumber)).not.toContain(deleted);
      const visitor = await journey.open(`/ChargingStations?station=${encodeURIComponent(stationId)}`, { lang });
      const detail = visitor.getByRole('region', { name: shownName });
      await detail
        .getByRole('heading', { level: 3, name: fill(t['station.charger']!, { serial: `SN-${kept}`, model: 'AC Max 22' }) })
        .waitFor();
      expect(await detail.getByText(`SN-${deleted}`).count()).toBe(0);
    });

    it(`${lang}: changes the prices in EGP with a reason; the history shows old → new and the public prices follow`, async () => {
      const { page, t } = await signedIn(journey, '/admin/chargerspricingsettings', lang);
      await page.getByRole('heading', { level: 1, name: t['admin.pricing'] }).waitFor();
      const { body: before } = await getJson<PricingView>(journey.app.baseUrl, '/api/queries/pricing');
      const next = {
        acPricePerKwh: before.acPricePerKwh + 11,
        dcPricePerKwh: before.dcPricePerKwh + 25,
        minimumCharge: before.minimumCharge + 500,
        bookingFeePerMinute: before.bookingFeePerMinute + 5,
      };
      const egp = (piastres: number) => localDigits((piastres / 100).toFixed(2), lang).replace('.', lang === 'ar' ? '٫' : '.');
      const reason = lang === 'ar' ? `تعديل الأسعار ${stamp()}` : `Tariff review ${stamp()}`;

      await page.getByRole('button', { name: t['pricing.change'], exact: true }).click();
      const form = editor(page, t);
      for (const [field, piastres] of Object.entries(next))
        await form.getByLabel(t[`pricing.${field}`]!, { exact: true }).fill(egp(piastres));
      await form.getByLabel(t['admin.reason']!, { exact: true }).fill(reason);
      await form.getByRole('button', { name: t['common.save'], exact: true }).click();
      await toast(page, t['admin.saved']!).waitFor();

      const row = rowWith(page, t, 'admin.pricing', reason);
      await row.waitFor();
      const cells = await row.getByRole('cell').allTextContents();
      const arrow = (from: number, to: number) => `${money(from, lang)} → ${money(to, lang)}`;
      expect(cells).toContain(arrow(before.acPricePerKwh, next.acPricePerKwh));
      expect(cells).toContain(arrow(before.dcPricePerKwh, next.dcPricePerKwh));
      expect(cells).toContain(arrow(before.minimumCharge, next.minimumCharge));
      expect(cells).toContain(arrow(before.bookingFeePerMinute, next.bookingFeePerMinute));
      const events = await journey.app.embedded.infra.eventStore.readStream('pricing-network');
      expect(events.at(-1)).toMatchObject({ type: 'PricingSet', data: next, metadata: { reason } });

      const current = await eventually(
        async () => (await getJson<PricingView>(journey.app.baseUrl, '/api/queries/pricing')).body,
        (p) => p.acPricePerKwh === next.acPricePerKwh,
        65_000,
      );
      expect(current).toMatchObject(next);
    }, 90_000);

    it(`${lang}: the CSV export downloads the list with a BOM and the header row; Edit without a selection asks for a row`, async () => {
      const { page, t } = await signedIn(journey, '/admin/masterdata/carbrand', lang);
      await table(page, t, 'admin.carBrand').getByRole('row').nth(1).waitFor();
      await page.getByRole('button', { name: t['common.edit'], exact: true }).click();
      await page.getByRole('alert').getByText(t['admin.selectRow']!, { exact: true }).waitFor();

      const [download] = await Promise.all([
        page.waitForEvent('download'),
        page.getByRole('button', { name: t['admin.exportCsv'], exact: true }).click(),
      ]);
      expect(download.suggestedFilename()).toMatch(/\.csv$/);
      // read through the browser's connection: the run's Chromium is shared, so the file is not on a local path
      const csv = Buffer.concat(await (await download.createReadStream()).toArray()).toString('utf8');
      expect(csv.startsWith('\uFEFF')).toBe(true);
      const [header, ...lines] = csv.slice(1).split('\r\n');
      expect(header).toBe('Name,Name (translation),Value,Active,In use');
      expect(lines.some((l) => l.startsWith('BYD,'))).toBe(true);
    });

    it(`${lang}: every sortable column of the network screens sorts on the server`, async () => {
      const { page, t } = await signedIn(journey, '/admin/masterdata/carbrand', lang);
      const screens = [
        ['/admin/masterdata/carbrand', 'admin.carBrand'],
        ['/admin/masterdata/cartype', 'admin.carType'],
        ['/admin/countries', 'admin.countries'],
        ['/admin/governorates', 'admin.governorates'],
        ['/admin/chargerManagement', 'admin.chargerManagement'],
        ['/admin/chargerspricingsettings', 'admin.pricing'],
        ['/admin/users', 'admin.users'],
      ] as const;
      for (const [, titleId] of screens) {
        await page.getByRole('navigation').getByRole('link', { name: t[titleId], exact: true }).click();
        const list = table(page, t, titleId);
        await list.waitFor();
        const headers = list.getByRole('columnheader').getByRole('button');
        const count = await headers.count();
        expect(count, titleId).toBeGreaterThan(0);
        for (let i = 0; i < count; i++) {
          const [answer] = await Promise.all([
            page.waitForResponse((r) => r.url().includes('/api/queries/admin/') && new URL(r.url()).searchParams.has('sort')),
            headers.nth(i).click(),
          ]);
          expect(answer.status(), `${titleId}: ${answer.url()}`).toBe(200);
          // Ascending, or descending when the column was already the list's order (Arabic lists start by the Arabic name).
          await headers.nth(i).locator('xpath=ancestor::th[@aria-sort]').waitFor();
          expect(await page.getByRole('alert').count(), `${titleId}: sorting by column ${i + 1}`).toBe(0);
        }
      }
    });

    it(`${lang}: the countries screen shows the seeded flag of Egypt`, async () => {
      const { page, t } = await signedIn(journey, '/admin/countries', lang);
      const flag = page.getByRole('img', { name: fill(t['country.flagOf']!, { name: lang === 'ar' ? 'مصر' : 'Egypt' }) });
      await flag.waitFor();
      await expect
        .poll(() => flag.evaluate((img) => (img as unknown as { complete: boolean; naturalWidth: number }).naturalWidth))
        .toBeGreaterThan(0);
    });
  }
});
