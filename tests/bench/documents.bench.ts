/**
 * Memory document store: 100,000 customer-like read-model documents, indexes on status and city.
 * Run: node --import tsx tests/bench/documents.bench.ts [--help]   (prints a table; not a test)
 */
import { createMemoryDocumentStore } from '@evc/platform/documents/index';
import { benchOptions } from './options';

const options = benchOptions('the memory document store: customer-like documents found by indexed and unindexed filters', {
  docs: { type: 'number', default: 100_000, description: 'documents inserted' },
  runs: { type: 'number', default: 200, description: 'runs of each query' },
});
const N = options.docs;
const RUNS = options.runs;
const cities = [
  'Cairo',
  'Giza',
  'Alexandria',
  'Aswan',
  'Luxor',
  'Mansoura',
  'Tanta',
  'Suez',
  'Ismailia',
  'Port Said',
  'Hurghada',
  'Faiyum',
  'Zagazig',
  'Minya',
  'Sohag',
  'Qena',
  'Damietta',
  'Beni Suef',
  'Asyut',
  'Kafr El Sheikh',
];
const statuses = ['active', 'active', 'active', 'banned', 'pending', 'deleted'];

let seed = 42;
const random = () => (seed = (seed * 1103515245 + 12345) & 0x7fffffff) / 0x7fffffff;
const pick = <T>(list: T[]) => list[Math.floor(random() * list.length)]!;

const store = createMemoryDocumentStore();
const customers = store.collection('customers');
const t0 = performance.now();
for (let i = 0; i < N; i++) {
  await customers.insertOne({
    _id: `cust-${i.toString().padStart(6, '0')}`,
    name: `Customer ${Math.floor(random() * 1e6)}`,
    email: `user${i}@example.eg`,
    phone: `+2010${Math.floor(random() * 1e8)}`,
    city: pick(cities),
    status: pick(statuses),
    balancePiastres: Math.floor(random() * 500_000),
    cars: [{ brand: pick(['BYD', 'MG', 'Tesla', 'Hyundai']), batteryKwh: pick([40, 60, 75]) }],
    createdAt: new Date(Date.UTC(2023, 0, 1) + Math.floor(random() * 7e10)).toISOString(),
  });
}
const loadMs = performance.now() - t0;
const t1 = performance.now();
await customers.createIndex({ status: 1 });
await customers.createIndex({ city: 1 });
const indexMs = performance.now() - t1;

async function measure(
  label: string,
  run: (i: number) => Promise<unknown>,
): Promise<{ label: string; p50: number; p99: number; max: number }> {
  for (let i = 0; i < 10; i++) await run(i); // warm-up
  const times: number[] = [];
  for (let i = 0; i < RUNS; i++) {
    const start = performance.now();
    await run(i);
    times.push(performance.now() - start);
  }
  times.sort((a, b) => a - b);
  const at = (q: number) => times[Math.min(times.length - 1, Math.floor(q * times.length))]!;
  return { label, p50: at(0.5), p99: at(0.99), max: times[times.length - 1]! };
}

const rows = [
  await measure('find status+city (indexed), sort createdAt -1, skip 40, limit 20', (i) =>
    customers.find({ status: 'active', city: cities[i % cities.length] }, { sort: { createdAt: -1 }, skip: 40, limit: 20 }).toArray(),
  ),
  await measure('countDocuments status+city (indexed)', (i) =>
    customers.countDocuments({ status: 'active', city: cities[i % cities.length] }),
  ),
  await measure('find status (indexed, ~50k hits), sort name, limit 20', () =>
    customers.find({ status: 'active' }, { sort: { name: 1 }, limit: 20 }).toArray(),
  ),
  await measure('countDocuments status (indexed, ~50k hits)', () => customers.countDocuments({ status: 'active' })),
  await measure('find {} sort createdAt -1, skip 100, limit 20 (100k sorted)', () =>
    customers.find({}, { sort: { createdAt: -1 }, skip: 100, limit: 20 }).toArray(),
  ),
  await measure('find $regex on name (scan), sort name, limit 20', (i) =>
    customers.find({ name: { $regex: `^Customer ${i % 10}` } }, { sort: { name: 1 }, limit: 20 }).toArray(),
  ),
  await measure('countDocuments balance > 250000 (scan)', () => customers.countDocuments({ balancePiastres: { $gt: 250_000 } })),
  await measure('findOne by _id', (i) => customers.findOne({ _id: `cust-${(i * 397) % N}`.replace(/\d+$/, (d) => d.padStart(6, '0')) })),
  await measure('updateOne by _id ($set status+city, index upkeep)', (i) =>
    customers.updateOne(
      { _id: `cust-${((i * 7919) % N).toString().padStart(6, '0')}` },
      { $set: { status: pick(statuses), city: pick(cities) }, $inc: { balancePiastres: 100 } },
    ),
  ),
];

console.log(
  `memory document store: ${N} docs loaded in ${loadMs.toFixed(0)} ms, 2 indexes built in ${indexMs.toFixed(0)} ms, ${RUNS} runs each (Node ${process.version})`,
);
console.log('| query | p50 ms | p99 ms | max ms |');
console.log('|---|---:|---:|---:|');
for (const r of rows) console.log(`| ${r.label} | ${r.p50.toFixed(2)} | ${r.p99.toFixed(2)} | ${r.max.toFixed(2)} |`);
