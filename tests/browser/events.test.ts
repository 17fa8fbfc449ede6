// In the browser, in English and Arabic: staff search the event log and follow a wallet debit's chain to the
// meter values and the charger's OCPP frames; the customer opens "how this was calculated" on the wallet line of the
// same session. A real OCPP 1.6 client charges on a demo charger first (tests/support/charging-story.ts).
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { EventSearchPage } from '@evc/contracts';
import { bearer, getJson } from '../support/app';
import {
  chargeOnce,
  connectDemoCharger,
  demoCustomer,
  type ChargedSession,
  type DemoCustomer,
  type RawCharger,
} from '../support/charging-story';
import { superAdminToken } from '../support/identity';
import { LANGS, describeJourney, localDigits } from './support/journey';
import { signInAs } from './support/sign-in';
import { formatMoney } from '../../frontend/src/lib/format';

/** The first part of a catalog message, up to its first {placeholder}: what a reader sees before the values. */
const lead = (message: string) => message.split('{')[0]!.trim();

describeJourney('the event log as a tool', (journey) => {
  let charger: RawCharger | undefined;
  let customer: DemoCustomer;
  let session: ChargedSession;

  beforeAll(async () => {
    customer = await demoCustomer(journey.app);
    charger = await connectDemoCharger(journey.app);
    session = await chargeOnce(journey.app, charger, customer, { meterStart: 1000, registers: [4000, 8000, 11_000] });
  }, 60_000);
  afterAll(async () => {
    await charger?.close();
  });

  for (const lang of LANGS) {
    it(`${lang}: staff search the log by type and stream prefix, newest first, and open an event's fields`, async () => {
      const { page, t } = await signInAs(journey, '/admin/events', lang, 'staff');
      await page.getByRole('heading', { level: 1, name: t['events.title'], exact: true }).waitFor();
      const form = page.getByRole('form', { name: t['events.searchForm'], exact: true });
      await form.getByLabel(t['events.field.type']!, { exact: true }).fill('WalletDebited');
      await form.getByLabel(t['events.field.streamPrefix']!, { exact: true }).fill('wallet-');
      await form.getByRole('button', { name: t['events.search'], exact: true }).click();
      await page.waitForURL(/type=WalletDebited/);
      const rows = page.getByTestId('event-row');
      await rows.first().waitFor();
      // What the page lists is what the API answers for the same search.
      const api = await getJson<EventSearchPage>(
        journey.app.baseUrl,
        '/api/queries/admin/events?type=WalletDebited&streamPrefix=wallet-&pageSize=50',
        bearer(await superAdminToken(journey.app)),
      );
      expect(await rows.count()).toBe(api.body.dataList.length);
      expect(await rows.first().getByRole('cell').nth(2).textContent()).toBe(api.body.dataList[0]!.streamId);
      await rows.first().click();
      const detail = page.getByTestId('event-detail');
      await detail.waitFor();
      expect(await detail.getByTestId('event-fields').textContent()).toContain(session.sessionId);
      expect(await page.locator('html').getAttribute('dir')).toBe(lang === 'ar' ? 'rtl' : 'ltr');
    });

    it(`${lang}: staff follow a wallet debit's chain to its session, the meter values and the charger's frames`, async () => {
      const { page, t } = await signInAs(journey, `/admin/events?type=WalletDebited&stream=wallet-${customer.customerId}`, lang, 'staff');
      const row = page.getByTestId('event-row').first();
      await row.click();
      await page.getByTestId('event-detail').getByRole('link', { name: t['events.followChain'], exact: true }).click();
      await page.waitForURL(/\/admin\/events\/\d+$/);
      await page.getByRole('heading', { level: 2, name: t['events.chain.heading'], exact: true }).waitFor();
      const chain = page.getByRole('list', { name: t['events.chain.heading'], exact: true });
      await chain.getByTestId('chain-event').first().waitFor();
      const readings = chain.locator('[data-type="MeterReadingRecorded"]');
      expect(await readings.count()).toBe(3);
      expect(await chain.locator('[data-type="SessionRequested"]').count()).toBe(1);
      expect(await chain.locator('[data-type="SessionStopped"]').count()).toBe(1);
      // Each MeterValues call the charger sent, and the answer it got. The frame log is its own consumer of
      // `ocpp.frames`: on a busy machine it may trail the session's events, so the page is reloaded until it is in.
      const frameCalls = chain.locator('[data-action="MeterValues"][data-frame-kind="call"]');
      await expect
        .poll(
          async () => {
            if ((await frameCalls.count()) < 3) {
              await page.reload();
              await chain.getByTestId('chain-event').first().waitFor();
            }
            return frameCalls.count();
          },
          { timeout: 20_000, interval: 1000 },
        )
        .toBe(3);
      expect(await chain.locator('[data-action="MeterValues"][data-frame-kind="result"]').count()).toBe(3);
      // A reading names the frame that caused it; its fields hold the meter register the charger sent.
      const first = readings.first();
      expect(await first.getByRole('link', { name: 'OCPP MeterValues', exact: true }).count()).toBe(1);
      await first.getByText(t['events.chain.fields']!, { exact: true }).click();
      expect(await first.getByTestId('event-fields').textContent()).toContain('4000');
      // Who started it: the customer.
      expect(await page.getByTestId('chain-origins').textContent()).toContain(`${t['events.actor.customer']}:`);
    });

    it(`${lang}: the customer sees how the session's wallet line was calculated`, async () => {
      const { page, t } = await signInAs(journey, '/wallet', lang, 'customer');
      const line = page.locator(`[id="tx-session:${session.sessionId}"]`);
      await line.waitFor();
      await line.getByRole('button', { name: t['provenance.open'], exact: true }).click();
      const dialog = page.getByRole('dialog', { name: t['provenance.title'], exact: true });
      const steps = dialog.getByTestId('provenance-steps');
      await steps.waitFor();
      const text = (await steps.textContent()) ?? '';
      expect(text).toContain(lead(t['provenance.step.session.energy']!));
      expect(text).toContain(localDigits(10, lang)); // 11,000 − 1,000 Wh = 10 kWh
      // The amount explained is the session's cost, as the wallet shows money.
      const { body } = await getJson<{ cost: number }>(
        journey.app.baseUrl,
        `/api/queries/me/sessions/${session.sessionId}`,
        bearer(customer.token),
      );
      const cost = formatMoney(body.cost, lang);
      const amount = (await dialog.getByTestId('provenance-amount').textContent()) ?? '';
      expect(amount).toContain(lead(t['provenance.amount.wallet_line']!));
      expect(amount).toContain(cost);
      expect(text).toContain(cost);
      await dialog.getByText(t['provenance.readings']!.split('(')[0]!.trim()).click();
      expect(await dialog.getByTestId('provenance-reading').count()).toBe(3);
      await dialog.getByRole('button', { name: t['provenance.close'], exact: true }).click();
      await dialog.waitFor({ state: 'detached' });
    });
  }
});
