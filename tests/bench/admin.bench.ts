// Admin lists at scale: 100,000 customers and 5,000 stations written as events, projected, then queried.
// `npm run bench:admin`. Seeding appends straight to a temporary embedded log with fsync off (no durability is
// needed for a throw-away bench log); queries run in-process through the query classes the HTTP controllers call.
import { randomUUID } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import type { AdminListQuery } from '@evc/contracts';
import { createMemoryDocumentStore } from '@evc/platform/documents/index';
import { openFileEventStore } from '@evc/platform/eventstore/embedded/index';
import { setLogLevel } from '@evc/platform/logging/logger';
import type { EventStore, NewEvent } from '@evc/platform';
import { ProjectionRunner, allProjections } from '@evc/projections';
import { catalogProjection } from '@evc/projections/catalog/catalog.projection';
import { pricingProjection } from '@evc/projections/network/pricing.projection';
import { stationsProjection } from '@evc/projections/network/stations.projection';
import { CustomersAdminQueries } from '@evc/query-service/identity/customers-admin.queries';
import { NetworkAdminQueries } from '@evc/query-service/network/network-admin.queries';
import { benchOptions } from './options';
import { fmt, percentile } from './stats';
import { createRingFrameLog } from '@evc/platform/frame-log/index';

const options = benchOptions('customers and stations written as events, projected, then listed as staff list them', {
  customers: { type: 'number', default: 100_000, description: 'customers seeded' },
  stations: { type: 'number', default: 5_000, description: 'stations seeded (two chargers each)' },
  queries: { type: 'number', default: 200, description: 'list queries timed per kind' },
});
const CUSTOMERS = options.customers;
const STATIONS = options.stations;
const CHARGERS_PER_STATION = 2;
const QUERIES = options.queries;
const BATCH = 2_000;

setLogLevel('warn');
const dir = await mkdtemp(path.join(os.tmpdir(), 'evc-bench-admin-'));
const store: EventStore = await openFileEventStore({ dir, fsync: false });

const meta = () => ({
  correlationId: randomUUID(),
  causationId: randomUUID(),
  actor: { type: 'system' as const, id: 'bench' },
  occurredAt: new Date().toISOString(),
  reason: 'benchmark',
  schemaVersion: 1,
});
const ev = (type: string, data: Record<string, unknown>): NewEvent => ({ eventId: randomUUID(), type, data, metadata: meta() });

/** Appends in concurrent batches (the embedded log group-commits them). */
async function appendAll(writes: [string, NewEvent[]][]): Promise<void> {
  for (let i = 0; i < writes.length; i += BATCH) {
    await Promise.all(writes.slice(i, i + BATCH).map(([streamId, events]) => store.append(streamId, events, 'any')));
  }
}

const FIRST = [
  'Ahmed',
  'Mona',
  'Omar',
  'Nour',
  'Karim',
  'Salma',
  'Youssef',
  'Laila',
  'Hassan',
  'Mariam',
  'Tarek',
  'Hana',
  'Mostafa',
  'Dina',
  'Amr',
  'Rana',
  'Khaled',
  'Yasmin',
  'Ali',
  'Farida',
];
const LAST = [
  'Hassan',
  'Fathy',
  'Salah',
  'Adel',
  'Mahmoud',
  'Ibrahim',
  'Saeed',
  'Nabil',
  'Gamal',
  'Fouad',
  'Mansour',
  'Zaki',
  'Kamal',
  'Shawky',
  'Ramadan',
  'Hegazy',
  'Lotfy',
  'Badawi',
  'Sabry',
  'Hamdy',
];
const GOVS = Array.from({ length: 27 }, (_, i) => `eg-g${i}`);

