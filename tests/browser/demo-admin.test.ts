// In the browser: the guided demonstration at /demo in both languages (simulated chargers over OCPP, a
// card session walked step by step), the admin dashboard seeing those chargers come online, and the staff member's
// own settings (name, language, password).
import { expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { TEST_ADMIN } from '../support/app';
import { LANGS, describeJourney, localDigits, type Journey, type Lang } from './support/journey';
import { say, words } from './support/words';

async function signInStaff(journey: Journey, path: string, lang: Lang): Promise<Page> {
  const t = await words(lang);
  const page = await journey.open(path, { lang });
  await page.waitForURL(/\/Signin/i);
  await page.getByLabel(t['auth.email']!, { exact: true }).fill(TEST_ADMIN.email);
  await page.getByLabel(t['auth.password']!, { exact: true }).fill(TEST_ADMIN.password);
  await page.getByRole('button', { name: t['auth.signIn'], exact: true }).click();
  await page.waitForURL((url) => url.pathname.toLowerCase() === path.toLowerCase());
  return page;
}

describeJourney('the guided demo, the dashboard and staff settings', (journey) => {
  for (const lang of LANGS) {
    it(`${lang}: a visitor starts the demo and walks a charging session step by step; another visitor watches`, async () => {
      const t = await words(lang);
      // only the visitor who started a run walks it: each language's visitor starts their own
      await journey.app.embedded.demo.stop();
      const page = await journey.open('/demo', { lang });
      await page.getByRole('heading', { level: 1, name: t['demo.title'], exact: true }).waitFor();
      await page.getByText(say(t, lang, 'demo.limits', { chargers: 3, minutes: 10 })).waitFor();
      await page.getByRole('button', { name: t['demo.start'], exact: true }).click();
      const step = (n: number) => page.getByTestId(`demo-step-${n}`);
      await expect.poll(() => page.getByTestId('demo-charger').count()).toBe(3);
      // the network sees the simulated chargers online (its public read model, live)
      await expect
        .poll(() => page.getByTestId('demo-network-state').allTextContents(), { timeout: 15_000 })
        .toEqual(Array(3).fill(t['demo.network.online']));
      const plug = step(1).getByRole('button', { name: t['demo.plugIn'], exact: true });
      await expect.poll(() => plug.isEnabled(), { timeout: 15_000 }).toBe(true);
      await plug.click();
      await expect.poll(() => step(2).getAttribute('aria-current')).toBe('step');
      await step(2).getByRole('button', { name: t['demo.startCharging'], exact: true }).click();
      await expect.poll(() => step(3).getAttribute('aria-current')).toBe('step');
      // meter values arrive: the energy rises above zero, in the language's digits
      const meter = page.getByTestId('demo-meter');
      await expect
        .poll(
          async () => (await meter.textContent()) !== say(t, lang, 'demo.meter', { kwh: localDigits(0, lang), soc: localDigits(0, lang) }),
          { timeout: 15_000 },
        )
        .toBe(true);
      await step(4).getByRole('button', { name: t['demo.stop'], exact: true }).click();
      await page.getByTestId('demo-ended').waitFor();
      expect(await page.getByTestId('demo-ended').textContent()).toContain(t['demo.ended']!.split('{kwh}')[0]);
      // a second visitor (another tab) sees the same run and is told they watch; its steps are not theirs to take
      const other = await journey.open('/demo', { lang });
      await other.getByTestId('demo-watching').waitFor();
      expect(await other.getByTestId('demo-step-1').getByRole('button', { name: t['demo.plugIn'], exact: true }).isDisabled()).toBe(true);
    });
  }

  it('the dashboard shows the demo chargers online, live, and links into its lists', async () => {
    const t = await words('en');
    const page = await signInStaff(journey, '/admin', 'en');
    await page.getByRole('heading', { level: 1, name: t['admin.dashboard'], exact: true }).waitFor();
    const tile = (id: string) => page.getByTestId('dashboard-tile').filter({ hasText: t[id]! });
    await expect
      .poll(async () => Number((await tile('dashboard.chargersOnline').locator('strong').textContent()) ?? 0), { timeout: 15_000 })
      .toBeGreaterThanOrEqual(3);
    expect(Number(await tile('dashboard.sessions').locator('strong').textContent())).toBeGreaterThanOrEqual(2);
    await page.getByRole('table', { name: t['dashboard.pageViews'] }).getByText('/demo').first().waitFor();
    await tile('dashboard.contactRequests').click();
    await page.waitForURL(/\/admin\/Contactusrequests/i);
    await page.getByRole('heading', { level: 1, name: t['admin.contactRequests'], exact: true }).waitFor();
  });

  it('staff settings: a name refused, then saved with Arabic as the language, and the password rule', async () => {
    const en = await words('en');
    const ar = await words('ar');
    const page = await signInStaff(journey, '/admin/settings', 'en');
    await page.getByText(TEST_ADMIN.email).waitFor();
    await page.getByLabel(en['auth.firstName']!, { exact: true }).fill('Sa1d');
    await page.getByRole('button', { name: en['common.save'], exact: true }).click();
    await page.getByRole('alert').filter({ hasText: en['validation.letters_only']! }).waitFor();
    await page.getByLabel(en['auth.firstName']!, { exact: true }).fill('Samir');
    await page.getByLabel(en['account.language']!, { exact: true }).selectOption('ar');
    await page.getByRole('button', { name: en['common.save'], exact: true }).click();
    await page.locator('html[lang="ar"][dir="rtl"]').waitFor({ state: 'attached' });
    await page.getByRole('heading', { level: 1, name: ar['admin.settings'], exact: true }).waitFor();
    expect(await page.getByTestId('admin-name').textContent()).toContain('Samir');
    await page.getByLabel(ar['auth.newPassword']!, { exact: true }).fill('short');
    await page.getByRole('button', { name: ar['account.changePassword'], exact: true }).click();
    await page.getByRole('alert').first().waitFor();
    expect(await page.getByLabel(ar['auth.newPassword']!, { exact: true }).getAttribute('aria-invalid')).toBe('true');
  });
});
