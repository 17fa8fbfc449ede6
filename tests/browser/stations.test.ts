// Journey 3: /ChargingStations — list, filters, station detail and the map without tiles.
import { expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import type { Paged } from '@evc/contracts/shared';
import type { StationView } from '@evc/contracts/network';
import { getJson } from '../support/app';
import { LANGS, describeJourney, localDigits, mapIsStill, type Lang } from './support/journey';

const TEXT = {
  en: {
    title: 'Charging stations',
    count: (n: number) => `${n} station${n === 1 ? '' : 's'}`,
    pageOf: (p: number, of: number) => `Page ${p} of ${of}`,
    governorate: 'Governorate',
    connector: 'Connector type',
    all: 'All',
    alexandria: 'Alexandria',
    details: 'Details',
    close: 'Close',
    charger: (serial: string, model: string) => `Charger ${serial} (${model})`,
    map: 'Map of charging stations',
    fallback: 'Offline map of Egypt: no street detail.',
  },
  ar: {
    title: 'محطات الشحن',
    // Arabic plural: 3–10 "محطات", 11–99 "محطة"
    count: (n: number) => `${localDigits(n, 'ar')} ${n % 100 >= 3 && n % 100 <= 10 ? 'محطات' : 'محطة'}`,
    pageOf: (p: number, of: number) => `صفحة ${localDigits(p, 'ar')} من ${localDigits(of, 'ar')}`,
    governorate: 'المحافظة',
    connector: 'نوع الموصل',
    all: 'الكل',
    alexandria: 'الإسكندرية',
    details: 'التفاصيل',
    close: 'إغلاق',
    charger: (serial: string, model: string) => `الشاحن ${serial} (${model})`,
    map: 'خريطة محطات الشحن',
    fallback: 'خريطة مصر دون اتصال: بلا تفاصيل الشوارع.',
  },
};

const cards = (page: Page) => page.getByRole('main').getByRole('listitem');
const markers = (page: Page, lang: Lang) =>
  page.getByRole('region', { name: TEXT[lang].map }).locator('path.leaflet-interactive[stroke="#ffffff"]');
const localName = (s: StationView, lang: Lang) => (lang === 'ar' ? s.nameAr : s.nameEn);

async function showsCount(page: Page, lang: Lang, n: number) {
  await page.getByRole('main').getByText(TEXT[lang].count(n), { exact: true }).waitFor();
  await expect.poll(() => cards(page).count(), { timeout: 5000 }).toBe(Math.min(n, 12));
}

describeJourney('stations page', (journey) => {
  const api = async (query: string) =>
    (await getJson<Paged<StationView>>(journey.app.baseUrl, `/api/queries/stations?pageSize=100&${query}`)).body;

  for (const lang of LANGS) {
    const t = TEXT[lang];

    it(`${lang}: lists the stations; governorate and connector filters narrow the list and the count`, async () => {
      const page = await journey.open('/ChargingStations', { lang });
      await page.getByRole('heading', { level: 1, name: t.title }).waitFor();
      await showsCount(page, lang, 40);
      await page.getByText(t.pageOf(1, 4), { exact: true }).waitFor();

      await page.getByLabel(t.governorate).selectOption({ label: t.alexandria });
      await showsCount(page, lang, 5);
      expect(new URL(page.url()).searchParams.get('governorateId')).toBe('eg-alx');
      for (const text of await cards(page).allTextContents()) expect(text).toContain(`— ${t.alexandria}`);
      expect(await page.getByText(t.pageOf(1, 1)).count()).toBe(0);

      const alexChademo = await api('governorateId=eg-alx&connectorType=CHAdeMO');
      expect(alexChademo.totalCount).toBeGreaterThan(0);
      expect(alexChademo.totalCount).toBeLessThan(5);
      await page.getByLabel(t.connector).selectOption('CHAdeMO');
      await showsCount(page, lang, alexChademo.totalCount);
      const names = await cards(page).getByRole('heading', { level: 3 }).allTextContents();
      expect(names.sort()).toEqual(alexChademo.dataList.map((s) => localName(s, lang)).sort());
      for (const text of await cards(page).allTextContents()) expect(text).toContain('CHAdeMO');

      const chademo = await api('connectorType=CHAdeMO');
      expect(chademo.totalCount).toBeLessThan(40);
      await page.getByLabel(t.governorate).selectOption({ label: t.all });
      await showsCount(page, lang, chademo.totalCount);
      for (const text of await cards(page).allTextContents()) expect(text).toContain('CHAdeMO');
    });

    it(`${lang}: a station's detail shows its chargers and connectors`, async () => {
      const page = await journey.open('/ChargingStations', { lang });
      await showsCount(page, lang, 40);
      const first = cards(page).first();
      const name = (await first.getByRole('heading', { level: 3 }).textContent()) ?? '';
      await first.getByRole('link', { name: t.details }).click();

      const detail = page.getByRole('region', { name });
      await detail.waitFor();
      const stationId = new URL(page.url()).searchParams.get('station') ?? '';
      const { body: station } = await getJson<StationView>(journey.app.baseUrl, `/api/queries/stations/${encodeURIComponent(stationId)}`);
      expect(localName(station, lang)).toBe(name);
      expect(station.chargers.length).toBeGreaterThan(0);
      for (const charger of station.chargers) {
        await detail.getByRole('heading', { level: 3, name: t.charger(charger.serialNumber, charger.model) }).waitFor();
        for (const connector of charger.connectors) {
          const row = detail.getByRole('row', { name: new RegExp(`^${connector.code} `) });
          expect(await row.textContent()).toContain(`${connector.type} (${connector.current})`);
        }
      }
      const rows = station.chargers.reduce((n, c) => n + c.connectors.length + 1, 0); // + one header row per charger
      expect(await detail.getByRole('row').count()).toBe(rows);

      // the map stays while the detail is open, and closing the detail keeps it
      await page.getByRole('region', { name: t.map }).waitFor();
      await detail.getByRole('button', { name: t.close }).click();
      await page.getByRole('region', { name: t.map }).waitFor();
      expect(new URL(page.url()).searchParams.has('station')).toBe(false);
    });

    it(`${lang}: the map shows a marker per listed station and the no-tiles note; a marker opens its station`, async () => {
      const page = await journey.open('/ChargingStations', { lang });
      await showsCount(page, lang, 40);
      const map = page.getByRole('region', { name: t.map });
      // the note sits below the map (not under the zoom control)
      await page.getByRole('note').getByText(t.fallback, { exact: true }).waitFor();
      await expect.poll(() => markers(page, lang).count(), { timeout: 5000 }).toBe(12);
      expect(await map.locator('img.leaflet-tile').count()).toBe(0);

      const listed = await cards(page).getByRole('heading', { level: 3 }).allTextContents();
      // the last marker is drawn on top of any it overlaps. Leaflet ignores clicks while it animates the zoom that
      // fits the markers, so wait until the map is still; on a loaded machine, click once more if no popup shows.
      await mapIsStill(page);
      const popup = map.locator('.leaflet-popup-content');
      await markers(page, lang).last().click();
      if (
        !(await popup.waitFor({ timeout: 3000 }).then(
          () => true,
          () => false,
        ))
      )
        await markers(page, lang).last().click();
      await popup.waitFor();
      const popupName = (await popup.locator('strong').textContent()) ?? '';
      expect(listed).toContain(popupName);
      await popup.getByRole('link', { name: t.details }).click();
      await page.getByRole('region', { name: popupName }).getByRole('heading', { level: 2, name: popupName }).waitFor();
    });
  }
});
