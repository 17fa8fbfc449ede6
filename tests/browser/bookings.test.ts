// In the browser: the demo customer books a connector from a station's page, watches the countdown while the
// simulated charger holds the connector, and cancels (the fee in the toast and on the wallet); staff find the booking
// in /admin/bookings and cancel one with a reason and no fee. English and Arabic; what a person sees, and what the
// server recorded (through the customer's own API).
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { cairoWallClock, type BookingView, type CarView, type Paged, type WalletView } from '@evc/contracts';
import { Simulator, loadDemoChargers } from '@evc/simulator';
import { TEST_ADMIN, TEST_CUSTOMER_PASSWORD, bearer, getJson, postJson } from '../support/app';
import { LANGS, arabicDigits, describeJourney, type Lang } from './support/journey';
import { CUSTOMER_EMAIL, fill, signInCustomer, words } from './support/customer';
import { formatMoney } from '../../frontend/src/lib/format';
import { batteryRangeName, carName } from '../../frontend/src/lib/names';

/** Money as the app writes it (frontend/src/lib/format.ts). */
const money = (piastres: number, lang: Lang) => formatMoney(piastres, lang);
const speaks = (page: Page, lang: Lang) =>
  page.locator(`html[lang="${lang}"][dir="${lang === 'ar' ? 'rtl' : 'ltr'}"]`).waitFor({ state: 'attached' });

const STATION = 'cai-maadi';
const CHARGERS = ['EVC-004-AC1', 'EVC-004-AC2'];

/** Now's Cairo HH:MM, away from the minute's last seconds (the server checks the start by the minute). */
async function nowInCairo() {
  if (new Date().getSeconds() >= 55) await new Promise((resolve) => setTimeout(resolve, 6000));
  return cairoWallClock(Date.now());
}

