/**
 * V8 heap snapshots read as bytes: a snapshot of a heap of some hundreds of MiB passes V8's longest string, so
 * `JSON.parse` of the file cannot read it. Used by `heap-diff.ts` and `heap-summary.ts`.
 */
import { readFileSync } from 'node:fs';

export interface Meta {
  node_fields: string[];
  node_types: [string[], ...unknown[]];
  edge_fields: string[];
  edge_types: [string[], ...unknown[]];
}
export interface Snapshot {
  meta: Meta;
  nodes: Uint32Array;
  edges: Uint32Array;
  strings: string[];
}

/** The unsigned integers of the JSON array that opens after `key` (`"nodes":[`), as many as `count`. */
function intsAfter(buf: Buffer, key: string, count: number): Uint32Array {
  let i = buf.indexOf(key) + key.length;
  if (i < key.length) throw new Error(`no ${key} in the snapshot`);
  const out = new Uint32Array(count);
  for (let n = 0; n < count; n++) {
    let c = buf[i]!;
    while (c < 48 || c > 57) c = buf[++i]!;
    let v = 0;
    while (c >= 48 && c <= 57) {
      v = v * 10 + (c - 48);
      c = buf[++i]!;
    }
    out[n] = v;
  }
  return out;
}

/** The JSON strings of the array that opens after `"strings":[`. */
function stringsOf(buf: Buffer): string[] {
  let i = buf.lastIndexOf('"strings":[') + '"strings":['.length;
  const out: string[] = [];
  for (;;) {
    while (buf[i] !== 0x22 && buf[i] !== 0x5d) i++;
    if (buf[i] === 0x5d) return out;
    let j = i + 1;
    while (buf[j] !== 0x22) j += buf[j] === 0x5c ? 2 : 1;
    out.push(JSON.parse(buf.toString('utf8', i, j + 1)) as string);
    i = j + 1;
  }
}

export function readSnapshot(file: string): Snapshot {
  const buf = readFileSync(file);
  const head = buf.toString('utf8', 0, buf.indexOf('"nodes":'));
  const header = JSON.parse(head.slice(0, head.lastIndexOf(',')) + '}') as {
    snapshot: { meta: Meta; node_count: number; edge_count: number };
  };
  const { meta, node_count, edge_count } = header.snapshot;
  return {
    meta,
    nodes: intsAfter(buf, '"nodes":[', node_count * meta.node_fields.length),
    edges: intsAfter(buf, '"edges":[', edge_count * meta.edge_fields.length),
    strings: stringsOf(buf),
  };
}
