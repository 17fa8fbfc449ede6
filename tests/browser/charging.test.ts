// In the browser: the demo customer's wallet (top-up through the sandbox provider's checkout) and a
// charging session with the OCPP simulator, in English and Arabic. Each journey asserts on what a person sees and on
// what the server recorded (read models through the customer's own API).
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { Locator, Page } from 'playwright-core';
import type { CarView, SessionDetailView } from '@evc/contracts/charging';
import type { PaymentView, WalletView } from '@evc/contracts/wallet';
import type { StationView } from '@evc/contracts/network';
import type { Paged } from '@evc/contracts';
import { loadDemoChargers, Simulator } from '@evc/simulator';
import { bearer, getJson } from '../support/app';
import { formatMoney } from '../../frontend/src/lib/format';
import { batteryRangeName, carName } from '../../frontend/src/lib/names';
import { LANGS, describeJourney, localDigits, type Journey, type Lang } from './support/journey';
import { fill, signInCustomer, type Words } from './support/customer';

const intlLocale = (lang: Lang) => (lang === 'ar' ? 'ar-EG' : 'en-GB');
/** Money as the app writes it. */
const money = (piastres: number, lang: Lang) => formatMoney(piastres, lang);
/** A wallet line's amount (frontend/src/features/charging/format.ts: signedMoney). */
const signed = (piastres: number, direction: 'in' | 'out', lang: Lang) => `${direction === 'in' ? '+' : '−'}${money(piastres, lang)}`;
/** Energy as the session page writes it (formatKwh). */
const kwh = (wh: number, lang: Lang) => new Intl.NumberFormat(intlLocale(lang), { maximumFractionDigits: 2 }).format(wh / 1000);
/** Back to Western digits and a dot: "١٢٫٣٤" → "12.34". */
const western = (text: string) =>
  text
    .replace(/[٠-٩]/g, (d) => String(d.charCodeAt(0) - 0x0660))
    .replace(/٫/g, '.')
    .replace(/[٬,]/g, '');
const numberIn = (text: string) => Number(/\d+(?:\.\d+)?/.exec(western(text))?.[0] ?? NaN);

/** The sandbox checkout page's own words (platform/src/payments/sandbox-page.ts). */
const SANDBOX = { en: { pay: 'Pay', cancel: 'Cancel' }, ar: { pay: 'ادفع', cancel: 'إلغاء' } } as const;

/** The demo charger the session journey uses: the first DC charger of the first station (OCPP 1.6). */
const CHARGER_ID = 'EVC-001-DC1';
/**
 * The simulated charger runs as a time-lapse: 1,800 kW into a 400 kWh battery, a meter value every second, so the
 * energy passes the minimum charge within seconds and the running cost visibly rises (a real 50 kW charger needs
 * more than 6 minutes for that at the demo prices). The cable is plugged in 3 s after the remote start, so the
 * customer sees the session wait for it.
 */
const TIME_LAPSE = {
  maxPowerKw: 1800,
  charging: { meterIntervalS: 1, plugInDelayMs: 3000, batteryWh: 400_000, startSocPct: [20, 30] as [number, number] },
};

const signIn = signInCustomer;

/** The customer's wallet from the API (first page). */
async function walletOf(journey: Journey, token: string): Promise<WalletView> {
  const { status, body } = await getJson<WalletView>(journey.app.baseUrl, '/api/queries/me/wallet', bearer(token));
  expect(status).toBe(200);
  return body;
}

/** Waits until the page speaks `lang` (the stored choice survives the trip to the checkout page and back). */
const speaks = (page: Page, lang: Lang) =>
  page.locator(`html[lang="${lang}"][dir="${lang === 'ar' ? 'rtl' : 'ltr'}"]`).waitFor({ state: 'attached' });

const balance = (page: Page) => page.getByTestId('wallet-balance');
const todayGroup = (page: Page, t: Words) => page.getByRole('region', { name: t['wallet.today'], exact: true });
const lines = (scope: Page | Locator) => scope.getByTestId('wallet-line');