describeJourney('bookings', (journey) => {
  let simulator: Simulator | undefined;

  beforeAll(async () => {
    const specs = (await loadDemoChargers(journey.app.dataDir)).filter((c) => CHARGERS.includes(c.id));
    simulator = new Simulator({ url: journey.app.baseUrl.replace(/^http/, 'ws'), chargers: specs, backoffMs: { initial: 100, max: 1000 } });
    simulator.start();
    for (const deadline = Date.now() + 20_000; ; ) {
      const { body } = await getJson<{ chargers: { chargerId: string; online: boolean; connectors: { status: string }[] }[] }>(
        journey.app.baseUrl,
        `/api/queries/stations/${STATION}`,
      );
      const ours = body.chargers.filter((c) => CHARGERS.includes(c.chargerId));
      if (ours.length === 2 && ours.every((c) => c.online && c.connectors.every((k) => k.status === 'available'))) break;
      if (Date.now() > deadline) throw new Error(`the simulated chargers did not come online: ${JSON.stringify(ours)}`);
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }, 40_000);

  afterAll(async () => {
    await simulator?.stop();
  });

  for (const lang of LANGS) {
    it(`${lang}: books from the station's page, sees the countdown while the charger holds the connector, cancels with the fee`, async () => {
      const { page, t, token } = await signInCustomer(journey, lang);
      const { body: cars } = await getJson<Paged<CarView>>(journey.app.baseUrl, '/api/queries/me/cars', bearer(token));
      const car = cars.dataList[0]!;

      // "Book" on the station's public page
      await page.goto(`/ChargingStations?station=${STATION}`);
      await speaks(page, lang);
      await page.getByRole('link', { name: t['booking.bookHere'], exact: true }).click();
      await page.waitForURL(/\/my-bookings\/new\?station=cai-maadi/i);
      await page.getByRole('heading', { level: 1, name: t['booking.new'], exact: true }).waitFor();
      await page.getByTestId('booking-station').waitFor();

      // the form's rules first: nothing chosen
      await page.getByRole('button', { name: t['booking.confirm'], exact: true }).click();
      await page.getByText(t['validation.time_required']!, { exact: true }).waitFor();
      await page.getByText(t['validation.connector_type_required']!, { exact: true }).waitFor();

      await page
        .getByLabel(t['booking.car']!, { exact: true })
        .selectOption({ label: `${carName(car, lang)} · ${batteryRangeName(car, lang)}` });
      await page.getByRole('radio', { name: /^Type2/ }).check();
      await page.getByLabel(t['booking.duration']!, { exact: true }).selectOption('30');
      const fee = page.getByTestId('booking-fee');
      expect(await fee.textContent()).toContain(fill(t['booking.feeLine']!, { fee: money(50, lang) }));
      const now = await nowInCairo();
      // Eastern Arabic digits in Arabic, as an Arabic keyboard types them
      await page.getByLabel(t['booking.time']!, { exact: true }).fill(lang === 'ar' ? arabicDigits(now.time) : now.time);
      await page.getByRole('button', { name: t['booking.confirm'], exact: true }).click();
      await page.waitForURL(/\/my-bookings\/[0-9a-f-]{36}$/, { timeout: 10_000 });
      const bookingId = /my-bookings\/([0-9a-f-]{36})/.exec(page.url())![1]!;

      // the booking: active, the charger holding the connector, the countdown moving
      const card = page.getByTestId('booking-card');
      await card.waitFor();
      await expect
        .poll(() => card.getByTestId('booking-reservation').textContent(), { timeout: 10_000 })
        .toBe(t['booking.reservation.accepted']);
      const countdown = card.getByTestId('booking-countdown');
      const first = await countdown.textContent();
      await expect.poll(() => countdown.textContent(), { timeout: 4000 }).not.toBe(first);
      expect(await card.getByRole('link', { name: t['booking.directions'], exact: true }).getAttribute('href')).toMatch(
        /destination=29\.96/,
      );
      expect(
        CHARGERS.some((id) => simulator!.chargers.find((c) => c.spec.id === id)!.charging.connectors.some((k) => k.status === 'Reserved')),
      ).toBe(true);

      // "Start charging" opens the start screen with the booked connector chosen and enabled (also while it shows reserved)
      const { body: held } = await getJson<BookingView>(journey.app.baseUrl, `/api/queries/me/bookings/${bookingId}`, bearer(token));
      await card.getByRole('link', { name: t['booking.startCharging'], exact: true }).click();
      await page.waitForURL(/\/start-charging\?/i);
      const mine = page.getByRole('radio', { name: new RegExp(`^${held.connectorCode} · `) });
      await expect.poll(() => mine.isChecked(), { timeout: 10_000 }).toBe(true);
      expect(await mine.isEnabled()).toBe(true);
      await page.goBack();
      await card.waitFor();

      // cancel: the question, then the toast with the fee the server charged
      await card.getByRole('button', { name: t['booking.cancel'], exact: true }).click();
      const dialog = page.getByRole('alertdialog', { name: t['booking.cancelQuestion'], exact: true });
      await dialog.waitFor();
      await dialog.getByRole('button', { name: t['booking.cancelConfirm'], exact: true }).click();
      await dialog.waitFor({ state: 'detached' });
      const { body: booking } = await getJson<BookingView>(journey.app.baseUrl, `/api/queries/me/bookings/${bookingId}`, bearer(token));
      expect(booking).toMatchObject({ status: 'cancelled', endReason: 'customer', minutes: 1, fee: 50 });
      await page
        .getByText(fill(t['booking.cancelled']!, { amount: money(50, lang) }), { exact: true })
        .first()
        .waitFor();
      await expect.poll(() => card.locator('[data-status]').textContent()).toBe(t['booking.status.cancelled']);
      // the connector is free again on the charger
      await expect
        .poll(() => simulator!.chargers.every((c) => c.charging.connectors.every((k) => k.status === 'Available')), { timeout: 10_000 })
        .toBe(true);
      const { body: wallet } = await getJson<WalletView>(journey.app.baseUrl, '/api/queries/me/wallet?filter=outgoing', bearer(token));
      expect(wallet.transactionsDates[0]!.transactions[0]).toMatchObject({
        amount: 50,
        kind: 'booking',
        reference: { type: 'booking', id: bookingId },
      });
    });

    it(`${lang}: staff find a booking in /admin/bookings and cancel it with a reason and no fee`, async () => {
      const t = await words(lang);
      // the demo customer books a later slot through the API
      const customer = await postJson<{ token: string }>(journey.app.baseUrl, '/api/commands/auth.sign-in', {
        email: CUSTOMER_EMAIL,
        password: TEST_CUSTOMER_PASSWORD,
        audience: 'customer',
        rememberMe: false,
      });
      const { body: cars } = await getJson<Paged<CarView>>(journey.app.baseUrl, '/api/queries/me/cars', bearer(customer.body.token));
      const bookingId = randomUUID();
      const later = cairoWallClock(Date.now() + 5 * 3600_000);
      const booked = await postJson(
        journey.app.baseUrl,
        '/api/commands/bookings.create',
        { bookingId, carId: cars.dataList[0]!.carId, stationId: STATION, connectorType: 'Type2', durationMinutes: 60, ...later },
        bearer(customer.body.token),
      );
      expect(booked.status).toBe(200);

      const page = await journey.open('/admin/bookings', { lang });
      await page.waitForURL(/\/Signin/i);
      await page.getByLabel(t['auth.email']!, { exact: true }).fill(TEST_ADMIN.email);
      await page.getByLabel(t['auth.password']!, { exact: true }).fill(TEST_ADMIN.password);
      await page.getByRole('button', { name: t['auth.signIn'], exact: true }).click();
      await page.waitForURL((url) => url.pathname.toLowerCase() === '/admin/bookings');
      const table = page.getByRole('table', { name: t['admin.bookings'], exact: true });
      await table.waitFor();
      await page.getByLabel(t['admin.bookings.filterStatus']!, { exact: true }).selectOption('confirmed');
      await expect.poll(() => new URL(page.url()).searchParams.get('bookingStatus')).toBe('confirmed');
      const row = table
        .getByRole('row')
        .filter({ has: page.locator('[data-status="confirmed"]') })
        .first();
      await row.waitFor();
      await row.click();
      await page.getByTestId('booking-detail').waitFor();
      expect(new URL(page.url()).searchParams.get('selected')).toBe(bookingId);

      await page.getByRole('button', { name: t['admin.bookings.cancel'], exact: true }).click();
      const dialog = page.getByRole('dialog', { name: t['admin.bookings.cancel'], exact: true });
      await dialog.waitFor();
      await dialog.getByLabel(t['admin.reason']!, { exact: true }).fill(lang === 'ar' ? 'صيانة الشاحن' : 'Charger maintenance');
      await dialog.getByRole('radio', { name: t['admin.bookings.feeNone'], exact: true }).check();
      await dialog.getByRole('button', { name: t['admin.bookings.cancelSubmit'], exact: true }).click();
      await dialog.waitFor({ state: 'detached' });
      await page
        .getByText(fill(t['booking.cancelled']!, { amount: money(0, lang) }), { exact: true })
        .first()
        .waitFor();
      const { body } = await getJson<BookingView>(
        journey.app.baseUrl,
        `/api/queries/me/bookings/${bookingId}`,
        bearer(customer.body.token),
      );
      expect(body).toMatchObject({
        status: 'cancelled',
        endReason: 'staff',
        fee: 0,
        cancelReason: lang === 'ar' ? 'صيانة الشاحن' : 'Charger maintenance',
      });
      // no longer among the confirmed ones; among all, its history names who cancelled and why
      await expect.poll(() => table.locator(`[data-status]`).count()).toBe(0);
      await page.getByLabel(t['admin.bookings.filterStatus']!, { exact: true }).selectOption('cancelled');
      const cancelledRow = table
        .getByRole('row')
        .filter({ has: page.locator('[data-status="cancelled"]') })
        .first();
      await cancelledRow.waitFor();
      await page.goto(`/admin/bookings?bookingStatus=cancelled&selected=${bookingId}${lang === 'ar' ? '&lang=ar' : ''}`);
      await speaks(page, lang);
      await page.getByTestId('booking-detail').waitFor();
      await page
        .getByRole('region')
        .filter({ hasText: lang === 'ar' ? 'صيانة الشاحن' : 'Charger maintenance' })
        .first()
        .waitFor();
    });
  }
});
