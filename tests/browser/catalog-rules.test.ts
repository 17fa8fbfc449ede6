// In the browser, in English and Arabic: a battery range a customer's car uses is "in use" and
// cannot be deleted; a second brand with a taken name and the customer's same car twice are refused with a clear
// message; the super admin reads a charging session's history in the session detail.
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { garageStream } from '@evc/contracts';
import { DEMO_CAR } from '@evc/command-service/seed/seed-charging';
import { tinyPng } from '../support/admin';
import { chargeOnce, connectDemoCharger, demoCustomer, type RawCharger } from '../support/charging-story';
import { LANGS, describeJourney, localDigits } from './support/journey';
import { signInAs } from './support/sign-in';
import type { Words } from './support/words';

const fill = (message: string, values: Record<string, string>) => message.replace(/\{(\w+)\}/g, (m, k: string) => values[k] ?? m);
const editor = (page: Page, t: Words) =>
  page.locator('form').filter({ has: page.getByRole('button', { name: t['common.save'], exact: true }) });
const table = (page: Page, t: Words, titleId: string) => page.getByRole('table', { name: t[titleId], exact: true });

describeJourney('catalog rules and the session history', (journey) => {
  let charger: RawCharger | undefined;
  beforeAll(async () => {
    charger = await connectDemoCharger(journey.app);
    await chargeOnce(journey.app, charger, await demoCustomer(journey.app), { registers: [3000, 6000] });
  }, 60_000);
  afterAll(async () => {
    await charger?.close();
  });

  for (const lang of LANGS) {
    it(`${lang}: the battery range of the demo customer's car is in use and cannot be deleted; a second brand named " nissan " is refused beside its name`, async () => {
      const { page, t } = await signInAs(journey, '/admin/masterdata/batteryrange', lang, 'staff');
      const row = table(page, t, 'admin.batteryRange')
        .getByRole('row')
        .filter({ hasText: lang === 'ar' ? 'من ٦٠ إلى ٨٠ كيلوواط ساعة' : '60 to 80 kWh' });
      // "In use" counts the car (it showed 0 before); the column's digits are left as the list renders them
      await expect
        .poll(async () => (await row.getByRole('cell').allTextContents()).some((c) => c === '1' || c === localDigits(1, lang)), {
          timeout: 10_000,
        })
        .toBe(true);
      await expect
        .poll(
          async () => {
            await row.click();
            return row.getAttribute('aria-selected');
          },
          { timeout: 10_000 },
        )
        .toBe('true');
      await page.getByRole('button', { name: t['admin.delete'], exact: true }).first().click();
      const confirm = page.getByRole('alertdialog');
      await confirm.getByRole('button', { name: t['admin.delete'], exact: true }).click();
      const car = lang === 'ar' ? 'سيارة عميل واحدة' : "1 customer's car";
      await confirm
        .getByRole('alert')
        .getByText(fill(t['admin.inUseDelete']!, { names: car }), { exact: true })
        .waitFor();
      expect((await journey.app.embedded.infra.eventStore.readStream('masterdata-battery-60-80')).map((e) => e.type)).not.toContain(
        'MasterDataItemDeleted',
      );

      await page.goto(lang === 'ar' ? '/admin/masterdata/carbrand?lang=ar' : '/admin/masterdata/carbrand');
      await page.getByRole('heading', { level: 1, name: t['admin.carBrand'] }).waitFor();
      await page.getByRole('button', { name: t['admin.add'], exact: true }).click();
      const form = editor(page, t);
      await form.getByLabel(t['masterdata.nameEn']!, { exact: true }).fill(' NISSAN ');
      await form.getByLabel(t['masterdata.nameAr']!, { exact: true }).fill(`ماركة ${lang} جديدة`);
      await form.getByRole('button', { name: t['common.save'], exact: true }).click();
      await form.getByRole('alert').getByText(t['error.catalog.name_exists']!, { exact: true }).waitFor();
      await form.getByText(t['validation.name_taken']!, { exact: true }).waitFor();
      expect(await form.getByLabel(t['masterdata.nameEn']!, { exact: true }).inputValue()).toBe(' NISSAN ');
    });

    it(`${lang}: the demo customer adding the car they already have (MG MG4, 60 to 80 kWh) is told it is on their list`, async () => {
      const { page, t } = await signInAs(journey, '/registerCarInfo', lang, 'customer');
      const form = page.getByRole('form', { name: t['car.add.title'] });
      await form.getByLabel(t['car.brand']!, { exact: true }).selectOption(DEMO_CAR.brandId);
      await expect.poll(() => form.getByLabel(t['car.type']!, { exact: true }).locator('option').count()).toBeGreaterThan(1);
      await form.getByLabel(t['car.type']!, { exact: true }).selectOption(DEMO_CAR.typeId);
      await form.getByLabel(t['car.range']!, { exact: true }).selectOption(DEMO_CAR.batteryRangeId);
      await form.getByLabel(t['car.licence.customs']!, { exact: true }).check();
      await form
        .getByLabel(t['car.customs']!, { exact: true })
        .setInputFiles({ name: 'customs.png', mimeType: 'image/png', buffer: tinyPng(9, 5, [lang === 'ar' ? 90 : 80, 60, 40]) });
      await form.getByRole('status').getByText(t['car.upload.done']!, { exact: true }).waitFor();
      await form.getByRole('button', { name: t['car.submit'], exact: true }).click();
      await form.getByRole('alert').getByText(t['error.charging.car_exists']!, { exact: true }).waitFor();
      const customer = await demoCustomer(journey.app);
      const garage = await journey.app.embedded.infra.eventStore.readStream(garageStream(customer.customerId));
      expect(garage.map((e) => e.type)).toEqual(['CarListed']); // the seeded car, nothing more
    });

    it(`${lang}: the super admin opens a session's detail and reads its history (not "you do not have access")`, async () => {
      const { page, t } = await signInAs(journey, '/admin/sessions', lang, 'staff');
      const row = table(page, t, 'admin.sessions').getByRole('row').nth(1);
      await row.click();
      await expect.poll(() => row.getAttribute('aria-selected')).toBe('true');
      const history = page.getByRole('region', { name: t['audit.title'], exact: true });
      // each event as a sentence in the page's language, never its type's name
      await history.locator('[data-event-type="SessionRequested"]').waitFor();
      expect(await history.locator('[data-event-type="SessionBilled"]').textContent()).toMatch(
        new RegExp(t['audit.event.SessionBilled']!.replace('{amount}', '.+')),
      );
      expect(await history.getByText('SessionRequested').count()).toBe(0);
      expect(await history.getByRole('alert').count()).toBe(0);
    });
  }
});
