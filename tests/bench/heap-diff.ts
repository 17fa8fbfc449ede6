/**
 * What a span of a process's life left alive, and what holds it: two V8 heap snapshots of one process (say
 * `npm run bench:ocpp -- --scenario ceiling --heap-diff <prefix>`, before and after the readings). An object is new
 * when its id (stable within a process) is not in the first. Printed, largest first:
 * - the new objects by constructor (objects) or node type (strings, arrays, closures …): count and self size;
 * - what holds them: each edge from an object that was already there to a new one, grouped by the holder's kind, the
 *   edge and the new object's kind, with the new objects reached from it through new objects only (each counted once,
 *   by the first holder that reaches it).
 *
 *   node --max-old-space-size=16384 --import tsx tests/bench/heap-diff.ts <first> <second> [rows]
 */
import { readSnapshot } from './heap-snapshot';
import { fmt } from './stats';

const [firstFile, secondFile, rowsArg] = process.argv.slice(2);
if (!firstFile || !secondFile) {
  console.error('usage: heap-diff.ts <first.heapsnapshot> <second.heapsnapshot> [rows]');
  process.exit(2);
}
const ROWS = Number(rowsArg ?? 30);

const first = readSnapshot(firstFile);
const nf = first.meta.node_fields;
const W = nf.length;
const ID = nf.indexOf('id');
const seen = new Set<number>();
for (let i = ID; i < first.nodes.length; i += W) seen.add(first.nodes[i]!);
first.nodes = new Uint32Array(0);
first.edges = new Uint32Array(0);

const snap = readSnapshot(secondFile);
const TYPE = nf.indexOf('type');
const NAME = nf.indexOf('name');
const SIZE = nf.indexOf('self_size');
const EDGES = nf.indexOf('edge_count');
const ef = snap.meta.edge_fields;
const EW = ef.length;
const E_TYPE = ef.indexOf('type');
const E_NAME = ef.indexOf('name_or_index');
const E_TO = ef.indexOf('to_node');
const nodeTypes = snap.meta.node_types[0];
const edgeTypes = snap.meta.edge_types[0];
const count = snap.nodes.length / W;

const kindOf = (n: number): string => {
  const type = nodeTypes[snap.nodes[n * W + TYPE]!]!;
  const name = snap.strings[snap.nodes[n * W + NAME]!]!;
  if (type === 'object' || type === 'closure') return type === 'closure' ? `(closure ${name || 'anonymous'})` : name;
  if (type === 'hidden' || type === 'code' || type === 'array' || type === 'object shape') return `(${type} ${name.slice(0, 40)})`;
  return `(${type})`;
};

const fresh = new Uint8Array(count);
let freshCount = 0;
let freshBytes = 0;
let allBytes = 0;
const byKind = new Map<string, { count: number; bytes: number }>();
for (let n = 0; n < count; n++) {
  const size = snap.nodes[n * W + SIZE]!;
  allBytes += size;
  if (seen.has(snap.nodes[n * W + ID]!)) continue;
  fresh[n] = 1;
  freshCount++;
  freshBytes += size;
  const k = kindOf(n);
  const e = byKind.get(k) ?? { count: 0, bytes: 0 };
  e.count++;
  e.bytes += size;
  byKind.set(k, e);
}
const mib = (b: number) => `${fmt(b / 2 ** 20, 1)} MiB`;
console.log(`second snapshot: ${count} objects, ${mib(allBytes)}; new since the first: ${freshCount} objects, ${mib(freshBytes)}`);
console.log('\nnew objects by kind (count, self size):');
for (const [k, e] of [...byKind].sort((a, b) => b[1].bytes - a[1].bytes).slice(0, ROWS))
  console.log(`${String(e.count).padStart(10)} ${mib(e.bytes).padStart(12)}  ${k}`);

// Where each node's edges start.
const firstEdge = new Uint32Array(count + 1);
for (let n = 0; n < count; n++) firstEdge[n + 1] = firstEdge[n]! + snap.nodes[n * W + EDGES]! * EW;

// Each object's first strong retainer (the edge's index), to name a holder by what holds it.
const retainedBy = new Int32Array(count).fill(-1);
for (let n = 0; n < count; n++) {
  for (let e = firstEdge[n]!; e < firstEdge[n + 1]!; e += EW) {
    const et = edgeTypes[snap.edges[e + E_TYPE]!]!;
    if (et === 'weak' || et === 'shortcut') continue;
    const to = snap.edges[e + E_TO]! / W;
    if (retainedBy[to] === -1) retainedBy[to] = e;
  }
}
const edgeOwner = (e: number): number => {
  // The node whose edges hold index e (binary search over firstEdge).
  let lo = 0;
  let hi = count - 1;
  while (lo < hi) {
    const mid = (lo + hi + 1) >> 1;
    if (firstEdge[mid]! <= e) lo = mid;
    else hi = mid - 1;
  }
  return lo;
};
const edgeLabel = (e: number): string => {
  const et = edgeTypes[snap.edges[e + E_TYPE]!]!;
  return et === 'element' || et === 'hidden' ? `[${et}]` : String(snap.strings[snap.edges[e + E_NAME]!]);
};
const holderName = (n: number): string => {
  const e = retainedBy[n]!;
  return e === -1 ? kindOf(n) : `${kindOf(edgeOwner(e))}.${edgeLabel(e)} > ${kindOf(n)}`;
};

// Holders: old → new edges; the new objects reached from each through new objects only, each counted once.
const claimed = new Uint8Array(count);
const holders = new Map<string, { edges: number; count: number; bytes: number }>();
const stack: number[] = [];
for (let n = 0; n < count; n++) {
  if (fresh[n]) continue;
  for (let e = firstEdge[n]!; e < firstEdge[n + 1]!; e += EW) {
    const et = edgeTypes[snap.edges[e + E_TYPE]!]!;
    if (et === 'weak' || et === 'shortcut') continue;
    const to = snap.edges[e + E_TO]! / W;
    if (!fresh[to]) continue;
    const key = `${holderName(n)} .${edgeLabel(e)} → ${kindOf(to)}`;
    const h = holders.get(key) ?? { edges: 0, count: 0, bytes: 0 };
    h.edges++;
    if (!claimed[to]) {
      claimed[to] = 1;
      stack.push(to);
      while (stack.length > 0) {
        const x = stack.pop()!;
        h.count++;
        h.bytes += snap.nodes[x * W + SIZE]!;
        for (let f = firstEdge[x]!; f < firstEdge[x + 1]!; f += EW) {
          const ft = edgeTypes[snap.edges[f + E_TYPE]!]!;
          if (ft === 'weak' || ft === 'shortcut') continue;
          const y = snap.edges[f + E_TO]! / W;
          if (fresh[y] && !claimed[y]) {
            claimed[y] = 1;
            stack.push(y);
          }
        }
      }
    }
    holders.set(key, h);
  }
}
console.log('\nwhat holds the new objects (edges from an old object; new objects reached through new ones only, self size):');
for (const [k, h] of [...holders].sort((a, b) => b[1].bytes - a[1].bytes).slice(0, ROWS))
  console.log(`${String(h.edges).padStart(9)} edges ${String(h.count).padStart(9)} objects ${mib(h.bytes).padStart(11)}  ${k}`);
