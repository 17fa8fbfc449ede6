// `npm run screenshots`: the landing page in English and Arabic, saved under docs/screenshots/.
import path from 'node:path';
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
} finally {
  await browser.close();
  await app.close();
}
