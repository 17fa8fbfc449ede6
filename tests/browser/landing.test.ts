// Journey 1: the landing page in English and Arabic, its direction, and the language switcher.
import { expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { LANGS, box, describeJourney, localDigits, textBox, type Lang } from './support/journey';

const TEXT = {
  en: {
    hero: 'Charge your electric car across Egypt',
    subtitle: 'Find the nearest station, start with a tap of your phone',
    find: 'Find a station',
    stats: 'Network statistics',
    stations: 'Stations',
    governorates: 'Governorates covered',
    facts: 'Why charge with us',
    firstFact: 'More than 700 charging points — our goal for 2024.',
    card: 'Get your charging card',
    cardCta: 'Request a charging card',
    app: 'Charge from your phone',
    phone: 'A phone showing the charging app',
    menu: 'Menu',
    switcher: 'Switch language',
  },
  ar: {
    hero: 'اشحن سيارتك الكهربائية في كل أنحاء مصر',
    subtitle: 'اعثر على أقرب محطة',
    find: 'ابحث عن محطة',
    stats: 'إحصاءات الشبكة',
    stations: 'محطات',
    governorates: 'محافظات مغطاة',
    facts: 'لماذا تشحن معنا',
    firstFact: 'أكثر من ٧٠٠ نقطة شحن، وهو هدفنا لعام ٢٠٢٤.',
    card: 'احصل على بطاقة الشحن',
    cardCta: 'اطلب بطاقة شحن',
    app: 'اشحن من هاتفك',
    phone: 'هاتف يعرض تطبيق الشحن',
    menu: 'القائمة',
    switcher: 'تغيير اللغة',
  },
} satisfies Record<Lang, Record<string, string>>;

/** The value of the statistic tile whose term is `term`. */
const statistic = (page: Page, lang: Lang, term: string) =>
  page
    .getByRole('region', { name: TEXT[lang].stats })
    .locator('div', { has: page.locator('dt', { hasText: new RegExp(`^${term}$`) }) })
    .locator('dd');

describeJourney('landing page', (journey) => {
  for (const lang of LANGS) {
    const t = TEXT[lang];

    it(`${lang}: hero, live network statistics, facts, card and app calls to action`, async () => {
      const page = await journey.open('/', { lang });
      expect(await page.locator('html').getAttribute('dir')).toBe(lang === 'ar' ? 'rtl' : 'ltr');
      expect(await page.locator('html').getAttribute('lang')).toBe(lang);

      await page.getByRole('heading', { level: 1, name: t.hero }).waitFor();
      await page.getByText(t.subtitle).waitFor();
      expect(await page.getByRole('link', { name: t.find }).getAttribute('href')).toBe('#find');

      // 40 stations in 17 governorates from the demo seed, with the locale's digits
      const stations = statistic(page, lang, t.stations);
      await page.getByText(localDigits(40, lang), { exact: true }).waitFor();
      expect(await stations.textContent()).toBe(localDigits(40, lang));
      expect(await statistic(page, lang, t.governorates).textContent()).toBe(localDigits(17, lang));

      const facts = page.getByRole('region', { name: t.facts });
      expect(await facts.getByRole('listitem').count()).toBe(8);
      expect(await facts.getByRole('listitem').first().textContent()).toBe(t.firstFact);

      const card = page.getByRole('region', { name: t.card });
      expect(await card.getByRole('link', { name: t.cardCta }).getAttribute('href')).toBe('/card-request');

      const app = page.getByRole('region', { name: t.app });
      expect(await app.getByRole('link', { name: /App Store/ }).isVisible()).toBe(true);
      expect(await app.getByRole('link', { name: /Google Play/ }).isVisible()).toBe(true);
      expect(await app.getByRole('img', { name: t.phone }).isVisible()).toBe(true);
    });

    it(`${lang}: text starts at the ${lang === 'ar' ? 'right' : 'left'} edge of its container`, async () => {
      const page = await journey.open('/', { lang });
      for (const heading of [
        page.getByRole('heading', { level: 1, name: t.hero }),
        page.getByRole('heading', { level: 2, name: t.facts }),
      ]) {
        const text = await textBox(heading);
        // the Container around the heading (its content box)
        const container = await heading.locator('xpath=..').evaluate((el) => {
          const r = el.getBoundingClientRect();
          const s = el.ownerDocument.defaultView.getComputedStyle(el);
          return { left: r.left + parseFloat(s.paddingLeft), right: r.right - parseFloat(s.paddingRight) };
        });
        const width = container.right - container.left;
        if (lang === 'ar') {
          expect(Math.abs(container.right - text.right)).toBeLessThan(2);
          expect(text.left - container.left).toBeGreaterThan(width * 0.2);
        } else {
          expect(Math.abs(text.left - container.left)).toBeLessThan(2);
          expect(container.right - text.right).toBeGreaterThan(width * 0.2);
        }
      }
      // and the headline block itself sits on the start side of the page
      const hero = await box(page.getByRole('heading', { level: 1, name: t.hero }));
      const viewport = page.viewportSize()!.width;
      if (lang === 'ar') expect(hero.x + hero.width).toBeGreaterThan(viewport / 2);
      else expect(hero.x).toBeLessThan(viewport / 2);
    });

    it(`${lang}: the language switcher changes the language and the choice survives a reload`, async () => {
      const other: Lang = lang === 'ar' ? 'en' : 'ar';
      const page = await journey.open('/', { lang });
      // start from a URL without ?lang=, so only the stored choice decides
      await page.goto('/');
      await page.getByRole('heading', { level: 1, name: t.hero }).waitFor();

      // a laptop: the switcher is in the header row
      const switcher = page.getByRole('button', { name: t.switcher });
      expect(await switcher.textContent()).toBe(lang === 'ar' ? 'English' : 'العربية');
      await switcher.click();
      await page.getByRole('heading', { level: 1, name: TEXT[other].hero }).waitFor();
      expect(await page.locator('html').getAttribute('lang')).toBe(other);
      expect(await page.locator('html').getAttribute('dir')).toBe(other === 'ar' ? 'rtl' : 'ltr');

      await page.reload();
      await page.getByRole('heading', { level: 1, name: TEXT[other].hero }).waitFor();
      expect(await page.locator('html').getAttribute('lang')).toBe(other);
      await page.getByText(localDigits(40, other), { exact: true }).waitFor();
    });
  }
});
