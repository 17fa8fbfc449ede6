// In the browser, in English and Arabic: staff upload a firmware image, choose one demo station's chargers,
// start a campaign in two waves and watch each charger go from Downloading to Updated; the simulated chargers fetch
// the signed link, install and reboot with the new version.
import { afterAll, beforeAll, expect, it, vi } from 'vitest';
import { FIRMWARE_LINKS, type FirmwareLinks } from '@evc/command-service/firmware/index';
import { Simulator, loadDemoChargers, simulatedFirmwareImage } from '@evc/simulator';
import { LANGS, describeJourney } from './support/journey';
import { signInAs } from './support/sign-in';
import { bearer, getJson } from '../support/app';
import { superAdminToken } from '../support/identity';

describeJourney('firmware campaigns', (journey) => {
  let simulator: Simulator;
  /** One demo station: its chargers are the campaign's, and only they are simulated. */
  let stationId: string;

  beforeAll(async () => {
    const app = journey.app;
    app.embedded.app.get<symbol, FirmwareLinks>(FIRMWARE_LINKS, { strict: false }).baseUrl = app.baseUrl;
    const candidates = await getJson<{ dataList: { chargerId: string; stationId: string }[] }>(
      app.baseUrl,
      '/api/queries/admin/firmware-chargers',
      bearer(await superAdminToken(app)),
    );
    stationId = candidates.body.dataList.find((c) => c.chargerId === 'EVC-001-AC1')!.stationId;
    const ids = new Set(candidates.body.dataList.filter((c) => c.stationId === stationId).map((c) => c.chargerId));
    const chargers = (await loadDemoChargers(app.dataDir)).filter((c) => ids.has(c.id));
    simulator = new Simulator({
      url: app.baseUrl.replace('http', 'ws'),
      chargers,
      backoffMs: { initial: 50, max: 200 },
      firmware: { stepMs: 50 },
    });
    simulator.start();
    await vi.waitFor(() => expect(simulator.stats().connected).toBe(chargers.length), { timeout: 15_000, interval: 100 });
  }, 30_000);
  afterAll(async () => {
    await simulator?.stop();
  });

  for (const [i, lang] of LANGS.entries()) {
    it(`${lang}: staff upload an image, start a campaign on the demo chargers and see each one updated`, async () => {
      const version = `sim-${i + 2}.0.0`;
      const { page, t } = await signInAs(journey, '/admin/firmware', lang, 'staff');
      await page.getByRole('heading', { level: 1, name: t['admin.firmware'], exact: true }).waitFor();
      const upload = page.getByRole('form', { name: t['firmware.upload'], exact: true });
      await upload.getByLabel(t['firmware.file']!, { exact: true }).setInputFiles({
        name: `${version}.bin`,
        mimeType: 'application/octet-stream',
        buffer: simulatedFirmwareImage(version),
      });
      await upload.getByLabel(t['firmware.version']!, { exact: true }).fill(version);
      await upload.getByRole('button', { name: t['firmware.uploadButton'], exact: true }).click();
      await upload.getByRole('status').waitFor();

      const form = page.getByRole('form', { name: t['firmware.newCampaign'], exact: true });
      await form.getByLabel(t['firmware.image']!, { exact: true }).selectOption({ label: `${version} · ${version}.bin` });
      await form.getByLabel(t['firmware.filter.stationId']!, { exact: true }).fill(stationId);
      const rows = form.getByTestId('firmware-candidates').locator('tbody tr');
      await expect.poll(() => rows.count(), { timeout: 10_000 }).toBe(simulator.chargers.length);
      await form.getByLabel(t['firmware.chooseAll']!, { exact: true }).check();
      await form.getByLabel(t['firmware.firstWave']!, { exact: true }).fill('50');
      await form.getByRole('button', { name: t['firmware.start'], exact: true }).click();

      const campaigns = page.getByTestId('firmware-campaigns').locator('tbody tr');
      await expect.poll(() => campaigns.count(), { timeout: 10_000 }).toBe(i + 1);
      await campaigns.first().getByRole('link').click();
      await page.getByRole('heading', { level: 1, name: t['firmware.campaign'], exact: true }).waitFor();
      // Live: the page is not reloaded while the chargers download, install and reboot.
      await page.locator('[data-testid="campaign-status"][data-status="completed"]').waitFor({ timeout: 30_000 });
      const states = page.getByTestId('campaign-chargers').locator('tbody tr');
      expect(await states.count()).toBe(simulator.chargers.length);
      expect(await states.first().textContent()).toContain(t['firmware.state.updated']);
      expect(await page.locator('html').getAttribute('dir')).toBe(lang === 'ar' ? 'rtl' : 'ltr');
      expect(simulator.chargers.map((c) => c.firmware.version)).toEqual(simulator.chargers.map(() => version));
    }, 60_000);
  }
});
