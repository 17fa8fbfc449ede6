// In the browser: a station's grid limit and its live load chart on the station's admin page, in English and Arabic,
// signed in as the seeded super admin. One product start; each language sets its own limit and sees its own session.
import { randomUUID } from 'node:crypto';
import { expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { cairoWallClock, chargingStreams, type Actor } from '@evc/contracts';
import { LANGS, describeJourney, localDigits, type Journey, type Lang } from './support/journey';
import { signInAs } from './support/sign-in';
import type { Words } from './support/words';

type StationDoc = { _id: string; nameEn: string; nameAr: string; chargers: { chargerId: string; connectors: { connectorId: number }[] }[] };

/** A seeded station with a charger, as the read model holds it. */
async function aStationWithCharger(journey: Journey, skip: string[]): Promise<StationDoc> {
  const docs = (await journey.app.embedded.infra.documents.collection('stations').find({}).toArray()) as unknown as StationDoc[];
  const found = docs.find((d) => d.chargers.length > 0 && d.chargers[0]!.connectors.length > 0 && !skip.includes(d._id));
  if (!found) throw new Error('no seeded station with a charger');
  return found;
}

/** A session charging on the station's first connector, drawing `powerW` now (as the charger's MeterValues would say). */
async function chargingAt(journey: Journey, station: StationDoc, powerW: number) {
  const sessionId = randomUUID();
  const charger = station.chargers[0]!;
  const at = new Date().toISOString();
  const actor: Actor = { type: 'charger', id: charger.chargerId };
  const append = (type: string, data: Record<string, unknown>) =>
    journey.app.embedded.infra.eventStore.append(
      chargingStreams.session(sessionId),
      [
        {
          eventId: randomUUID(),
          type,
          data: { sessionId, ...data },
          metadata: { correlationId: sessionId, causationId: sessionId, actor, occurredAt: at, schemaVersion: 1 },
        },
      ],
      'any',
    );
  await append('SessionRequested', {
    customerId: randomUUID(),
    origin: 'card',
    idTag: 'JOURNEY-1',
    chargerId: charger.chargerId,
    stationId: station._id,
    connectorId: charger.connectors[0]!.connectorId,
    connectorType: 'Type2',
    carId: null,
    target: { kind: 'none' },
    prices: { pricePerKwh: 500, minimumCharge: 1000, current: 'AC' },
    balanceAtStart: 100_000,
    at,
  });
  await append('SessionCharging', { transactionId: `jrn-${sessionId}`, meterStartWh: 0, startedAt: at, at });
  await append('MeterReadingRecorded', { transactionId: `jrn-${sessionId}`, timestamp: at, energyWh: 500, powerW, socPercent: null, at });
}

/**
 * A period of the day in Cairo (periods never wrap midnight) that holds the present hour, or one that lies hours away
 * from it: the limit in force depends on the hour the test runs, so each language picks its period from the clock.
 */
function periodFor(inForce: boolean): { from: string; to: string } {
  const hour = Number(cairoWallClock(Date.now()).time.slice(0, 2));
  const hh = (h: number) => `${String(h).padStart(2, '0')}:00`;
  if (inForce) return { from: hh(Math.max(0, hour - 1)), to: hh(Math.min(24, hour + 2)) };
  return hour < 12 ? { from: '18:00', to: '22:00' } : { from: '06:00', to: '10:00' };
}

const kw = (t: Words, value: number, lang: Lang) => t['smartCharging.kw']!.replace('{value}', localDigits(value, lang));

async function openStation(page: Page, t: Words, station: StationDoc, lang: Lang) {
  const name = lang === 'ar' ? station.nameAr : station.nameEn;
  await page.getByRole('searchbox', { name: t['admin.search'] }).fill(name);
  await page
    .getByRole('table', { name: t['admin.chargerManagement'], exact: true })
    .getByRole('row')
    .filter({ hasText: name })
    .first()
    .click();
  const panel = page.getByTestId('site-power');
  await panel.getByRole('heading', { name: t['smartCharging.title'], exact: true }).waitFor();
  return panel;
}

describeJourney('smart charging on the station page', (journey) => {
  const used: string[] = [];
  for (const lang of LANGS) {
    // English sets a period around the present hour (its lower limit is in force), Arabic one hours away (the day's is)
    const inForce = lang === 'en';
    it(`${lang}: sets a grid limit with a lower period and a reason (${inForce ? 'the period' : "the day's"} in force), and the load chart follows a session live`, async () => {
      const period = periodFor(inForce);
      const station = await aStationWithCharger(journey, used);
      used.push(station._id);
      const { page, t } = await signInAs(journey, '/admin/chargerManagement', lang, 'staff');
      const panel = await openStation(page, t, station, lang);
      await expect.poll(() => panel.getByTestId('grid-limit').textContent()).toBe(t['smartCharging.noLimit']);

      // the form: kW (Arabic staff type Eastern Arabic digits), a lower limit for part of the day in Cairo time, a reason
      await panel.getByRole('button', { name: t['smartCharging.setLimit'], exact: true }).click();
      const form = panel.locator('form');
      await form.getByLabel(t['smartCharging.form.limit']!, { exact: true }).fill(lang === 'ar' ? '٦٠' : '60');
      await form.getByRole('button', { name: t['smartCharging.form.addPeriod'], exact: true }).click();
      await form.getByLabel(t['smartCharging.form.from']!, { exact: true }).fill(period.from);
      await form.getByLabel(t['smartCharging.form.to']!, { exact: true }).fill(period.to);
      await form.getByLabel(t['smartCharging.form.periodLimit']!, { exact: true }).fill('70');
      await form.getByRole('button', { name: t['common.save'], exact: true }).click();
      // above the day's limit and without a reason: refused beside the fields, nothing recorded
      await form.getByText(t['validation.above_limit']!, { exact: true }).waitFor();
      await form.getByLabel(t['smartCharging.form.periodLimit']!, { exact: true }).fill(lang === 'ar' ? '٤٠' : '40');
      await form.getByLabel(t['admin.reason']!, { exact: true }).fill(lang === 'ar' ? 'عقد توريد المول' : 'Mall supply contract');
      await form.getByRole('button', { name: t['common.save'], exact: true }).click();
      await page.getByText(t['admin.saved']!, { exact: true }).first().waitFor();

      await expect.poll(() => panel.getByTestId('grid-limit').textContent()).toBe(kw(t, 60, lang));
      expect(await panel.getByTestId('grid-limit-periods').textContent()).toContain(kw(t, 40, lang));
      const recorded = await journey.app.embedded.infra.eventStore.readStream(`site-power-${station._id}`);
      const set = recorded.find((e) => e.type === 'SiteGridLimitSet');
      expect(set?.data).toMatchObject({
        stationId: station._id,
        limitW: 60_000,
        periods: [{ ...period, limitW: 40_000 }],
      });
      expect(set?.metadata.reason).toBe(lang === 'ar' ? 'عقد توريد المول' : 'Mall supply contract');

      // a car starts charging there: the load, its row and the chart move without a reload
      await chargingAt(journey, station, 7_000);
      await expect
        .poll(() => panel.getByTestId('site-drawn').textContent())
        .toBe(t['smartCharging.drawingOf']!.replace('{drawn}', kw(t, 7, lang)).replace('{limit}', kw(t, inForce ? 40 : 60, lang)));
      await panel.getByTestId('site-sessions').getByText(station.chargers[0]!.chargerId, { exact: false }).waitFor();
      const chart = panel.getByTestId('load-chart');
      expect(await chart.getByRole('img').getAttribute('aria-labelledby')).toBeTruthy();
      await expect.poll(() => chart.getByTestId('load-chart-power').getAttribute('d')).toMatch(/^M48,176 /);
      // the limit line starts where the limit was set: the last minute, at the chart's end
      expect(await chart.getByTestId('load-chart-limit').getAttribute('d')).toMatch(/ L592,[0-9.]+$/);
      expect(await chart.locator('figcaption').textContent()).toContain(kw(t, 7, lang));

      // the wider window: six hours, still drawing the load
      const six = panel.getByRole('button', { name: lang === 'ar' ? '٦ ساعات' : '6 hours', exact: true });
      await six.click();
      await expect.poll(() => six.getAttribute('aria-pressed')).toBe('true');
      await expect.poll(() => chart.locator('figcaption').textContent()).toContain(lang === 'ar' ? 'آخر ٦ ساعات' : 'Last 6 hours');
      expect(await chart.getByTestId('load-chart-power').getAttribute('d')).toMatch(/^M48,176 /);
      expect(await page.locator('html').getAttribute('dir')).toBe(lang === 'ar' ? 'rtl' : 'ltr');
    });
  }
});
