// `npm run screenshots`: the landing, stations and contact pages (laptop and phone), the header (laptop; a phone in
// the customer area), the admin stations and customers screens, the customer's wallet, start-from-map, a live session
// and its receipt, in English and Arabic, saved under docs/screenshots/.
import { randomUUID } from 'node:crypto';
import path from 'node:path';
import type { Page } from 'playwright-core';
import type { Paged } from '@evc/contracts/shared';
import type { CarView } from '@evc/contracts/charging';
import type { StationView } from '@evc/contracts/network';
import { loadConfig } from '@evc/platform/config/config';
import { loadDemoChargers, Simulator } from '@evc/simulator';
import { bearer, getJson, postJson, TEST_ADMIN, TEST_CUSTOMER_PASSWORD } from '../support/app';
import { ROOT } from '../support/process';
import { chromiumUnavailableReason, launchChromium, newPage } from './support/browser';
import { startBrowserApp } from './support/app';

const reason = chromiumUnavailableReason();
if (reason) {
  process.stderr.write(`Cannot take screenshots: ${reason}\n`);
  process.exit(1);
}
const app = await startBrowserApp();
const browser = await launchChromium();
try {
  const pages = (process.argv[2] ?? '/,/ChargingStations,/ContactUs').split(',');
  for (const lang of ['en', 'ar']) {
    for (const route of pages) {
      const { page } = await newPage(browser, app.baseUrl);
      await page.goto(`${route}${route.includes('?') ? '&' : '?'}lang=${lang}`);
      await page.waitForLoadState('networkidle');
      await page.waitForTimeout(300);
      const name =
        route === '/'
          ? 'landing'
          : route
              .replace(/^\//, '')
              .replace(/[^\w]+/g, '-')
              .toLowerCase();
      const file = path.join(ROOT, 'docs/screenshots', `${name}-${lang}.png`);
      await page.screenshot({ path: file, fullPage: route === '/' });
      process.stdout.write(`saved ${path.relative(ROOT, file)}\n`);
      await page.context().close();
    }
  }
  // Phone size: the landing page (statistics tiles) and the stations page (the offline basemap of Egypt).
  for (const lang of ['en', 'ar']) {
    for (const route of ['/', '/ChargingStations']) {
      const { page } = await newPage(browser, app.baseUrl, { viewport: { width: 390, height: 844 } });
      await page.goto(`${route}?lang=${lang}`);
      await page.waitForLoadState('networkidle');
      if (route !== '/') await page.locator('[data-basemap="drawn"]').waitFor();
      await page.waitForTimeout(300);
      const name = route === '/' ? 'landing' : 'chargingstations';
      const file = path.join(ROOT, 'docs/screenshots', `${name}-phone-${lang}.png`);
      await page.screenshot({ path: file, fullPage: route === '/' });
      process.stdout.write(`saved ${path.relative(ROOT, file)}\n`);
      await page.context().close();
    }
  }
  // The admin panel, signed in as the seeded super admin (staff sign-in form → stations screen).
  for (const lang of ['en', 'ar']) {
    const { page } = await newPage(browser, app.baseUrl);
    await page.goto(`/Signin?lang=${lang}`);
    await page.locator('input[type=email]').fill(TEST_ADMIN.email);
    await page.locator('input[type=password]').fill(TEST_ADMIN.password);
    await page.locator('form button[type=submit]').click();
    await page.waitForURL(/\/admin/i);
    await page.goto(`/admin/chargerManagement?lang=${lang}`);
    await page.waitForLoadState('networkidle');
    await page.waitForTimeout(300);
    const file = path.join(ROOT, 'docs/screenshots', `admin-stations-${lang}.png`);
    await page.screenshot({ path: file });
    process.stdout.write(`saved ${path.relative(ROOT, file)}\n`);
    await page.context().close();
  }
  // The header on a laptop (links, sign-in and the language switch in the row) and on a phone (the
  // customer section's tab row above the page), and the customers list with a customer's details.
  const demoCustomer = loadConfig({ DATA_DIR: app.dataDir, PORT: '3000' }).SEED_CUSTOMER_EMAIL;
  for (const lang of ['en', 'ar']) {
    const laptop = await newPage(browser, app.baseUrl, { viewport: { width: 1280, height: 800 } });
    await laptop.page.goto(`/?lang=${lang}`);
    await laptop.page.waitForLoadState('networkidle');
    await laptop.page.waitForTimeout(300);
    const header = path.join(ROOT, 'docs/screenshots', `header-laptop-${lang}.png`);
    await laptop.page.screenshot({ path: header, clip: { x: 0, y: 0, width: 1280, height: 400 } });
    process.stdout.write(`saved ${path.relative(ROOT, header)}\n`);
    await laptop.page.context().close();

    const phone = await newPage(browser, app.baseUrl, { viewport: { width: 390, height: 844 } });
    await phone.page.goto(`/SignInUp?lang=${lang}`);
    await phone.page.locator('input[type=email]').fill(demoCustomer);
    await phone.page.locator('input[type=password]').fill(TEST_CUSTOMER_PASSWORD);
    await phone.page.locator('form button[type=submit]').click();
    await phone.page.waitForURL(/\/profile/i);
    await phone.page.goto('/wallet');
    await phone.page.getByTestId('wallet-line').first().waitFor();
    await phone.page.waitForTimeout(300);
    const customer = path.join(ROOT, 'docs/screenshots', `header-phone-${lang}.png`);
    await phone.page.screenshot({ path: customer });
    process.stdout.write(`saved ${path.relative(ROOT, customer)}\n`);
    await phone.page.context().close();

    const staff = await newPage(browser, app.baseUrl, { viewport: { width: 1280, height: 800 } });
    await staff.page.goto(`/Signin?lang=${lang}`);
    await staff.page.locator('input[type=email]').fill(TEST_ADMIN.email);
    await staff.page.locator('input[type=password]').fill(TEST_ADMIN.password);
    await staff.page.locator('form button[type=submit]').click();
    await staff.page.waitForURL(/\/admin/i);
    await staff.page.goto(`/admin/users?lang=${lang}`);
    await staff.page.locator('tbody tr').filter({ hasText: demoCustomer }).click();
    await staff.page.getByTestId('customer-details').waitFor();
    await staff.page.waitForLoadState('networkidle');
    await staff.page.waitForTimeout(300);
    const users = path.join(ROOT, 'docs/screenshots', `admin-customers-${lang}.png`);
    await staff.page.screenshot({ path: users, fullPage: true });
    process.stdout.write(`saved ${path.relative(ROOT, users)}\n`);
    await staff.page.context().close();
  }
  // The demo customer's wallet, and a live session at a simulated demo charger (meter values every second).
  const chargerId = 'EVC-001-DC1';
  const spec = (await loadDemoChargers(app.dataDir)).find((c) => c.id === chargerId);
  if (!spec) throw new Error(`${chargerId} is not in demo-chargers.json`);
  const simulator = new Simulator({
    url: app.baseUrl.replace(/^http/, 'ws'),
    chargers: [spec],
    backoffMs: { initial: 100, max: 1000 },
    charging: { meterIntervalS: 1, plugInDelayMs: 200 },
  });
  simulator.start();
  const until = async (what: string, check: () => Promise<boolean>, timeoutMs = 20_000) => {
    const deadline = Date.now() + timeoutMs;
    while (!(await check())) {
      if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
  };
  const stationOf = async () => {
    const { body } = await getJson<Paged<StationView>>(app.baseUrl, '/api/queries/stations?pageSize=100');
    return body.dataList.find((st) => st.chargers.some((c) => c.chargerId === chargerId))!;
  };
  const connectorsFree = async () =>
    (await stationOf()).chargers.find((c) => c.chargerId === chargerId)?.connectors.every((c) => c.status === 'available') ?? false;
  const shoot = async (page: Page, name: string) => {
    await page.waitForTimeout(300);
    const file = path.join(ROOT, 'docs/screenshots', `${name}.png`);
    await page.screenshot({ path: file });
    process.stdout.write(`saved ${path.relative(ROOT, file)}\n`);
  };
  try {
    for (const lang of ['en', 'ar']) {
      await until(
        `${chargerId} online and available`,
        async () => (await stationOf()).chargers.find((c) => c.chargerId === chargerId)?.online === true && (await connectorsFree()),
      );
      const { page } = await newPage(browser, app.baseUrl);
      await page.goto(`/SignInUp?lang=${lang}`);
      await page.locator('input[type=email]').fill(loadConfig({ DATA_DIR: app.dataDir, PORT: '3000' }).SEED_CUSTOMER_EMAIL);
      await page.locator('input[type=password]').fill(TEST_CUSTOMER_PASSWORD);
      await page.locator('form button[type=submit]').click();
      await page.waitForURL(/\/profile/i);
      const token = (await page.evaluate("sessionStorage.getItem('token')")) as string;
      await page.goto('/wallet');
      await page.getByTestId('wallet-line').first().waitFor();
      await shoot(page, `wallet-${lang}`);
      // start from the map: the offline basemap and the stations nearest first (from Tahrir Square)
      await page.context().grantPermissions(['geolocation']);
      await page.context().setGeolocation({ latitude: 30.0444, longitude: 31.2357 });
      await page.goto('/start-charging');
      await page.locator('input[type=radio][name=mode]').nth(1).check();
      await page.getByTestId('start-station-distance').first().waitFor();
      await page.locator('[data-basemap="drawn"]').waitFor();
      await page.getByTestId('start-station-order').scrollIntoViewIfNeeded();
      await shoot(page, `start-from-map-${lang}`);

      const { body: cars } = await getJson<Paged<CarView>>(app.baseUrl, '/api/queries/me/cars', bearer(token));
      const sessionId = randomUUID();
      const started = await postJson(
        app.baseUrl,
        '/api/commands/sessions.start',
        { sessionId, chargerId, connectorId: 1, carId: cars.dataList[0]!.carId, target: { kind: 'none' } },
        bearer(token),
      );
      if (started.status >= 300) throw new Error(`sessions.start: ${started.status} ${JSON.stringify(started.body)}`);
      await page.goto(`/my-sessions/${sessionId}`);
      await until('a live session with a few meter values', async () => {
        const { body } = await getJson<{ status: string; readings: unknown[] }>(
          app.baseUrl,
          `/api/queries/me/sessions/${sessionId}`,
          bearer(token),
        );
        return body.status === 'charging' && body.readings.length >= 3;
      });
      await page.getByTestId('session-energy').waitFor();
      await shoot(page, `session-live-${lang}`);
      await postJson(app.baseUrl, '/api/commands/sessions.stop', { sessionId }, bearer(token));
      await until(
        'the session to stop',
        async () =>
          (await getJson<{ status: string }>(app.baseUrl, `/api/queries/me/sessions/${sessionId}`, bearer(token))).body.status ===
          'stopped',
      );
      // the finished session's receipt
      await until(
        'the session to be billed',
        async () => (await getJson<{ billed: boolean }>(app.baseUrl, `/api/queries/me/sessions/${sessionId}`, bearer(token))).body.billed,
      );
      await page.goto(`/my-sessions/${sessionId}/receipt`);
      await page.getByTestId('receipt-total').waitFor();
      await shoot(page, `receipt-${lang}`);
      await page.context().close();
    }
  } finally {
    await simulator.stop();
  }
} finally {
  await browser.close();
  await app.close();
}
