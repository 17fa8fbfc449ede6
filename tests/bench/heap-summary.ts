/**
 * Where a process's memory per charger goes: two V8 heap snapshots (before and after N chargers connect, written by
 * `npm run bench:ocpp -- --heap-snapshots <prefix>`) summarised by constructor (objects) or node type (strings,
 * closures, arrays, code …): the difference of self sizes and counts, divided by N, largest first.
 *
 *   node --max-old-space-size=8192 --import tsx tests/bench/heap-summary.ts <before> <after> <chargers> [rows]
 */
import { readSnapshot } from './heap-snapshot';
import { fmt } from './stats';

/** Self size and count by constructor ("Object", "WebSocket", …) or, for non-objects, by "(type)". */
function summarise(file: string): Map<string, { bytes: number; count: number }> {
  const snap = readSnapshot(file);
  const fields = snap.meta.node_fields;
  const width = fields.length;
  const typeAt = fields.indexOf('type');
  const nameAt = fields.indexOf('name');
  const sizeAt = fields.indexOf('self_size');
  const types = snap.meta.node_types[0];
  const out = new Map<string, { bytes: number; count: number }>();
  for (let i = 0; i < snap.nodes.length; i += width) {
    const type = types[snap.nodes[i + typeAt]!]!;
    const key = type === 'object' ? snap.strings[snap.nodes[i + nameAt]!]! : `(${type})`;
    const entry = out.get(key) ?? { bytes: 0, count: 0 };
    entry.bytes += snap.nodes[i + sizeAt]!;
    entry.count++;
    out.set(key, entry);
  }
  return out;
}

const [beforeFile, afterFile, chargersArg, rowsArg] = process.argv.slice(2);
if (!beforeFile || !afterFile || !chargersArg) {
  console.error('usage: heap-summary.ts <before.heapsnapshot> <after.heapsnapshot> <chargers> [rows]');
  process.exit(2);
}
const chargers = Number(chargersArg);
const before = summarise(beforeFile);
const after = summarise(afterFile);
const rows = [...after].map(([key, a]) => {
  const b = before.get(key) ?? { bytes: 0, count: 0 };
  return { key, bytes: (a.bytes - b.bytes) / chargers, count: (a.count - b.count) / chargers };
});
rows.sort((x, y) => y.bytes - x.bytes);
const total = rows.reduce((sum, r) => sum + r.bytes, 0);
console.log(`\n| per charger (${chargers} connected) | bytes | objects | share |\n|---|---|---|---|`);
for (const r of rows.slice(0, Number(rowsArg ?? 25)))
  console.log(
    `| ${r.key.replaceAll('|', '\\|').slice(0, 60)} | ${fmt(r.bytes, 0)} | ${fmt(r.count, 2)} | ${fmt((100 * r.bytes) / total, 1)} % |`,
  );
console.log(
  `| **total (self sizes)** | **${fmt(total, 0)}** | ${fmt(
    rows.reduce((s, r) => s + r.count, 0),
    1,
  )} | |`,
);
