import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { GovernorateView, NetworkStats, Paged, PricingView, StationView } from '@evc/contracts';
import { getJson, startTestApp, type TestApp } from '../support/app';

/**
 * The thin slice through every layer: seed command → event → log → projection → read model → query.
 * (The page at the end of the chain is covered by the browser journeys.)
 */
describe('seeded demo network through the public stations query', () => {
  let app: TestApp;
  let startedAt: number;
  beforeAll(async () => {
    startedAt = Date.now();
    app = await startTestApp({ seed: true });
  });
  afterAll(() => app?.close());

  it('serves at least 30 stations with chargers, connectors and bilingual names', async () => {
    const { status, body } = await getJson<Paged<StationView>>(app.baseUrl, '/api/queries/stations?pageSize=100');
    expect(status).toBe(200);
    expect(body.totalCount).toBeGreaterThanOrEqual(30);
    expect(body.dataList).toHaveLength(body.totalCount);
    for (const s of body.dataList) {
      expect(s.nameAr).toMatch(/[\u0600-\u06FF]/);
      expect(s.chargers.length).toBeGreaterThanOrEqual(2);
      expect(s.connectorTypes).toContain('Type2');
      expect(s).not.toHaveProperty('_id');
      expect(JSON.stringify(s)).not.toMatch(/secret/i);
    }
    expect(body.dataList.some((s) => s.connectorTypes.includes('CCS2') && s.maxPowerKw === 50)).toBe(true);
  });

  it('filters by governorate and pages', async () => {
    const alex = await getJson<Paged<StationView>>(app.baseUrl, '/api/queries/stations?governorateId=eg-alx&pageSize=2&page=1');
    expect(alex.body.totalCount).toBeGreaterThanOrEqual(3);
    expect(alex.body.dataList).toHaveLength(2);
    expect(alex.body.dataList.every((s) => s.governorateId === 'eg-alx' && s.governorateNameAr === 'الإسكندرية')).toBe(true);
    const page2 = await getJson<Paged<StationView>>(app.baseUrl, '/api/queries/stations?governorateId=eg-alx&pageSize=2&page=2');
    const ids = [...alex.body.dataList, ...page2.body.dataList].map((s) => s.stationId);
    expect(new Set(ids).size).toBe(ids.length);
  });

  it('filters by connector type and power, and searches both languages', async () => {
    const dc = await getJson<Paged<StationView>>(app.baseUrl, '/api/queries/stations?connectorType=CHAdeMO&minPowerKw=50&pageSize=100');
    expect(dc.body.totalCount).toBeGreaterThan(0);
    expect(dc.body.dataList.every((s) => s.connectorTypes.includes('CHAdeMO'))).toBe(true);
    const ar = await getJson<Paged<StationView>>(app.baseUrl, `/api/queries/stations?q=${encodeURIComponent('الزمالك')}`);
    expect(ar.body.dataList.map((s) => s.stationId)).toEqual(['cai-zamalek']);
  });

  it('finds the nearest stations first, with distances', async () => {
    const { body } = await getJson<Paged<StationView>>(
      app.baseUrl,
      '/api/queries/stations/nearby?lat=31.2001&lng=29.9187&radiusKm=30&pageSize=50',
    );
    expect(body.totalCount).toBeGreaterThan(0);
    const distances = body.dataList.map((s) => s.distanceM ?? Infinity);
    expect(distances).toEqual([...distances].sort((a, b) => a - b));
    expect(body.dataList.every((s) => s.governorateId === 'eg-alx')).toBe(true);
    expect(distances.at(-1)).toBeLessThanOrEqual(30_000);
  });

  it('lists the 27 governorates with station counts, and network figures', async () => {
    const govs = await getJson<Paged<GovernorateView>>(app.baseUrl, '/api/queries/governorates');
    expect(govs.body.totalCount).toBe(27);
    expect(govs.body.dataList.find((g) => g.governorateId === 'eg-c')).toMatchObject({
      nameAr: 'القاهرة',
      centre: { lat: 30.0444, lng: 31.2357 },
    });
    const stats = await getJson<NetworkStats>(app.baseUrl, '/api/queries/network-stats');
    const all = await getJson<Paged<StationView>>(app.baseUrl, '/api/queries/stations?pageSize=100');
    expect(stats.body.stations).toBe(all.body.totalCount);
    expect(stats.body.chargingPoints).toBe(all.body.dataList.reduce((n, s) => n + s.totalConnectors, 0));
    expect(stats.body.governoratesCovered).toBe(new Set(all.body.dataList.map((s) => s.governorateId)).size);
    expect(govs.body.dataList.reduce((n, g) => n + g.stationCount, 0)).toBe(all.body.totalCount);
  });

  it('serves the prices in force, in piastres', async () => {
    const { body } = await getJson<PricingView>(app.baseUrl, '/api/queries/pricing');
    expect(body).toMatchObject({ acPricePerKwh: 189, dcPricePerKwh: 375 });
    // in force since the seed ran, not since 1 January 1970
    const since = new Date(body.effectiveFrom).getTime();
    expect(since, body.effectiveFrom).toBeGreaterThanOrEqual(Math.floor(startedAt / 60_000) * 60_000);
    expect(since).toBeLessThanOrEqual(Date.now());
  });

  it('writes the demo chargers file with id, secret and OCPP version for every charger', async () => {
    const file = JSON.parse(await readFile(path.join(app.dataDir, 'demo-chargers.json'), 'utf8')) as {
      id: string;
      secret: string;
      ocppVersion: string;
    }[];
    const all = await getJson<Paged<StationView>>(app.baseUrl, '/api/queries/stations?pageSize=100');
    const chargerIds = all.body.dataList.flatMap((s) => s.chargers.map((c) => c.chargerId)).sort();
    expect(file.map((c) => c.id).sort()).toEqual(chargerIds);
    expect(file.every((c) => c.secret.length >= 20 && ['1.6', '2.0.1'].includes(c.ocppVersion))).toBe(true);
  });

  it('every seeded fact is an event with an actor, a time and a reason', async () => {
    const events = await app.embedded.infra.eventStore.readAll({ maxCount: 10_000 });
    expect(events.length).toBeGreaterThan(100);
    for (const e of events) {
      // A fresh install also marks the one-off data upgrades done (nothing to upgrade): a system fact with its own reason.
      if (e.streamId.startsWith('upgrade-')) {
        expect(e.metadata.actor.type).toBe('system');
        expect(e.metadata.reason).toMatch(/^upgrade: /);
        continue;
      }
      // The demo customer's car is registered as the customer would (their own licence uploads); all else by the system.
      // (with it, the car's place on their list and its links on the brand, type and battery range it uses)
      if (e.type === 'CarRegistered' || e.type === 'CarListed')
        expect(e.metadata.actor).toMatchObject({ type: 'customer', id: (e.data as { customerId: string }).customerId });
      else if (e.type === 'MasterDataUsageLinked' && (e.data as { usedBy: { kind: string } }).usedBy.kind === 'car')
        expect(e.metadata.actor.type).toBe('customer');
      else expect(e.metadata.actor).toEqual({ type: 'system', id: 'system' });
      expect(e.metadata.reason).toBe('demo seed');
      expect(Date.parse(e.metadata.occurredAt)).not.toBeNaN();
    }
  });
});

describe('restart on the same data dir', () => {
  it('rebuilds the read models from the log and does not seed twice', async () => {
    const first = await startTestApp({ seed: true });
    const head = await first.embedded.infra.eventStore.headPosition();
    const before = await getJson<Paged<StationView>>(first.baseUrl, '/api/queries/stations?pageSize=100');
    await first.close({ keepData: true });
    const second = await startTestApp({ seed: true, dataDir: first.dataDir });
    try {
      expect(second.embedded.seed.seeded).toBe(false);
      expect(await second.embedded.infra.eventStore.headPosition()).toBe(head);
      const after = await getJson<Paged<StationView>>(second.baseUrl, '/api/queries/stations?pageSize=100');
      expect(after.body).toEqual(before.body);
    } finally {
      await second.close();
    }
  });
});