const seedStarted = performance.now();
await appendAll([
  [
    'country-eg',
    [
      ev('CountryRegistered', {
        countryId: 'eg',
        iso: 'EG',
        nameEn: 'Egypt',
        nameAr: 'مصر',
        phoneCode: '+20',
        currency: 'EGP',
        flagFileId: 'f'.repeat(64),
      }),
    ],
  ],
  ...GOVS.map((g, i): [string, NewEvent[]] => [
    `governorate-${g}`,
    [ev('GovernorateRegistered', { governorateId: g, countryId: 'eg', nameEn: `Governorate ${i}`, nameAr: `محافظة ${i}` })],
  ]),
  [
    'pricing-network',
    [
      ev('PricingSet', {
        acPricePerKwh: 189,
        dcPricePerKwh: 375,
        minimumCharge: 2000,
        bookingFeePerMinute: 50,
        effectiveFrom: new Date(0).toISOString(),
      }),
    ],
  ],
]);
const stationWrites: [string, NewEvent[]][] = [];
const chargerWrites: [string, NewEvent[]][] = [];
for (let s = 0; s < STATIONS; s++) {
  const stationId = `st-${s}`;
  const governorateId = GOVS[s % GOVS.length]!;
  const chargerIds = Array.from({ length: CHARGERS_PER_STATION }, (_, c) => `CP-${s}-${c}`);
  stationWrites.push([
    `station-${stationId}`,
    [
      ev('StationRegistered', {
        stationId,
        governorateId,
        nameEn: `Station ${s} ${LAST[s % LAST.length]}`,
        nameAr: `محطة ${s}`,
        location: { lat: 22 + (s % 900) / 100, lng: 25 + (s % 1100) / 100 },
        addressEn: `Street ${s}`,
        addressAr: `شارع ${s}`,
      }),
      ...chargerIds.map((chargerId) => ev('ChargerAttached', { stationId, chargerId })),
    ],
  ]);
  stationWrites.push([
    `governorate-${governorateId}-links-${s}`,
    [ev('GovernorateUsageLinked', { governorateId, usedBy: { id: stationId, kind: 'station', name: `Station ${s}` } })],
  ]);
  for (const chargerId of chargerIds) {
    chargerWrites.push([
      `charger-serial-sn-${chargerId.toLowerCase()}`,
      [ev('ChargerSerialReserved', { serialNumber: `SN-${chargerId}`, chargerId })],
    ]);
    chargerWrites.push([
      `charger-${chargerId}`,
      [
        ev('ChargerRegistered', {
          chargerId,
          stationId,
          serialNumber: `SN-${chargerId}`,
          model: 'Terra 54',
          vendor: 'ABB',
          ocppVersion: '1.6',
          secretHash: 'a'.repeat(64),
          connectors: [
            { connectorId: 1, code: `${chargerId}-1`, type: 'CCS2', current: 'DC', maxPowerKw: 50 },
            { connectorId: 2, code: `${chargerId}-2`, type: 'CHAdeMO', current: 'DC', maxPowerKw: 50 },
          ],
        }),
      ],
    ]);
  }
}
await appendAll(stationWrites);
await appendAll(chargerWrites);
const customerWrites: [string, NewEvent[]][] = [];
for (let c = 0; c < CUSTOMERS; c++) {
  const accountId = randomUUID();
  const firstName = FIRST[c % FIRST.length]!;
  const lastName = LAST[Math.floor(c / FIRST.length) % LAST.length]!;
  customerWrites.push([
    `account-${accountId}`,
    [
      ev('CustomerSignedUp', {
        accountId,
        firstName,
        lastName,
        email: `${firstName}.${lastName}.${c}@example.com`.toLowerCase(),
        phone: `010${String(c).padStart(8, '0')}`,
        gender: c % 2 ? 'female' : 'male',
        locale: 'en',
        passwordHash: 'x',
      }),
    ],
  ]);
}
await appendAll(customerWrites);
const head = await store.headPosition();
const seedSeconds = (performance.now() - seedStarted) / 1000;

