// In the browser: the public header on a laptop (1280 and 1024 px) and a phone, the customer
// section's menu on a phone, toasts clear of the header's buttons, and the staff customers list (the real car, licence,
// card and age values; nothing wider than a 1280 px screen; filters typed day/month/year), in English and Arabic.
import { randomUUID } from 'node:crypto';
import { expect, it } from 'vitest';
import type { Locator, Page } from 'playwright-core';
import { TEST_ADMIN } from '../support/app';
import { must, tinyPng, upload } from '../support/admin';
import { customerToken } from '../support/identity';
import { LANGS, arabicDigits, box, describeJourney, localDigits, type Journey, type Lang } from './support/journey';
import { say, words, type Words } from './support/words';

const LAPTOP = { width: 1280, height: 800 };
const SMALL_LAPTOP = { width: 1024, height: 768 };
const PHONE = { width: 390, height: 844 };
const CAR = { brandId: 'brand-mg', typeId: 'type-mg-mg4', batteryRangeId: 'battery-60-80' };

type Rect = { x: number; y: number; width: number; height: number };
const overlaps = (a: Rect, b: Rect) => a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;

/** Every link and button a person can see in the header, with its box. */
async function headerControls(page: Page): Promise<{ text: string; rect: Rect }[]> {
  return page.getByRole('banner').evaluate((header) =>
    [...header.querySelectorAll('a, button')]
      .map((el) => ({ text: (el.textContent ?? '').trim(), r: el.getBoundingClientRect(), visible: el.checkVisibility() }))
      .filter((c) => c.visible && c.r.width > 0)
      .map((c) => ({ text: c.text, rect: { x: c.r.x, y: c.r.y, width: c.r.width, height: c.r.height } })),
  );
}

const noSidewaysScroll = (page: Page) =>
  page.locator('html').evaluate((html) => ({ scroll: html.scrollWidth as number, client: html.clientWidth as number }));

async function signIn(page: Page, t: Words, email: string, password: string) {
  await page.getByLabel(t['auth.email']!, { exact: true }).fill(email);
  await page.getByLabel(t['auth.password']!, { exact: true }).fill(password);
  await page.getByRole('button', { name: t['auth.signIn'], exact: true }).click();
}

/** A customer of their own, signed in on `viewport`, on /profile. */
async function customerPage(journey: Journey, lang: Lang, viewport: { width: number; height: number }) {
  const t = await words(lang);
  const customer = await customerToken(journey.app);
  const page = await journey.open('/SignInUp', { lang, viewport });
  await signIn(page, t, customer.email, customer.password);
  await page.waitForURL(/\/profile/i);
  return { page, t, customer };
}

/** A toast from the profile's Save, checked against every visible control of the header. */
async function toastClearOfHeader(page: Page, t: Words) {
  await page.getByLabel(t['profile.address']!, { exact: true }).fill('12 Nile Street, Zamalek');
  await page.getByRole('button', { name: t['common.save'], exact: true }).click();
  const toast: Locator = page.getByTestId('toasts').getByText(t['profile.saved']!, { exact: true });
  await toast.waitFor();
  const region = await box(page.getByTestId('toasts'));
  const controls = await headerControls(page);
  expect(controls.length).toBeGreaterThan(0);
  for (const control of controls) expect(overlaps(region, control.rect), `the toast covers "${control.text}"`).toBe(false);
  return region;
}

