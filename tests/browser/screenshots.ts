// `npm run screenshots`: the landing page in English and Arabic, saved under docs/screenshots/.
import path from 'node:path';
import { TEST_ADMIN } from '../support/app';
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
      const name = route === '/' ? 'landing' : route.replace(/^\//, '').replace(/[^\w]+/g, '-').toLowerCase();
      const file = path.join(ROOT, 'docs/screenshots', `${name}-${lang}.png`);
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
} finally {
  await browser.close();
  await app.close();
}