async function openWallet(page: Page, t: Words, lang: Lang) {
  await page.goto('/wallet');
  await speaks(page, lang);
  await page.getByRole('heading', { level: 1, name: t['page.wallet'], exact: true }).waitFor();
  await expect.poll(() => balance(page).textContent()).not.toBe('…');
}

/**
 * Types as a keyboard does, one keydown (cancelable) with its text per character. Playwright's own typing only
 * inserts the text of characters outside the US layout (no keydown), which an Arabic keyboard never does; the
 * DevTools protocol sends the key as an Arabic layout would.
 */
async function typeKeys(page: Page, field: Locator, text: string) {
  await field.focus();
  const cdp = await page.context().newCDPSession(page);
  try {
    for (const key of text) {
      await cdp.send('Input.dispatchKeyEvent', { type: 'keyDown', key, text: key, unmodifiedText: key });
      await cdp.send('Input.dispatchKeyEvent', { type: 'keyUp', key });
    }
  } finally {
    await cdp.detach();
  }
}

/** Opens the top-up dialog and types the amount key by key, as a person does (the keypress rule applies). */
async function topUpDialog(page: Page, t: Words) {
  await page.getByRole('button', { name: t['wallet.topUp.open'], exact: true }).click();
  const dialog = page.getByRole('dialog', { name: t['wallet.topUp.title'], exact: true });
  await dialog.waitFor();
  return { dialog, amount: dialog.getByLabel(t['wallet.topUp.amount']!, { exact: true }) };
}

/** Top-up → the sandbox checkout → the choice; answers the payment id the checkout page was for. */
async function checkout(page: Page, t: Words, lang: Lang, typed: string, piastres: number, choice: 'pay' | 'cancel'): Promise<string> {
  const { dialog, amount } = await topUpDialog(page, t);
  await typeKeys(page, amount, typed);
  expect(await amount.inputValue()).toBe(typed);
  await dialog.getByRole('button', { name: t['wallet.topUp.pay'], exact: true }).click();
  await page.waitForURL(/\/api\/payments\/sandbox\/[0-9a-f-]{36}/);
  const paymentId = /sandbox\/([0-9a-f-]{36})/.exec(page.url())![1]!;
  // the provider's page, in the customer's language
  await speaks(page, lang);
  expect(await page.getByTestId('amount').textContent()).toBe(
    new Intl.NumberFormat(lang === 'ar' ? 'ar-EG' : 'en-EG', { style: 'currency', currency: 'EGP', minimumFractionDigits: 2 }).format(
      piastres / 100,
    ),
  );
  await page.getByRole('button', { name: SANDBOX[lang][choice], exact: true }).click();
  await page.waitForURL((url) => url.pathname === '/wallet');
  await speaks(page, lang);
  return paymentId;
}

