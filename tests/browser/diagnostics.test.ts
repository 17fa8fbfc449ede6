// In the browser, in English and Arabic: staff open a charger's diagnostics screen, ask for its diagnostics, watch the
// simulated charger upload its log, read it as text and download it. One product start for both languages.
import { afterAll, beforeAll, expect, it } from 'vitest';
import { DIAGNOSTICS_SETTINGS, type DiagnosticsSettings } from '@evc/command-service/diagnostics/index';
import { Simulator, loadDemoChargers } from '@evc/simulator';
import { until } from '../support/charging-story';
import { LANGS, describeJourney } from './support/journey';
import { signInAs } from './support/sign-in';

describeJourney("a charger's diagnostics", (journey) => {
  let simulator: Simulator | undefined;
  let chargerId: string;

  beforeAll(async () => {
    // The port is known only now: the upload URLs chargers get point here.
    journey.app.embedded.app.get<DiagnosticsSettings>(DIAGNOSTICS_SETTINGS).uploadBaseUrl = journey.app.baseUrl;
    const [charger] = await loadDemoChargers(journey.app.dataDir);
    chargerId = charger!.id;
    simulator = new Simulator({
      url: journey.app.baseUrl.replace('http', 'ws'),
      chargers: [charger!],
      backoffMs: { initial: 100, max: 1000 },
    });
    simulator.start();
    await until(
      () => simulator!.stats().connected,
      (n) => n === 1,
      'the demo charger connected',
    );
  }, 60_000);
  afterAll(async () => {
    await simulator?.stop();
  });

  for (const lang of LANGS) {
    it(`${lang}: staff ask a charger for its diagnostics, see the file uploaded, read it and download it`, async () => {
      const { page, t } = await signInAs(journey, `/admin/chargers/${chargerId}/diagnostics`, lang, 'staff');
      await page.getByRole('heading', { level: 1 }).waitFor();
      expect(await page.locator('html').getAttribute('dir')).toBe(lang === 'ar' ? 'rtl' : 'ltr');
      const rows = page.getByTestId('diagnostics-request');
      // The list has loaded (a table, or the words for none) before its rows are counted.
      await page
        .getByRole('table', { name: t['diagnostics.list'], exact: true })
        .or(page.getByText(t['diagnostics.none']!, { exact: true }))
        .waitFor();
      const before = await rows.count();
      const form = page.getByRole('form', { name: t['diagnostics.ask'], exact: true });
      await form.getByRole('button', { name: t['diagnostics.ask'], exact: true }).click();
      await page.getByRole('status').getByText(t['diagnostics.asked']!, { exact: true }).waitFor();
      // The list follows the request until the charger's file is kept.
      await rows.nth(before).waitFor();
      const row = rows.first();
      await row.locator('[data-status="uploaded"]').waitFor({ timeout: 20_000 });
      expect(await rows.count()).toBe(before + 1);
      expect(await row.locator('[data-status="uploaded"]').textContent()).toBe(t['diagnostics.status.uploaded']);

      await row.getByRole('button', { name: t['diagnostics.view'], exact: true }).click();
      const text = page.getByTestId('diagnostics-text');
      await text.waitFor();
      expect(await text.textContent()).toContain(`charger=${chargerId}`);

      const [download] = await Promise.all([
        page.waitForEvent('download'),
        row.getByRole('button', { name: t['diagnostics.download'], exact: true }).click(),
      ]);
      expect(download.suggestedFilename()).toMatch(new RegExp(`${chargerId}\\.log$`));
    });
  }
});
