import type { Doc, DocumentStore, EventStore } from '@evc/platform';
import { createMemoryDocumentStore } from '@evc/platform/documents/index';
import { allProjections } from '../all-projections';
import { dispatchTable, type Projection, type ProjectionContext } from '../runner/projection';
import { READ_MODELS } from '../shared/read-models';

/**
 * Read models, or fields of them, that are not built from the log, so a rebuild cannot reproduce them: the verifier
 * leaves them out of the comparison and says so.
 */
export const NOT_FROM_THE_LOG = {
  collections: {
    [READ_MODELS.pageViews]: 'page views come from the bus (site.page-views): analytics, not events',
    [READ_MODELS.ocppMessages]: 'the charger message log comes from the bus (ocpp.frames), newest 1,000 per charger',
  } as Record<string, string>,
  fields: {
    [READ_MODELS.chargers]: {
      lastHeartbeatAt: 'heartbeats are not events (charger-presence consumer)',
      lastSeenAt: 'the charger-presence consumer, from the bus',
    },
  } as Record<string, Record<string, string>>,
};

export interface Difference {
  collection: string;
  id: string;
  /** missing: in the rebuild, not live; extra: live, not in the rebuild; changed: both, with other values. */
  kind: 'missing' | 'extra' | 'changed';
  /** Top-level fields that differ (changed only), with both values. */
  fields: { field: string; live: unknown; rebuilt: unknown }[];
}

export interface VerifyReport {
  /** The log position both sides were compared at. */
  position: number;
  collections: { name: string; live: number; rebuilt: number; differences: number }[];
  differences: Difference[];
  /** What was left out of the comparison, and why. */
  skipped: { what: string; why: string }[];
}

export interface VerifyOptions {
  eventStore: EventStore;
  /** The read models as they are being served. */
  live: DocumentStore;
  /** Where the log is replayed (default: a fresh in-memory store). */
  scratch?: DocumentStore;
  projections?: Projection[];
  /** Replay the log up to here (default: the log's head). The live side must have applied exactly this much. */
  position?: number;
  /** Differences listed at most (all are counted). */
  maxListed?: number;
}

const PAGE = 1000;

/** Replays the log (after, until] into `documents` through the projections' handlers, as the runner would. */
export async function replayInto(
  eventStore: EventStore,
  documents: DocumentStore,
  projections: readonly Projection[],
  after: number,
  until: number,
): Promise<number> {
  const handlers = dispatchTable(projections);
  const context: ProjectionContext = { documents, changed: () => undefined };
  let cursor = after;
  while (cursor < until) {
    const events = await eventStore.readAll({ after: cursor, maxCount: PAGE });
    if (events.length === 0) break;
    for (const event of events) {
      if (event.position > until) return cursor;
      for (const h of handlers.get(event.type) ?? []) await h.handle(event, context);
      cursor = event.position;
    }
  }
  return cursor;
}

/**
 * Rebuilds every read model from the log into a scratch store and compares it with the live one document by document:
 * a read model is only a view of the log, so both must be equal. Collections and fields that do not come from the log
 * (NOT_FROM_THE_LOG) are left out and reported as skipped.
 */
export async function verifyReadModels(options: VerifyOptions): Promise<VerifyReport> {
  const projections = options.projections ?? allProjections();
  const scratch = options.scratch ?? createMemoryDocumentStore();
  const position = options.position ?? (await options.eventStore.headPosition());
  for (const p of projections) for (const name of p.collections) await scratch.dropCollection(name);
  for (const p of projections) await p.setup(scratch);
  await replayInto(options.eventStore, scratch, projections, 0, position);

  const names = [...new Set(projections.flatMap((p) => p.collections))].filter((n) => !(n in NOT_FROM_THE_LOG.collections));
  const report: VerifyReport = {
    position,
    collections: [],
    differences: [],
    skipped: [
      ...Object.entries(NOT_FROM_THE_LOG.collections).map(([what, why]) => ({ what, why })),
      ...Object.entries(NOT_FROM_THE_LOG.fields).flatMap(([c, fields]) =>
        Object.entries(fields).map(([f, why]) => ({ what: `${c}.${f}`, why })),
      ),
    ],
  };
  const maxListed = options.maxListed ?? 100;
  for (const name of names) {
    const ignore = NOT_FROM_THE_LOG.fields[name] ?? {};
    const [live, rebuilt] = await Promise.all([byId(options.live, name, ignore), byId(scratch, name, ignore)]);
    const diffs = compare(name, live, rebuilt);
    report.collections.push({ name, live: live.size, rebuilt: rebuilt.size, differences: diffs.length });
    for (const d of diffs) if (report.differences.length < maxListed) report.differences.push(d);
  }
  return report;
}

/** A collection's documents by id, in a canonical form (sorted keys), without the fields that do not come from the log. */
async function byId(store: DocumentStore, name: string, ignore: Record<string, string>): Promise<Map<string, Doc>> {
  const docs = await store.collection(name).find({}).toArray();
  const out = new Map<string, Doc>();
  for (const doc of docs) {
    const copy: Doc = {};
    for (const key of Object.keys(doc).sort()) if (!(key in ignore)) copy[key] = canonical(doc[key]);
    out.set(String(doc._id), copy);
  }
  return out;
}

function canonical(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(canonical);
  if (value instanceof Date) return value.toISOString();
  if (value && typeof value === 'object') {
    const o = value as Record<string, unknown>;
    return Object.fromEntries(
      Object.keys(o)
        .sort()
        .filter((k) => o[k] !== undefined)
        .map((k) => [k, canonical(o[k])]),
    );
  }
  return value;
}

function compare(collection: string, live: Map<string, Doc>, rebuilt: Map<string, Doc>): Difference[] {
  const out: Difference[] = [];
  for (const [id, doc] of rebuilt) {
    const other = live.get(id);
    if (!other) {
      out.push({ collection, id, kind: 'missing', fields: [] });
      continue;
    }
    const fields = [...new Set([...Object.keys(doc), ...Object.keys(other)])]
      .filter((f) => JSON.stringify(doc[f]) !== JSON.stringify(other[f]))
      .map((field) => ({ field, live: other[field], rebuilt: doc[field] }));
    if (fields.length > 0) out.push({ collection, id, kind: 'changed', fields });
  }
  for (const id of live.keys()) if (!rebuilt.has(id)) out.push({ collection, id, kind: 'extra', fields: [] });
  return out;
}

/** The report as lines for a terminal. */
export function formatReport(report: VerifyReport): string {
  const lines = [`Compared ${report.collections.length} read models with a rebuild from the log at position ${report.position}:`];
  for (const c of report.collections)
    lines.push(
      `  ${c.name.padEnd(22)} live ${String(c.live).padStart(7)}  rebuilt ${String(c.rebuilt).padStart(7)}  ${c.differences === 0 ? 'same' : `${c.differences} DIFFERENT`}`,
    );
  lines.push('Not compared (not built from the log):');
  for (const s of report.skipped) lines.push(`  ${s.what}: ${s.why}`);
  const total = report.collections.reduce((n, c) => n + c.differences, 0);
  if (total === 0) lines.push('No differences: the read models are a view of the log.');
  else {
    lines.push(`${total} differences${report.differences.length < total ? ` (first ${report.differences.length} shown)` : ''}:`);
    for (const d of report.differences) {
      lines.push(`  ${d.collection} ${d.id}: ${d.kind}`);
      for (const f of d.fields) lines.push(`    ${f.field}: live ${JSON.stringify(f.live)} · rebuilt ${JSON.stringify(f.rebuilt)}`);
    }
  }
  return lines.join('\n');
}
