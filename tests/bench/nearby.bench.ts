// Nearest-station query latency with 1,000 and 100,000 stations, on the embedded read model.
import { performance } from 'node:perf_hooks';
import { geoCellOf, nearbyStationsQuerySchema } from '@evc/contracts';
import { createMemoryDocumentStore } from '@evc/platform/documents/index';
import { StationLocator, StationsQueries } from '@evc/query-service';
import { STATIONS, stationsProjection, stationTotals } from '@evc/projections';
import { benchOptions } from './options';
import { fmt, percentile } from './stats';

benchOptions('nearest-station queries with 1,000 and 100,000 stations on the embedded read model', {});

/** Where stations cluster in Egypt: [lat, lng, spread in degrees, share]. */
const CLUSTERS: [number, number, number, number][] = [
  [30.05, 31.3, 0.35, 0.4], // Greater Cairo
  [30.0, 31.0, 0.25, 0.12], // Giza, October, Zayed
  [31.2, 29.95, 0.2, 0.15], // Alexandria
  [30.6, 31.2, 0.8, 0.13], // Delta
  [27.0, 31.5, 2.5, 0.1], // Upper Egypt
  [28.5, 33.5, 1.5, 0.1], // Red Sea and Sinai
];

let seed = 42;
const random = () => (seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31) / 2 ** 31;
const gauss = () => Math.sqrt(-2 * Math.log(random() + 1e-12)) * Math.cos(2 * Math.PI * random());
function point(): { lat: number; lng: number } {
  let r = random();
  const c = CLUSTERS.find(([, , , share]) => (r -= share) < 0) ?? CLUSTERS[0]!;
  return { lat: Math.min(31.6, Math.max(22, c[0] + gauss() * c[2])), lng: Math.min(36.8, Math.max(25, c[1] + gauss() * c[2])) };
}

async function run(count: number, queries: number) {
  const documents = createMemoryDocumentStore();
  await stationsProjection.setup(documents);
  const stations = STATIONS.in(documents);
  const chargers = [0, 1].map((i) => ({
    chargerId: `c${i}`,
    serialNumber: `s${i}`,
    model: 'AC Max 22',
    vendor: 'Delta',
    ocppVersion: '1.6' as const,
    online: true,
    connectors: [1, 2].map((k) => ({
      connectorId: k,
      code: `${i}-${k}`,
      type: 'Type2' as const,
      current: 'AC' as const,
      maxPowerKw: 22,
      status: 'available' as const,
    })),
  }));
  const docs = Array.from({ length: count }, (_, i) => {
    const location = point();
    return {
      _id: `st-${i}`,
      stationId: `st-${i}`,
      nameEn: `Station ${i}`,
      nameAr: `محطة ${i}`,
      governorateId: 'eg-c',
      governorateNameEn: 'Cairo',
      governorateNameAr: 'القاهرة',
      location,
      addressEn: 'Street',
      addressAr: 'شارع',
      chargers,
      ...stationTotals(chargers),
      geoCell: geoCellOf(location),
      searchText: `station ${i}`,
      updatedAt: '',
      position: i,
    };
  });
  await stations.bulkWrite(docs.map((document) => ({ insertOne: { document } })));
  const locator = new StationLocator(stations);
  const loadStarted = performance.now();
  await locator.start();
  const loadMs = performance.now() - loadStarted;
  const q = new StationsQueries(stations, locator);
  const samples: number[] = [];
  for (let i = 0; i < queries + 50; i++) {
    const p = point();
    const query = nearbyStationsQuerySchema.parse({ lat: String(p.lat), lng: String(p.lng) });
    const started = performance.now();
    const result = await q.nearby(query);
    if (i >= 50) samples.push(performance.now() - started); // the first 50 warm up the JIT
    if (result.dataList.length === 0 && result.totalCount > 0) throw new Error('empty page');
  }
  return { count, loadMs, p50: percentile(samples, 50), p99: percentile(samples, 99) };
}

const rows = [];
for (const [count, queries] of [
  [1_000, 2000],
  [100_000, 500],
] as const)
  rows.push(await run(count, queries));
process.stdout.write(
  `\n## Nearest-station query (StationsQueries.nearby in-process: index ranking + page fetch; 100 km radius, page of 20)\n\n| stations | p50 | p99 | index load at start |\n|---|---|---|---|\n` +
    rows.map((r) => `| ${r.count.toLocaleString('en')} | ${fmt(r.p50, 2)} ms | ${fmt(r.p99, 2)} ms | ${fmt(r.loadMs, 0)} ms |`).join('\n') +
    '\n',
);
