import { describe, expect, it } from 'vitest';
import { CONNECTOR_TYPES, distanceMeters, geoCellOf, nearbyStationsQuerySchema } from '@evc/contracts';
import type { Collection, Doc } from '@evc/platform';
import { createMemoryDocumentStore } from '@evc/platform/documents/index';
import type { StationDoc } from '@evc/projections';
import { StationLocator } from './station-locator';
import { StationsQueries } from './stations.queries';

/** The tests store partial station documents: only the fields the locator and the queries read. */
const typed = (c: Collection<Doc>) => c as unknown as Collection<StationDoc>;

let seed = 7;
const random = () => (seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31) / 2 ** 31;
const pick = <T>(a: readonly T[]) => a[Math.floor(random() * a.length)]!;

function station(i: number) {
  const types = CONNECTOR_TYPES.filter(() => random() < 0.5);
  const location = { lat: 22 + random() * 9.5, lng: 25 + random() * 11.5 };
  return {
    _id: `s${i}`,
    stationId: `s${i}`,
    location,
    geoCell: geoCellOf(location),
    governorateId: pick(['eg-c', 'eg-gz', 'eg-alx']),
    connectorTypes: types.length ? types : ['Type2'],
    maxPowerKw: pick([22, 50, 150]),
    availableConnectors: pick([0, 1, 2]),
  };
}

async function setup(count: number) {
  const documents = createMemoryDocumentStore();
  const stations = documents.collection('stations');
  for (let i = 0; i < count; i++) await stations.insertOne(station(i));
  const locator = new StationLocator(typed(stations));
  await locator.start();
  return { stations, locator };
}

/** The obvious answer: every station, exact distance, filter, sort. */
async function bruteForce(stations: Awaited<ReturnType<typeof setup>>['stations'], q: ReturnType<typeof nearbyStationsQuerySchema.parse>) {
  const all = await stations.find({}).toArray();
  return all
    .filter(
      (s) =>
        (!q.connectorType || (s.connectorTypes as string[]).includes(q.connectorType)) &&
        (q.minPowerKw === undefined || Number(s.maxPowerKw) >= q.minPowerKw),
    )
    .filter((s) => q.available === undefined || (q.available ? Number(s.availableConnectors) > 0 : Number(s.availableConnectors) === 0))
    .filter((s) => !q.governorateId || s.governorateId === q.governorateId)
    .map((s) => ({ id: String(s._id), distanceM: distanceMeters(q, s.location as { lat: number; lng: number }) }))
    .filter((r) => r.distanceM <= q.radiusKm * 1000)
    .sort((a, b) => a.distanceM - b.distanceM || a.id.localeCompare(b.id));
}

describe('station locator', () => {
  it('ranks exactly like a brute-force scan, with filters and paging, anywhere in Egypt', async () => {
    const { stations, locator } = await setup(600);
    for (let round = 0; round < 150; round++) {
      const q = nearbyStationsQuerySchema.parse({
        lat: String(22 + random() * 9.5),
        lng: String(25 + random() * 11.5),
        radiusKm: String(pick([5, 50, 200, 1500])),
        page: String(pick([1, 2, 3])),
        pageSize: String(pick([1, 5, 20])),
        ...(random() < 0.3 ? { connectorType: pick(CONNECTOR_TYPES) } : {}),
        ...(random() < 0.3 ? { minPowerKw: String(pick([22, 50, 100])) } : {}),
        ...(random() < 0.3 ? { available: pick(['true', 'false']) } : {}),
        ...(random() < 0.2 ? { governorateId: pick(['eg-c', 'eg-alx']) } : {}),
      });
      const expected = await bruteForce(stations, q);
      const { page, total } = locator.nearest(q, q.radiusKm * 1000, q, (q.page - 1) * q.pageSize, q.pageSize);
      expect(total).toBe(expected.length);
      expect(page.map((p) => p.id)).toEqual(expected.slice((q.page - 1) * q.pageSize, q.page * q.pageSize).map((e) => e.id));
    }
  });

  it('finds a station just inside the radius due north, east, south and west', async () => {
    const { stations, locator } = await setup(0);
    const centre = { lat: 30, lng: 31 };
    const radiusM = 100_000;
    // 1° of latitude is 111,195 m on the haversine's sphere; 1° of longitude that times cos(latitude).
    const dLat = (radiusM - 5) / 111_195;
    const dLng = (radiusM - 5) / (111_195 * Math.cos((30 * Math.PI) / 180));
    const edges = [
      { lat: 30 + dLat, lng: 31 },
      { lat: 30 - dLat, lng: 31 },
      { lat: 30, lng: 31 + dLng },
      { lat: 30, lng: 31 - dLng },
    ];
    for (const [i, location] of edges.entries()) await stations.insertOne({ _id: `edge${i}`, location, connectorTypes: ['Type2'] });
    await locator.reload(edges.map((_, i) => `edge${i}`));
    for (const location of edges) expect(distanceMeters(centre, location)).toBeLessThan(radiusM);
    expect(locator.nearest(centre, radiusM, {}, 0, 10).total).toBe(4);
  });

  it('follows changes: a moved station re-ranks, a deleted one disappears', async () => {
    const { stations, locator } = await setup(50);
    const centre = { lat: 30.0444, lng: 31.2357 };
    await stations.updateOne({ _id: 's3' }, { $set: { location: { lat: 30.0445, lng: 31.2358 } } });
    await locator.reload(['s3']);
    expect(locator.nearest(centre, 1000, {}, 0, 1).page[0]?.id).toBe('s3');
    await stations.deleteOne({ _id: 's3' });
    await locator.reload(['s3']);
    expect(locator.nearest(centre, 1000, {}, 0, 1).page).toEqual([]);
    expect(locator.size).toBe(49);
  });

  it('gives the same pages through the query as the read-model path', async () => {
    const { stations, locator } = await setup(300);
    const withIndex = new StationsQueries(typed(stations), locator);
    const without = new StationsQueries(typed(stations));
    for (const lat of ['24.1', '27.5', '30.05']) {
      const q = nearbyStationsQuerySchema.parse({ lat, lng: '31.2', radiusKm: '300', pageSize: '10', page: '2' });
      expect(await withIndex.nearby(q)).toEqual(await without.nearby(q));
    }
  });
});
