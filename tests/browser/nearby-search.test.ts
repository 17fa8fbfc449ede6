// Journey 2: the nearest-station search on the landing page, by typed governorate and by the browser's location.
import { expect, it } from 'vitest';
import type { Locator } from 'playwright-core';
import type { Paged } from '@evc/contracts/shared';
import type { StationView } from '@evc/contracts/network';
import { getJson } from '../support/app';
import { LANGS, describeJourney, localDigits, parseDistance, type Journey, type Lang } from './support/journey';

const TEXT = {
  en: {
    section: 'Find the nearest station',
    place: 'City or governorate',
    search: 'Search',
    locate: 'Use my location',
    loadMore: 'Load more',
    alexandria: 'Alexandria',
    cairo: 'Cairo',
    found: (shown: number, total: number) => `Showing ${shown} of ${total} stations, nearest first.`,
  },
  ar: {
    section: 'ابحث عن أقرب محطة',
    place: 'المدينة أو المحافظة',
    search: 'بحث',
    locate: 'استخدم موقعي',
    loadMore: 'عرض المزيد',
    alexandria: 'الإسكندرية',
    cairo: 'القاهرة',
    found: (shown: number, total: number) => `عرض ${localDigits(shown, 'ar')} من ${localDigits(total, 'ar')} محطة، الأقرب أولاً.`,
  },
};

const CAIRO = { latitude: 30.0444, longitude: 31.2357 };
const PAGE_SIZE = 6;

interface Card {
  name: string;
  text: string;
  distanceM: number;
}

async function readCards(section: Locator): Promise<Card[]> {
  const items = section.getByRole('listitem');
  const cards: Card[] = [];
  for (const item of await items.all()) {
    const text = (await item.textContent()) ?? '';
    cards.push({ name: (await item.getByRole('heading', { level: 3 }).textContent()) ?? '', text, distanceM: parseDistance(text) });
  }
  return cards;
}

async function waitForCards(section: Locator, lang: Lang, shown: number, total: number) {
  await section.getByText(TEXT[lang].found(shown, total), { exact: true }).waitFor();
  await expect.poll(() => section.getByRole('listitem').count(), { timeout: 5000 }).toBe(shown);
  // Each card's price line comes with the network's pricing, which may answer after the stations: the cards are read
  // once every one shows it (a card read before it, and read again after "load more", differed by that line alone).
  await expect
    .poll(
      () =>
        section
          .getByRole('listitem')
          .filter({ hasText: /[AD]C: / })
          .count(),
      { timeout: 5000 },
    )
    .toBe(shown);
  return readCards(section);
}

function expectNearestFirst(cards: Card[]) {
  const distances = cards.map((c) => c.distanceM);
  expect(distances).toEqual([...distances].sort((a, b) => a - b));
}

/** The server's own answer for the same point, names in `lang`. */
async function serverNearest(journey: Journey, lat: number, lng: number, lang: Lang, pageSize: number) {
  const { body } = await getJson<Paged<StationView>>(
    journey.app.baseUrl,
    `/api/queries/stations/nearby?lat=${lat}&lng=${lng}&radiusKm=1500&pageSize=${pageSize}`,
  );
  return { total: body.totalCount, names: body.dataList.map((s) => (lang === 'ar' ? s.nameAr : s.nameEn)) };
}

describeJourney('nearest-station search', (journey) => {
  for (const lang of LANGS) {
    const t = TEXT[lang];

    it(`${lang}: a typed governorate lists stations nearest first, in Alexandria; "load more" appends without duplicates`, async () => {
      const page = await journey.open('/', { lang });
      const section = page.getByRole('region', { name: t.section });
      await section.getByLabel(t.place).fill(t.alexandria);
      await section.getByRole('button', { name: t.search }).click();

      const expected = await serverNearest(journey, 31.2001, 29.9187, lang, 2 * PAGE_SIZE);
      expect(expected.total).toBe(40);
      const first = await waitForCards(section, lang, PAGE_SIZE, expected.total);
      expect(first.map((c) => c.name)).toEqual(expected.names.slice(0, PAGE_SIZE));
      expectNearestFirst(first);
      // the seed has five stations in Alexandria: they come first, then the nearest outside it (card: "address — governorate")
      expect(first.slice(0, 5).every((c) => c.text.includes(`— ${t.alexandria}`))).toBe(true);
      expect(first[5]?.text.includes(`— ${t.alexandria}`)).toBe(false);

      await section.getByRole('button', { name: t.loadMore }).click();
      const more = await waitForCards(section, lang, 2 * PAGE_SIZE, expected.total);
      expect(more.slice(0, PAGE_SIZE)).toEqual(first);
      expect(new Set(more.map((c) => c.name)).size).toBe(more.length);
      expect(more.map((c) => c.name)).toEqual(expected.names);
      expectNearestFirst(more);
      // the map shows one marker per listed station
      expect(await section.getByRole('region').locator('path.leaflet-interactive[stroke="#ffffff"]').count()).toBe(more.length);
    });

    it(`${lang}: the browser's location near Tahrir lists the nearest stations in Cairo`, async () => {
      const page = await journey.open('/', { lang, geolocation: CAIRO });
      const section = page.getByRole('region', { name: t.section });
      await section.getByRole('button', { name: t.locate }).click();

      const expected = await serverNearest(journey, CAIRO.latitude, CAIRO.longitude, lang, PAGE_SIZE);
      const cards = await waitForCards(section, lang, PAGE_SIZE, expected.total);
      expect(cards.map((c) => c.name)).toEqual(expected.names);
      expectNearestFirst(cards);
      expect(cards[0]!.text).toContain(`— ${t.cairo}`);
      expect(cards[0]!.distanceM).toBeLessThan(1000);
      expect(cards.filter((c) => c.text.includes(`— ${t.cairo}`)).length).toBeGreaterThanOrEqual(PAGE_SIZE / 2);
    });
  }
});