/** Rebuilds the given projections from the whole log; events applied per second. */
async function rebuild(label: string, projections: ReturnType<typeof allProjections>) {
  const documents = createMemoryDocumentStore();
  const runner = new ProjectionRunner({ eventStore: store, documents, projections });
  const started = performance.now();
  await runner.rebuild();
  const seconds = (performance.now() - started) / 1000;
  await runner.stop();
  return { label, documents, applied: runner.appliedCount, seconds, rate: runner.appliedCount / seconds };
}

const network = await rebuild('network read models (catalog, stations + chargers, pricing)', [
  catalogProjection,
  stationsProjection,
  pricingProjection,
]);
const all = await rebuild('all read models (+ identity: 100k customers)', allProjections());

async function timed(run: (i: number) => Promise<unknown>): Promise<number[]> {
  for (let i = 0; i < 20; i++) await run(i); // warm-up
  const times: number[] = [];
  for (let i = 0; i < QUERIES; i++) {
    const started = performance.now();
    await run(i);
    times.push(performance.now() - started);
  }
  return times;
}
const base: AdminListQuery = { page: 1, pageSize: 20, dir: 'asc', format: 'json' };
const customers = new CustomersAdminQueries(all.documents);
const stations = new NetworkAdminQueries(all.documents, createRingFrameLog({ perCharger: 1000, total: null, minPerCharger: 10 }));
const customerSearch = await timed((i) =>
  customers.list({ ...base, q: FIRST[i % FIRST.length]!.toLowerCase(), sort: 'lastName', page: 1 + (i % 5) }),
);
const customerPlain = await timed((i) => customers.list({ ...base, sort: 'email', dir: 'desc', page: 1 + (i % 50) }));
const stationSearch = await timed((i) =>
  stations.stations({ ...base, q: LAST[i % LAST.length]!.toLowerCase(), sort: 'nameEn', page: 1 + (i % 5) }),
);
const stationPlain = await timed((i) => stations.stations({ ...base, sort: 'numberOfChargers', dir: 'desc', page: 1 + (i % 50) }));
const csvStarted = performance.now();
const csv = await customers.list({ ...base, format: 'csv', q: 'ahmed' });
const csvMs = performance.now() - csvStarted;

const row = (name: string, t: number[]) => `| ${name} | ${fmt(percentile(t, 50))} | ${fmt(percentile(t, 99))} |`;
process.stdout.write(
  [
    `\n## Admin lists at scale (${CUSTOMERS.toLocaleString('en')} customers, ${STATIONS.toLocaleString('en')} stations, ${(STATIONS * CHARGERS_PER_STATION).toLocaleString('en')} chargers; ${head.toLocaleString('en')} events)\n`,
    `Seeding the log (direct appends, fsync off): ${fmt(seedSeconds)} s. Queries in-process through the query classes (embedded memory read models), ${QUERIES} runs each after 20 warm-up runs.\n`,
    '| query (page of 20) | p50 ms | p99 ms |',
    '|---|---|---|',
    row('customers: search by first name (~5,000 matches), sort lastName', customerSearch),
    row('customers: no search, sort email desc, pages 1-50', customerPlain),
    row('stations: search by name (~250 matches), sort nameEn, with chargers', stationSearch),
    row('stations: no search, sort numberOfChargers desc, with chargers', stationPlain),
    '',
    `CSV export of one search (${csv.kind === 'csv' ? csv.csv.split('\r\n').length - 2 : 0} rows): ${fmt(csvMs)} ms\n`,
    '| rebuild from the log (ProjectionRunner.rebuild) | events applied | seconds | events/s |',
    '|---|---|---|---|',
    ...[network, all].map(
      (r) => `| ${r.label} | ${r.applied.toLocaleString('en')} | ${fmt(r.seconds, 2)} | ${Math.round(r.rate).toLocaleString('en')} |`,
    ),
    '',
  ].join('\n'),
);
await store.close();
await rm(dir, { recursive: true, force: true });