describeJourney('layout: header, customer menu, toasts and the customers list', (journey) => {
  for (const lang of LANGS) {
    for (const viewport of [LAPTOP, SMALL_LAPTOP]) {
      it(`[${lang}] ${viewport.width} px: the header shows the main links, sign-in and the language switch, no "Menu"`, async () => {
        const t = await words(lang);
        const page = await journey.open('/', { lang, viewport });
        const header = page.getByRole('banner');
        for (const id of [
          'nav.home',
          'nav.about',
          'nav.stations',
          'nav.howItWorks',
          'nav.mobileApp',
          'nav.cardRequest',
          'nav.contact',
          'nav.signIn',
        ]) {
          expect(await header.getByRole('link', { name: t[id], exact: true }).isVisible(), id).toBe(true);
        }
        expect(await header.getByRole('button', { name: t['language.switch'], exact: true }).isVisible()).toBe(true);
        expect(await header.getByRole('button', { name: t['nav.menu'], exact: true }).isVisible()).toBe(false);
        // every control inside the screen, none on top of another
        const controls = await headerControls(page);
        for (const c of controls) expect(c.rect.x >= 0 && c.rect.x + c.rect.width <= viewport.width, c.text).toBe(true);
        for (const [i, a] of controls.entries())
          for (const b of controls.slice(i + 1)) expect(overlaps(a.rect, b.rect), `${a.text} / ${b.text}`).toBe(false);
        const width = await noSidewaysScroll(page);
        expect(width.scroll).toBeLessThanOrEqual(width.client);
        // the header stays a band, not half the screen
        expect((await box(header)).height).toBeLessThan(viewport.height / 6);
      });
    }

    it(`[${lang}] phone: the links are behind "Menu"; the customer section is one row of tabs and the page's heading is on the first screen`, async () => {
      const { page, t } = await customerPage(journey, lang, PHONE);
      const header = page.getByRole('banner');
      expect(await header.getByRole('link', { name: t['nav.about'], exact: true }).isVisible()).toBe(false);
      expect(await header.getByRole('button', { name: t['nav.menu'], exact: true }).isVisible()).toBe(true);

      await page.goto(lang === 'ar' ? '/wallet?lang=ar' : '/wallet');
      const heading = page.getByRole('main').getByRole('heading', { level: 1, name: t['page.wallet'], exact: true });
      await heading.waitFor();
      const menu = page.getByRole('navigation', { name: t['customer.nav'], exact: true });
      const menuBox = await box(menu);
      expect(menuBox.height, 'the section menu is one row').toBeLessThan(70);
      const headingBox = await box(heading);
      expect(headingBox.y + headingBox.height, 'the heading comes right after the header and the tabs').toBeLessThan(PHONE.height / 3);
      // the current tab is scrolled into view within the row
      const current = await box(menu.locator('a[aria-current="page"]'));
      expect(current.x).toBeGreaterThanOrEqual(0);
      expect(current.x + current.width).toBeLessThanOrEqual(PHONE.width);
      const width = await noSidewaysScroll(page);
      expect(width.scroll, 'the tabs scroll inside their row, not the page').toBeLessThanOrEqual(width.client);

      // a toast on a phone is at the bottom, clear of the header
      await page.goto(lang === 'ar' ? '/profile?lang=ar' : '/profile');
      const region = await toastClearOfHeader(page, t);
      expect(region.y).toBeGreaterThan(PHONE.height / 2);
    });

    for (const viewport of [LAPTOP, SMALL_LAPTOP]) {
      it(`[${lang}] ${viewport.width} px: a toast appears below the header, at its end corner, covering none of its buttons`, async () => {
        const { page, t } = await customerPage(journey, lang, viewport);
        const region = await toastClearOfHeader(page, t);
        const header = await box(page.getByRole('banner'));
        expect(region.y).toBeGreaterThanOrEqual(header.y + header.height);
        if (lang === 'ar') expect(region.x).toBeLessThan(viewport.width / 2);
        else expect(region.x + region.width).toBeGreaterThan(viewport.width / 2);
      });
    }

    it(`[${lang}] /admin/users at 1280 px: car, battery range, licence images, card status and age are shown, and nothing is wider than the screen`, async () => {
      const t = await words(lang);
      const firstName = lang === 'ar' ? 'Yasmin' : 'Laila';
      const customer = await customerToken(journey.app, { firstName });
      const licence = async (seed: number) =>
        (await upload(journey.app, customer.token, tinyPng(8, 5, [seed, 120, 90]), { purpose: 'licence' })).body.fileId;
      // two cars (the same one twice is refused: the first has another battery range)
      await must(
        journey.app,
        'cars.register',
        {
          carId: randomUUID(),
          ...CAR,
          batteryRangeId: 'battery-40-60',
          licence: { frontFileId: await licence(10), backFileId: await licence(20) },
        },
        customer.token,
      );
      await must(
        journey.app,
        'cars.register',
        { carId: randomUUID(), ...CAR, licence: { customsCertificateFileId: await licence(30) } },
        customer.token,
      );
      const year = Number(new Intl.DateTimeFormat('en-CA', { timeZone: 'Africa/Cairo', year: 'numeric' }).format(new Date()));
      await must(
        journey.app,
        'account.update-personal-info',
        {
          firstName,
          lastName: 'Sayed',
          email: customer.email,
          phone: '01012345678',
          address: '1 Tahrir',
          gender: 'female',
          pictureFileId: null,
          deliveryAddress: { sameAsHome: true },
          birthDate: `${year - 41}-01-01`,
        },
        customer.token,
      );

      const page = await journey.open('/Signin', { lang, viewport: LAPTOP });
      await signIn(page, t, TEST_ADMIN.email, TEST_ADMIN.password);
      await page.waitForURL(/\/admin/i);
      await page.goto(`/admin/users?q=${encodeURIComponent(customer.email)}${lang === 'ar' ? '&lang=ar' : ''}`);
      const table = page.getByRole('table', { name: t['admin.users'], exact: true });
      const row = table.locator('tbody tr').filter({ hasText: customer.email });
      await row.waitFor();
      const width = await noSidewaysScroll(page);
      expect(width.scroll, 'the page does not scroll sideways').toBeLessThanOrEqual(width.client);
      const tableBox = await box(table);
      expect(tableBox.x >= 0 && tableBox.x + tableBox.width <= LAPTOP.width).toBe(true);

      const carName = lang === 'ar' ? 'إم جي ٤' : 'MG Motor MG4'; // the seed's brand and type, the brand once
      const carText = say(t, lang, 'customers.carAndMore', { car: '§', more: 1 });
      const carCell = await row.locator('td').nth(3).textContent();
      expect(carCell?.replace(carName, '§').replace(/\s+/g, ' ').trim(), carCell ?? '').toBe(carText);
      expect(await row.locator('td').nth(4).textContent()).toBe(t['customers.noCard']);

      await row.click();
      const details = page.getByTestId('customer-details');
      await details.waitFor();
      // born on 1 January: this Cairo year's birthday has passed
      expect(await details.locator('[data-field="age"]').textContent()).toBe(localDigits(41, lang));
      expect(await details.locator('[data-field="battery"]').textContent()).toBe(
        lang === 'ar' ? 'من ٦٠ إلى ٨٠ كيلوواط ساعة' : '60 to 80 kWh',
      );
      expect(await details.locator('[data-field="card"]').textContent()).toBe(t['customers.noCard']);
      const images = details.locator('[data-field="licences"] img');
      await expect.poll(() => images.count()).toBe(3);
      await expect
        .poll(() => images.evaluateAll((all) => all.every((img) => (img as unknown as { naturalWidth: number }).naturalWidth === 8)))
        .toBe(true);
      const after = await noSidewaysScroll(page);
      expect(after.scroll, 'the details panel fits too').toBeLessThanOrEqual(after.client);
    });

    it(`[${lang}] admin filters: styled selects, and dates typed day/month/year (Eastern Arabic digits too) sent as ISO`, async () => {
      const t = await words(lang);
      const page = await journey.open('/Signin', { lang, viewport: LAPTOP });
      await signIn(page, t, TEST_ADMIN.email, TEST_ADMIN.password);
      await page.waitForURL(/\/admin/i);
      await page.goto(`/admin/sessions${lang === 'ar' ? '?lang=ar' : ''}`);
      const status = page.getByRole('combobox', { name: t['admin.sessions.filterStatus'], exact: true });
      await status.waitFor();
      // the product's control, not the browser's default: its border colour and rounded corners
      expect(await status.evaluate((el) => el.ownerDocument.defaultView.getComputedStyle(el).borderTopLeftRadius as string)).toBe('6px');
      const from = page.getByLabel(t['admin.sessions.from']!, { exact: true });
      expect(await from.getAttribute('placeholder')).toBe(t['day.placeholder']);
      await from.fill(lang === 'ar' ? '٠٣/٠٢/٢٠٢٦' : '3/2/2026');
      await expect.poll(() => new URL(page.url()).searchParams.get('from')).toBe('2026-02-03');
      await from.blur();
      expect(await from.inputValue()).toBe(lang === 'ar' ? arabicDigits('03/02/2026') : '03/02/2026');
      // a day that does not exist changes nothing and is marked
      const to = page.getByLabel(t['admin.sessions.to']!, { exact: true });
      await to.fill('31/02/2026');
      await to.blur();
      expect(await to.getAttribute('aria-invalid')).toBe('true');
      expect(new URL(page.url()).searchParams.get('to')).toBeNull();
      // after a reload the day is shown again from the URL, in the page's digits
      await page.reload();
      await page.getByLabel(t['admin.sessions.from']!, { exact: true }).waitFor();
      expect(await page.getByLabel(t['admin.sessions.from']!, { exact: true }).inputValue()).toBe(
        lang === 'ar' ? arabicDigits('03/02/2026') : '03/02/2026',
      );
    });
  }
});
