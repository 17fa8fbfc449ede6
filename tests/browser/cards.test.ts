// In the browser: a customer requests a charging card (from the landing page, through sign-in), staff take
// the request through delivery on /admin/cardrequests, and a customer turns off a lost card, in English and Arabic.
// Each journey asserts on what a person sees and on what the server recorded (event store, the customer's API).
import { randomUUID } from 'node:crypto';
import { expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { cardStreams, chargingStreams, type CardRequestView, type Paged } from '@evc/contracts';
import { bearer, getJson, TEST_ADMIN, TEST_CUSTOMER_PASSWORD } from '../support/app';
import { command, customerToken, superAdminToken } from '../support/identity';
import { words, type Words } from './support/words';
import { LANGS, arabicDigits, describeJourney, type Journey } from './support/journey';

const DEMO_CUSTOMER = 'customer@evcharging.eg';
const toast = (page: Page, text: string) => page.getByText(text, { exact: true }).first();
const today = () => new Intl.DateTimeFormat('en-CA', { timeZone: 'Africa/Cairo' }).format(new Date());

async function signInAs(page: Page, t: Words, email: string, password: string) {
  await page.getByLabel(t['auth.email']!, { exact: true }).fill(email);
  await page.getByLabel(t['auth.password']!, { exact: true }).fill(password);
  await page.getByRole('button', { name: t['auth.signIn'], exact: true }).click();
}

/** A customer of their own with a card filed through the API (link + staff verification), for the journeys that need one. */
async function customerWithCard(journey: Journey, staffToken: string) {
  const customer = await customerToken(journey.app);
  const cardId = `EV-${randomUUID().slice(0, 8).toUpperCase()}`;
  const requestId = randomUUID();
  expect(
    (
      await command(
        journey.app,
        'card-requests.link',
        { requestId, cardId, referenceName: 'Weekend car', phone: '01012345678' },
        customer.token,
      )
    ).status,
  ).toBe(200);
  expect(
    (await command(journey.app, 'card-requests.deliver', { requestId, expectedRevision: 0, cardId, issueDate: today() }, staffToken))
      .status,
  ).toBe(200);
  return { ...customer, cardId };
}

describeJourney('charging cards', (journey) => {
  for (const lang of LANGS) {
    it(`[${lang}] the landing page's "Request a charging card" leads through sign-in to the request; the customer files it and may cancel it`, async () => {
      const t = await words(lang);
      const page = await journey.open('/', { lang });
      await page.getByRole('link', { name: t['home.card.cta'], exact: true }).first().click();
      await page.waitForURL(/\/SignInUp/i);
      await signInAs(page, t, DEMO_CUSTOMER, TEST_CUSTOMER_PASSWORD);
      await page.waitForURL(/\/card-request/);
      await page.getByRole('heading', { level: 1, name: t['nav.cardRequest'] }).waitFor();

      const form = page.getByRole('form', { name: t['cards.form.newTitle'] });
      await form.getByLabel(t['cards.form.homeAddress']!, { exact: true }).fill('ab');
      await form.getByRole('button', { name: t['cards.form.submit'], exact: true }).click();
      // the shared schema's rules, in the page's language, beside their fields
      await expect.poll(() => form.getByRole('alert').count()).toBeGreaterThanOrEqual(2);
      for (const label of ['cards.form.referenceName', 'cards.form.homeAddress']) {
        expect(await form.getByLabel(t[label]!, { exact: true }).getAttribute('aria-invalid')).toBe('true');
      }
      const reference = `Card ${lang} ${Date.now().toString(36)}`;
      await form.getByLabel(t['cards.form.referenceName']!, { exact: true }).fill(reference);
      // Arabic customers may type their mobile number in Eastern Arabic digits
      await form.getByLabel(t['cards.form.phone']!, { exact: true }).fill(lang === 'ar' ? arabicDigits('01000000000') : '01000000000');
      await form.getByLabel(t['cards.form.governorate']!, { exact: true }).selectOption({ index: 1 });
      await form
        .getByLabel(t['cards.form.homeAddress']!, { exact: true })
        .fill(lang === 'ar' ? '١٢ شارع التحرير، وسط البلد' : '12 Tahrir Street, Downtown');
      await form.getByRole('button', { name: t['cards.form.submit'], exact: true }).click();
      await toast(page, t['cards.form.requested']!).waitFor();

      // one open request at a time: the form gives way to the notice, and the request shows with its status
      await page.getByText(t['cards.form.oneOpen']!, { exact: true }).waitFor();
      const line = page.getByTestId('card-request').filter({ hasText: reference });
      await line.locator('[data-status="requested"]').waitFor();
      expect(await line.locator('[data-status]').textContent()).toBe(t['cards.status.requested']);
      const token = (await page.evaluate("sessionStorage.getItem('token')")) as string;
      const mine = await getJson<Paged<CardRequestView>>(journey.app.baseUrl, '/api/queries/me/card-requests', bearer(token));
      const filed = mine.body.dataList.find((r) => r.referenceName === reference)!;
      expect(filed).toMatchObject({ status: 'requested', phone: '01000000000', sameAsHome: true });
      expect(await line.getByText(filed.requestId, { exact: true }).count()).toBe(1);

      await line.getByRole('button', { name: t['cards.request.cancel'], exact: true }).click();
      await page.getByRole('alertdialog').getByRole('button', { name: t['cards.request.cancel'], exact: true }).click();
      await toast(page, t['cards.request.canceled']!).waitFor();
      await line.locator('[data-status="canceled"]').waitFor();
      const events = (await journey.app.embedded.infra.eventStore.readStream(cardStreams.request(filed.requestId))).map((e) => e.type);
      expect(events).toEqual(['CardRequested', 'CardRequestCanceled']);
      // the request form is back
      await page.getByRole('form', { name: t['cards.form.newTitle'] }).waitFor();
    }, 60_000);

    it(`[${lang}] staff take a request from new to delivered on /admin/cardrequests, and the customer's card is issued`, async () => {
      const t = await words(lang);
      const customer = await customerToken(journey.app, { firstName: lang === 'ar' ? 'Hoda' : 'Laila' });
      const requestId = randomUUID();
      const reference = `Delivery ${lang} ${Date.now().toString(36)}`;
      const filed = await command(
        journey.app,
        'card-requests.submit',
        {
          requestId,
          referenceName: reference,
          phone: '01012345678',
          governorateId: 'eg-c',
          homeAddress: '5 Garden City St',
          sameAsHome: true,
        },
        customer.token,
      );
      expect(filed.status).toBe(200);

      const page = await journey.open('/admin/cardrequests', { lang });
      await page.waitForURL(/\/Signin/i);
      await signInAs(page, t, TEST_ADMIN.email, TEST_ADMIN.password);
      await page.waitForURL((url) => url.pathname.toLowerCase() === '/admin/cardrequests');
      await page.getByRole('heading', { level: 1, name: t['admin.cardRequests'] }).waitFor();
      await page.getByRole('searchbox').fill(reference.toLowerCase());
      const table = page.getByRole('table', { name: t['admin.cardRequests'], exact: true });
      const row = table.getByRole('row').filter({ hasText: reference });
      await row.waitFor();
      // a step before choosing a request asks for a row
      await page.getByRole('button', { name: t['admin.cardRequests.step.start'], exact: true }).click();
      await page.getByText(t['admin.selectRow']!, { exact: true }).waitFor();
      await row.click();
      await expect.poll(() => row.getAttribute('aria-selected')).toBe('true');

      const step = async (labelId: string, fill?: (dialog: ReturnType<Page['getByRole']>) => Promise<void>) => {
        await page.getByRole('button', { name: t[labelId], exact: true }).click();
        const dialog = page.getByRole('dialog', { name: t[labelId] });
        await fill?.(dialog);
        await dialog.getByRole('button', { name: t[labelId], exact: true }).click();
        await dialog.waitFor({ state: 'detached' });
      };
      await step('admin.cardRequests.step.start', (d) =>
        d.getByLabel(t['admin.cardRequests.noteOptional']!).fill(lang === 'ar' ? 'قيد الطباعة' : 'Printing'),
      );
      await row.locator('[data-status="in_progress"]').waitFor();
      await step('admin.cardRequests.step.ship');
      await row.locator('[data-status="in_delivery"]').waitFor();
      const cardId = `EV-${randomUUID().slice(0, 8).toUpperCase()}`;
      await step('admin.cardRequests.step.deliver', async (d) => {
        await d.getByLabel(t['admin.cardRequests.cardId']!, { exact: true }).fill(cardId.toLowerCase());
        await d.getByLabel(t['admin.cardRequests.issueDate']!, { exact: true }).fill(today());
      });
      await row.locator('[data-status="delivered"]').waitFor();
      expect(await row.locator('[data-status]').textContent()).toBe(t['cards.status.delivered']);
      // the detail shows the timeline with who did each step
      const timeline = page.getByTestId('card-request-timeline');
      await expect.poll(() => timeline.getByRole('listitem').count()).toBe(4);
      expect(await timeline.getByRole('listitem').nth(1).textContent()).toContain(lang === 'ar' ? 'قيد الطباعة' : 'Printing');
      expect(await timeline.getByRole('listitem').nth(1).textContent()).toContain('Super Admin');

      const recorded = (await journey.app.embedded.infra.eventStore.readStream(cardStreams.request(requestId))).map((e) => [
        e.type,
        e.metadata.actor.type,
      ]);
      expect(recorded).toEqual([
        ['CardRequested', 'customer'],
        ['CardRequestAdvanced', 'staff'],
        ['CardRequestAdvanced', 'staff'],
        ['CardRequestDelivered', 'staff'],
      ]);
      const cards = await getJson<Paged<{ cardId: string; status: string }>>(
        journey.app.baseUrl,
        '/api/queries/me/charging-cards',
        bearer(customer.token),
      );
      expect(cards.body.dataList).toEqual([expect.objectContaining({ cardId, status: 'active' })]);
    }, 60_000);

    it(`[${lang}] a customer turns off a lost card at once; chargers are told to refuse it`, async () => {
      const t = await words(lang);
      const customer = await customerWithCard(journey, await superAdminToken(journey.app));
      const page = await journey.open('/my-cards', { lang });
      await page.waitForURL(/\/SignInUp/i);
      await signInAs(page, t, customer.email, customer.password);
      await page.waitForURL(/\/my-cards/);
      const card = page.getByTestId('my-card').filter({ hasText: customer.cardId });
      await card.locator('[data-status="active"]').waitFor();
      await card.getByRole('button', { name: t['cards.card.deactivate'], exact: true }).click();
      const dialog = page.getByRole('alertdialog');
      await dialog.getByText(t['cards.card.deactivateWarning']!, { exact: true }).waitFor();
      await dialog.getByRole('button', { name: t['cards.card.deactivate'], exact: true }).click();
      await toast(page, t['cards.card.deactivated']!).waitFor();
      await card.locator('[data-status="inactive"]').waitFor();
      expect(await card.locator('[data-status]').textContent()).toBe(t['cards.cardStatus.inactive']);
      await card.getByText(t['cards.card.reportedLost']!, { exact: true }).waitFor();
      expect(await card.getByRole('button').count()).toBe(0);

      const store = journey.app.embedded.infra.eventStore;
      expect((await store.readStream(cardStreams.card(customer.cardId))).map((e) => e.type)).toEqual(['CardIssued', 'CardDeactivated']);
      expect((await store.readStream(chargingStreams.idToken(customer.cardId))).map((e) => e.type)).toContain('IdTokenBlocked');
      const list = (await store.readStream(cardStreams.localAuthList()))
        .map((e) => e.data as { idTag: string; status: string })
        .filter((e) => e.idTag === customer.cardId);
      expect(list.map((e) => e.status)).toEqual(['Accepted', 'Blocked']);
    }, 60_000);
  }
});
