import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { StationAdminView } from '@evc/contracts';
import { Simulator, loadDemoChargers } from '@evc/simulator';
import { adminGet, superAdminToken } from '../support/admin';
import { startTestApp, type TestApp } from '../support/app';

describe('npm run simulate: demo chargers without hardware', () => {
  let app: TestApp;
  let simulator: Simulator | undefined;
  beforeAll(async () => {
    app = await startTestApp({ seed: true });
  });
  afterAll(async () => {
    await simulator?.stop();
    await app?.close();
  });

  it('connects 3 demo chargers that boot and report their connectors available', async () => {
    const chargers = (await loadDemoChargers(app.dataDir)).slice(0, 3);
    expect(chargers).toHaveLength(3);
    simulator = new Simulator({ url: app.baseUrl.replace('http', 'ws'), chargers, backoffMs: { initial: 100, max: 1000 } });
    simulator.start();
    const token = await superAdminToken(app);
    const stationIds = [
      ...new Set(
        (await Promise.all(chargers.map((c) => app.embedded.infra.documents.collection('chargers').findOne({ _id: c.id })))).map((d) =>
          String(d?.stationId),
        ),
      ),
    ];
    const live = async () => {
      const stations = await Promise.all(
        stationIds.map(async (id) => (await adminGet<StationAdminView>(app, `stations/${id}`, token)).body),
      );
      return stations.flatMap((s) => s.chargers).filter((c) => chargers.some((x) => x.id === c.chargerId));
    };
    await expect
      .poll(async () => (await live()).map((c) => [c.online, c.connectors.map((k) => k.status)]), { timeout: 8000 })
      .toEqual(chargers.map(() => [true, ['available', 'available']]));
    expect(simulator.stats()).toMatchObject({ chargers: 3, connected: 3 });
    expect(simulator.stats().messagesSent).toBeGreaterThanOrEqual(9);
    await simulator.stop();
    await expect.poll(async () => (await live()).every((c) => !c.online)).toBe(true);
  });
});
