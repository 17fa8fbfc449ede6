// The on-call inbox: a simulated charger faults, the alert shows live in the staff inbox, staff acknowledge it with
// why, and it resolves itself when the connector is Available again; in English and in Arabic (right to left).
import { afterAll, beforeAll, expect, it } from 'vitest';
import { Simulator, loadDemoChargers, type SimulatedCharger } from '@evc/simulator';
import { LANGS, describeJourney } from './support/journey';
import { signInAs } from './support/sign-in';

describeJourney('alerts inbox (staff)', (journey) => {
  let simulator: Simulator | undefined;
  let charger: SimulatedCharger;

  beforeAll(async () => {
    const spec = (await loadDemoChargers(journey.app.dataDir)).find((c) => c.ocppVersion === '1.6');
    if (!spec) throw new Error('no OCPP 1.6 demo charger');
    simulator = new Simulator({
      url: journey.app.baseUrl.replace(/^http/, 'ws'),
      chargers: [spec],
      backoffMs: { initial: 100, max: 1000 },
    });
    simulator.start();
    charger = simulator.chargers[0]!;
    const deadline = Date.now() + 15_000;
    while (!charger.connected) {
      if (Date.now() > deadline) throw new Error('the simulated charger did not connect');
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }, 30_000);

  afterAll(async () => {
    await simulator?.stop();
  });

  for (const lang of LANGS) {
    it(`${lang}: a fault shows live, is acknowledged with why, and resolves itself`, async () => {
      const { page, t } = await signInAs(journey, '/admin/Alerts', lang, 'staff');
      await page.getByRole('heading', { name: t['alerts.title'], exact: true }).waitFor();
      charger.faults.fault(1, { errorCode: 'GroundFailure', info: 'RCD tripped', vendorErrorCode: 'E-042' });
      // Live: the row appears without a reload.
      const row = page.getByRole('row').filter({ hasText: charger.spec.id }).filter({ hasText: t['alerts.state.open']! });
      await row.first().waitFor();
      await expect(row.first().textContent()).resolves.toContain(t['alerts.kind.faulted']);
      await row.first().click();
      await expect(page.getByTestId('alert-error').textContent()).resolves.toContain('E-042');
      await page.getByLabel(t['alerts.textLabel']!).fill(lang === 'ar' ? 'الفني في الطريق' : 'Technician on the way');
      await page.getByRole('button', { name: t['alerts.acknowledge'], exact: true }).click();
      await page
        .getByTestId('alert-step')
        .filter({ hasText: lang === 'ar' ? 'الفني في الطريق' : 'Technician on the way' })
        .waitFor();
      charger.faults.recover(1);
      await page.getByTestId('alert-step').filter({ hasText: t['alerts.step.recovered']! }).waitFor();
      await page.getByRole('row').filter({ hasText: charger.spec.id }).filter({ hasText: t['alerts.state.resolved']! }).first().waitFor();
      expect(await page.locator('html').getAttribute('dir')).toBe(lang === 'ar' ? 'rtl' : 'ltr');
    });
  }
});
