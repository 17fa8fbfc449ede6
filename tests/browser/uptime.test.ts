// In the browser, in English and Arabic: staff read the network's uptime, open a station's month (its SVG chart, its
// chargers), declare planned maintenance, and follow a charger to its day, event by event, into the event explorer.
// A simulated demo charger reports its connectors first, so the figures and the day have something in them.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { cairoDate } from '@evc/contracts';
import { Simulator, loadDemoChargers } from '@evc/simulator';
import { LANGS, describeJourney } from './support/journey';
import { signInAs } from './support/sign-in';
import { say } from './support/words';

describeJourney("uptime and a charger's day", (journey) => {
  let simulator: Simulator | undefined;
  let chargerId: string;
  let station: { _id: string; nameEn: string; nameAr: string };

  beforeAll(async () => {
    const [charger] = await loadDemoChargers(journey.app.dataDir);
    chargerId = charger!.id;
    simulator = new Simulator({
      url: journey.app.baseUrl.replace('http', 'ws'),
      chargers: [charger!],
      backoffMs: { initial: 100, max: 1000 },
    });
    simulator.start();
    const documents = journey.app.embedded.infra.documents;
    // the charger's first status is in the read model before any screen opens
    for (let tries = 0; !(await documents.collection('uptime_signals').findOne({ chargerId, kind: 'status' })); tries++) {
      if (tries > 200) throw new Error('the simulated charger reported no status');
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    const doc = await documents.collection<{ _id: string; stationId: string }>('chargers').findOne({ _id: chargerId });
    station = (await documents.collection<{ _id: string; nameEn: string; nameAr: string }>('stations').findOne({ _id: doc!.stationId }))!;
  }, 30_000);
  afterAll(async () => {
    await simulator?.stop();
  });

  for (const lang of LANGS) {
    it(`${lang}: the network's month, a station's chart and maintenance, and a charger's day into the explorer`, async () => {
      const { page, t } = await signInAs(journey, '/admin/uptime', lang, 'staff');
      expect(await page.locator('html').getAttribute('dir')).toBe(lang === 'ar' ? 'rtl' : 'ltr');
      await page.getByRole('heading', { level: 1, name: t['uptime.title'], exact: true }).waitFor();
      const name = lang === 'ar' ? station.nameAr : station.nameEn;
      const row = page.getByTestId('uptime-row').filter({ hasText: name });
      await row.waitFor();
      // the reporting charger has been up since its first status: 100 % in this language's digits
      expect(await row.textContent()).toContain(
        new Intl.NumberFormat(lang === 'ar' ? 'ar-EG' : 'en-GB', { style: 'percent', minimumFractionDigits: 2 }).format(1),
      );
      await row.getByRole('link', { name, exact: true }).click();

      await page.getByRole('heading', { level: 1, name: say(t, lang, 'uptime.station.title', { station: name }), exact: true }).waitFor();
      const chart = page.getByRole('img', {
        name: say(t, lang, 'uptime.chart.title', { station: name, month: cairoDate(new Date()).slice(0, 7) }),
      });
      await chart.waitFor();
      expect(await chart.getByTestId('uptime-bar').count()).toBeGreaterThan(0);

      const reason = `${lang === 'ar' ? 'فحص الكابلات' : 'Cable check'} ${randomUUID().slice(0, 6)}`;
      const form = page.getByRole('form', { name: t['uptime.maintenance.title'], exact: true });
      await form.getByLabel(t['uptime.maintenance.charger']!, { exact: true }).selectOption(chargerId);
      await form.getByLabel(t['admin.reason']!, { exact: true }).fill(reason);
      await form.getByRole('button', { name: t['uptime.maintenance.declare'], exact: true }).click();
      await page.getByTestId('uptime-maintenance').filter({ hasText: reason }).waitFor();

      await page
        .getByTestId('uptime-charger')
        .filter({ hasText: chargerId })
        .getByRole('link', { name: t['uptime.chargerDay'], exact: true })
        .click();
      await page.waitForURL(new RegExp(`/admin/chargers/${chargerId}/day`));
      await page.getByRole('heading', { level: 1, name: say(t, lang, 'audit.timeline.title', { chargerId }), exact: true }).waitFor();
      const connected = page.locator('[data-testid="timeline-entry"][data-category="connection"]').first();
      await connected.waitFor();
      expect(await connected.textContent()).toContain(t['audit.timeline.category.connection']);
      // the maintenance just declared is on the charger's day too
      expect(await page.locator('[data-testid="timeline-entry"][data-category="maintenance"]').count()).toBeGreaterThan(0);
      await connected.getByRole('link', { name: t['audit.timeline.type.ChargerConnected'], exact: true }).click();
      await page.waitForURL(/\/admin\/events\/\d+$/);
    });
  }
});