describeJourney('charging and the wallet (customer)', (journey) => {
  let simulator: Simulator | undefined;
  let charger: { serial: string; stationId: string; stationNameEn: string; stationNameAr: string; connectorCode: string } | undefined;

  beforeAll(async () => {
    const spec = (await loadDemoChargers(journey.app.dataDir)).find((c) => c.id === CHARGER_ID);
    if (!spec) throw new Error(`${CHARGER_ID} is not in demo-chargers.json`);
    const { body: stations } = await getJson<Paged<StationView>>(journey.app.baseUrl, '/api/queries/stations?pageSize=100');
    const station = stations.dataList.find((s) => s.chargers.some((c) => c.chargerId === CHARGER_ID));
    const view = station?.chargers.find((c) => c.chargerId === CHARGER_ID);
    if (!station || !view) throw new Error(`${CHARGER_ID} is not on a public station`);
    charger = {
      serial: view.serialNumber,
      stationId: station.stationId,
      stationNameEn: station.nameEn,
      stationNameAr: station.nameAr,
      connectorCode: view.connectors[0]!.code,
    };
    simulator = new Simulator({
      url: journey.app.baseUrl.replace(/^http/, 'ws'),
      chargers: [{ ...spec, maxPowerKw: TIME_LAPSE.maxPowerKw }],
      backoffMs: { initial: 100, max: 1000 },
      charging: TIME_LAPSE.charging,
    });
    simulator.start();
    // online, with its connectors reported, as the customer's start page will read it
    const deadline = Date.now() + 15_000;
    for (;;) {
      const { body } = await getJson<StationView>(journey.app.baseUrl, `/api/queries/stations/${encodeURIComponent(station.stationId)}`);
      const live = body.chargers.find((c) => c.chargerId === CHARGER_ID);
      if (live?.online && live.connectors.every((c) => c.status === 'available')) break;
      if (Date.now() > deadline)
        throw new Error(`${CHARGER_ID} did not come online: ${JSON.stringify(live)} ${JSON.stringify(simulator.stats())}`);
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }, 30_000);

  afterAll(async () => {
    await simulator?.stop();
  });

  for (const lang of LANGS) {
    it(`${lang}: tops up 123.5 EGP through the sandbox checkout; a canceled top-up adds nothing; the amount stops past 999.9 and 0 is refused`, async () => {
      const { page, t, token } = await signIn(journey, lang);
      await openWallet(page, t, lang);
      const before = await walletOf(journey, token);
      expect(await balance(page).textContent()).toBe(money(before.balance, lang));

      // paid
      const paid = await checkout(page, t, lang, localDigits('123.5', lang).replace('.', lang === 'ar' ? '٫' : '.'), 12_350, 'pay');
      await page.getByRole('status').getByText(t['wallet.payment.completed']!, { exact: true }).waitFor();
      await expect.poll(() => balance(page).textContent()).toBe(money(before.balance + 12_350, lang));
      const top = lines(todayGroup(page, t)).first();
      await expect.poll(() => top.locator('strong').textContent()).toBe(signed(12_350, 'in', lang));
      const topText = (await top.textContent()) ?? '';
      expect(topText).toContain(fill(t['wallet.paymentRef']!, { ref: paid.slice(0, 8) }));
      expect(topText).toContain(t['wallet.reason.top_up']);
      expect(await top.locator('strong').getAttribute('aria-label')).toBe(t['wallet.direction.in']);
      const afterPay = await walletOf(journey, token);
      expect(afterPay.balance).toBe(before.balance + 12_350);
      expect(afterPay.totalCount).toBe(before.totalCount + 1);
      expect(new URL(page.url()).searchParams.has('payment')).toBe(false);
      const todayCount = await lines(todayGroup(page, t)).count();

      // canceled: the message, and no new line
      const canceled = await checkout(page, t, lang, localDigits(40, lang), 4_000, 'cancel');
      await page.getByRole('alert').getByText(t['wallet.payment.canceled']!, { exact: true }).waitFor();
      const { body: payment } = await getJson<PaymentView>(journey.app.baseUrl, `/api/queries/me/payments/${canceled}`, bearer(token));
      expect(payment.status).toBe('canceled');
      // the wallet this page loaded after the return already holds whatever the cancel did
      await expect.poll(() => balance(page).textContent()).toBe(money(before.balance + 12_350, lang));
      await page.getByRole('status').getByText(t['wallet.payment.checking']!, { exact: true }).waitFor({ state: 'detached' });
      expect(await page.getByTestId('wallet-count').textContent()).toContain(localDigits(afterPay.totalCount, lang));
      expect(await lines(todayGroup(page, t)).count()).toBe(todayCount);
      expect(await lines(todayGroup(page, t)).first().locator('strong').textContent()).toBe(signed(12_350, 'in', lang));
      expect((await walletOf(journey, token)).totalCount).toBe(afterPay.totalCount);

      // the amount: typing stops once past 999.9; 0 is below the 1 EGP minimum
      const { dialog, amount } = await topUpDialog(page, t);
      await typeKeys(page, amount, localDigits('999999', lang));
      expect(await amount.inputValue()).toBe(localDigits('9999', lang));
      await amount.press('Control+A');
      await amount.press('Backspace');
      await typeKeys(page, amount, localDigits(0, lang));
      expect(await amount.inputValue()).toBe(localDigits(0, lang));
      await dialog.getByRole('button', { name: t['wallet.topUp.pay'], exact: true }).click();
      await dialog.getByRole('alert').getByText(t['wallet.amount.amount_min']!, { exact: true }).waitFor();
      expect(await amount.getAttribute('aria-invalid')).toBe('true');
      expect(new URL(page.url()).pathname).toBe('/wallet');
      await dialog.getByRole('button', { name: t['common.cancel'], exact: true }).click();
      await dialog.waitFor({ state: 'detached' });
    });

    it(`${lang}: starts a session at the simulated charger by its serial number, watches it charge, stops it and finds the debit in the wallet`, async () => {
      if (!charger) throw new Error('the simulator did not start');
      const { page, t, token } = await signIn(journey, lang);
      const before = await walletOf(journey, token);
      const { body: cars } = await getJson<Paged<CarView>>(journey.app.baseUrl, '/api/queries/me/cars', bearer(token));
      const car = cars.dataList.find((c) => c.typeId === 'type-mg-mg4');
      expect(car, 'the demo customer has the seeded MG4').toBeDefined();

      await page.goto('/start-charging');
      await speaks(page, lang);
      await page.getByRole('heading', { level: 1, name: t['charging.start.title'], exact: true }).waitFor();
      await page.getByRole('radio', { name: t['charging.start.bySerial'], exact: true }).check();
      await page.getByLabel(t['charging.serial']!, { exact: true }).fill(charger.serial);
      await page.getByRole('button', { name: t['charging.serial.find'], exact: true }).click();
      const stationName = lang === 'ar' ? charger.stationNameAr : charger.stationNameEn;
      const connectors = page.getByRole('group', { name: fill(t['charging.connector.choose']!, { station: stationName }), exact: true });
      await connectors.waitFor();
      await connectors.getByText(fill(t['charging.charger']!, { serial: charger.serial })).waitFor();
      const connector = connectors.getByRole('radio', {
        name: new RegExp(`^${charger.connectorCode} · .* · ${t['connector.available']}$`),
      });
      expect(await connector.isEnabled()).toBe(true);
      await connector.check();
      await page
        .getByLabel(t['charging.car']!, { exact: true })
        .selectOption({ label: `${carName(car!, lang)} · ${batteryRangeName(car!, lang)}` });
      await page.getByRole('button', { name: t['charging.start.submit'], exact: true }).last().click();
      await page.waitForURL(/\/my-sessions\/[0-9a-f-]{36}/, { timeout: 10_000 });
      const sessionId = /my-sessions\/([0-9a-f-]{36})/.exec(page.url())![1]!;
      await page.getByRole('heading', { level: 1, name: t['charging.session.title'], exact: true }).waitFor();
      await page.getByText(stationName, { exact: true }).first().waitFor();

      // waiting for the charger / the cable, then charging
      const status = page.getByTestId('session-status');
      const waiting = [t['charging.status.requested'], t['charging.status.accepted']];
      expect(waiting, 'before the cable is plugged in').toContain(await status.textContent());
      const progress = page.getByRole('list', { name: t['charging.progress'], exact: true });
      expect(waiting).toContain(await progress.locator('[aria-current="step"]').textContent());
      await expect.poll(() => status.textContent(), { timeout: 10_000 }).toBe(t['charging.status.charging']);
      expect(await progress.locator('[aria-current="step"]').textContent()).toBe(t['charging.status.charging']);

      // the energy and the running cost rise as the meter values arrive
      const energy = page.getByTestId('session-energy');
      const cost = page.getByTestId('session-cost');
      await expect.poll(async () => numberIn((await energy.textContent()) ?? ''), { timeout: 10_000 }).toBeGreaterThan(0);
      const firstEnergy = numberIn((await energy.textContent()) ?? '');
      const firstCost = numberIn((await cost.textContent()) ?? '');
      await expect.poll(async () => numberIn((await energy.textContent()) ?? ''), { timeout: 10_000 }).toBeGreaterThan(firstEnergy);
      await expect.poll(async () => numberIn((await cost.textContent()) ?? ''), { timeout: 20_000 }).toBeGreaterThan(firstCost);
      expect(await page.getByText(t['charging.runningCost']!, { exact: true }).count()).toBe(1);
      expect(await energy.textContent()).toContain(lang === 'ar' ? '٫' : '.');

      // stop: asked to confirm, then the final cost
      await page.getByRole('button', { name: t['charging.stop'], exact: true }).click();
      const confirm = page.getByRole('alertdialog');
      await confirm.getByText(t['charging.stop.confirm']!, { exact: true }).waitFor();
      await confirm.getByRole('button', { name: t['charging.stop.yes'], exact: true }).click();
      await expect.poll(() => status.textContent(), { timeout: 15_000 }).toBe(t['charging.status.stopped']);
      const { body: stopped } = await getJson<SessionDetailView>(
        journey.app.baseUrl,
        `/api/queries/me/sessions/${sessionId}`,
        bearer(token),
      );
      expect(stopped).toMatchObject({ status: 'stopped', stopReason: 'customer', chargerId: CHARGER_ID });
      expect(stopped.cost).toBe(Math.max(stopped.minimumCharge, Math.round((stopped.energyWh * stopped.pricePerKwh) / 1000)));
      expect(stopped.cost).toBeGreaterThan(stopped.minimumCharge);
      await page.getByText(t['charging.finalCost']!, { exact: true }).waitFor();
      expect(await cost.textContent()).toBe(money(stopped.cost, lang));
      expect(await energy.textContent()).toBe(fill(t['charging.kwh']!, { value: kwh(stopped.energyWh, lang) }));
      await page
        .getByText(fill(t['charging.stopped.summary']!, { energy: kwh(stopped.energyWh, lang), cost: money(stopped.cost, lang) }), {
          exact: true,
        })
        .waitFor();
      await page.getByText(t['charging.stopReason.customer']!, { exact: true }).waitFor();
      expect(stopped.carId).toBe(car!.carId);
      const carLabel = lang === 'ar' ? stopped.carLabelAr : stopped.carLabel;
      expect(carLabel).toBeTruthy();
      await page.getByText(carLabel!, { exact: true }).waitFor();

      // billed: the wallet line of the session, debited, linking back to it
      const toWallet = page.getByRole('link', { name: t['charging.viewWalletLine'], exact: true });
      await toWallet.waitFor({ timeout: 10_000 });
      await toWallet.click();
      await page.waitForURL((url) => url.pathname === '/wallet');
      await page.getByRole('heading', { level: 1, name: t['page.wallet'], exact: true }).waitFor();
      await expect.poll(() => balance(page).textContent()).toBe(money(before.balance - stopped.cost, lang));
      const line = page.locator(`[id="tx-session:${sessionId}"]`);
      await line.waitFor();
      expect(await line.locator('strong').textContent()).toBe(signed(stopped.cost, 'out', lang));
      expect(await line.locator('strong').getAttribute('aria-label')).toBe(t['wallet.direction.out']);
      expect(await line.textContent()).toContain(t['wallet.reason.session']);
      expect(await lines(todayGroup(page, t)).first().getAttribute('id')).toBe(`tx-session:${sessionId}`);
      const view = line.getByRole('link', { name: t['wallet.viewSession'], exact: true });
      expect(await view.getAttribute('href')).toBe(`/my-sessions/${sessionId}`);
      await view.click();
      await page.waitForURL((url) => url.pathname === `/my-sessions/${sessionId}`);
      await expect.poll(() => status.textContent()).toBe(t['charging.status.stopped']);
      expect((await walletOf(journey, token)).balance).toBe(before.balance - stopped.cost);
    }, 90_000);
  }
});
