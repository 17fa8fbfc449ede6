/** Read path of the memory store: match (index or scan), sort, page, project, aggregate. */
import { Aggregator, ProcessingMode, Query } from 'mingo';
import type { Doc, Filter, FindOptions, SortSpec } from '../ports/documents';
import { UNSURE, compileFastFilter } from './fast-filter';
import type { IndexSet } from './indexes';
import { cloneValue, compareSortKeys, sortKey, valueKey, type Key } from './values';

export interface CollectionData {
  readonly name: string;
  /** Documents by id key (valueKey of _id), in insertion order: MongoDB's natural order for a fresh collection. */
  readonly docs: Map<Key, Doc>;
  /** Insertion sequence per id key: orders index candidates like `docs` without scanning it. */
  readonly seq: Map<Key, number>;
  readonly indexes: IndexSet;
}

/**
 * Compiles a filter once; an empty filter matches everything without calling mingo. Common shapes are decided by
 * the fast matcher, which hands any document it is unsure about to mingo, so answers stay mingo's.
 */
export function compileFilter(filter: Filter | undefined): ((doc: Doc) => boolean) | null {
  if (!filter || Object.keys(filter).length === 0) return null;
  const fast = compileFastFilter(filter);
  if (!fast) {
    const query = new Query(filter, {});
    return (doc) => query.test(doc);
  }
  // The fast matcher compiled, so the filter is one mingo accepts: its Query is built only if a document needs it
  // (building one was most of the cost of a filter that the fast matcher decides alone).
  let query: Query | null = null;
  return (doc) => {
    const verdict = fast(doc);
    return verdict === UNSURE ? (query ??= new Query(filter, {})).test(doc) : verdict;
  };
}

export interface Matches {
  ids: Key[];
  docs: Doc[];
}

/**
 * Documents matching `filter` (the stored objects: callers copy before returning them) and their id keys.
 * In natural order unless `ordered` is false (a caller that sorts anyway saves ordering the candidates).
 */
export function match(data: CollectionData, filter: Filter | undefined, options: { limit?: number; ordered?: boolean } = {}): Matches {
  // The commonest filter of all (projections' read-then-write): one document by a string or number _id.
  // With more conditions beside that _id, only that document is tested (a positional update's `{ _id, 'list.k': v }`).
  if (filter && typeof filter._id !== 'object' && filter._id !== undefined) {
    const id = valueKey(filter._id);
    const doc = data.docs.get(id);
    const test = Object.keys(filter).length === 1 ? null : compileFilter(filter);
    return doc && (options.limit ?? 1) > 0 && (!test || test(doc)) ? { ids: [id], docs: [doc] } : { ids: [], docs: [] };
  }
  const limit = options.limit ?? Infinity;
  const ordered = options.ordered ?? true;
  const out: Matches = { ids: [], docs: [] };
  const plan = filter ? data.indexes.candidates(filter, data.docs) : null;
  const test = plan?.exact ? null : compileFilter(filter);
  const take = (id: Key, doc: Doc): boolean => {
    if (test && !test(doc)) return false;
    out.ids.push(id);
    out.docs.push(doc);
    return out.ids.length >= limit;
  };
  if (plan && (!ordered || plan.ids.size < data.docs.size / 4)) {
    const ids = ordered ? inNaturalOrder(data, plan.ids) : plan.ids;
    for (const id of ids) {
      const doc = data.docs.get(id);
      if (doc && take(id, doc)) break;
    }
  } else if (plan) {
    for (const [id, doc] of data.docs) if (plan.ids.has(id) && take(id, doc)) break;
  } else {
    for (const [id, doc] of data.docs) if (take(id, doc)) break;
  }
  return out;
}

export function count(data: CollectionData, filter: Filter | undefined): number {
  if (!filter || Object.keys(filter).length === 0) return data.docs.size;
  const plan = data.indexes.candidates(filter, data.docs);
  if (plan?.exact) return plan.ids.size;
  return match(data, filter, { ordered: false }).ids.length;
}

/** Natural order of a candidate set, from the insertion sequence numbers kept beside the documents. */
function inNaturalOrder(data: CollectionData, candidates: Iterable<Key>): Key[] {
  const seq = data.seq;
  return [...candidates].filter((id) => seq.has(id)).sort((a, b) => seq.get(a)! - seq.get(b)!);
}

/**
 * Sorts the matches once with precomputed keys (ties in natural order, so pages are stable); with a small page
 * of a large set keeps only the first `keep` in a bounded buffer: O(n log k) for the usual admin list query.
 */
export function sortMatches(data: CollectionData, matches: Matches, sort: SortSpec, keep: number): Doc[] {
  const fields = Object.entries(sort).map(([path, dir]) => ({ segments: path.split('.'), dir }));
  const f = fields.length;
  const n = matches.docs.length;
  // Built by push: `new Array(n)` of a large n gives V8 a slow dictionary-backed array.
  const keys: unknown[] = [];
  for (let i = 0; i < n; i++) {
    const doc = matches.docs[i];
    for (let j = 0; j < f; j++) keys.push(sortKey(doc, fields[j]!.segments, fields[j]!.dir));
  }
  const seq = data.seq;
  const ids = matches.ids;
  const compare = (x: number, y: number): number => {
    for (let j = 0; j < f; j++) {
      const c = compareSortKeys(keys[x * f + j], keys[y * f + j]);
      if (c !== 0) return c * fields[j]!.dir;
    }
    // Ties (rare with real sort keys) fall back to natural order, looked up only when needed.
    return (seq.get(ids[x]!) ?? 0) - (seq.get(ids[y]!) ?? 0);
  };
  let order: number[];
  if (keep * 8 < n) {
    order = [];
    for (let i = 0; i < n; i++) {
      if (order.length === keep && compare(i, order[keep - 1]!) >= 0) continue;
      let lo = 0;
      let hi = order.length;
      while (lo < hi) {
        const mid = (lo + hi) >>> 1;
        if (compare(order[mid]!, i) <= 0) lo = mid + 1;
        else hi = mid;
      }
      order.splice(lo, 0, i);
      if (order.length > keep) order.pop();
    }
  } else {
    order = [];
    for (let i = 0; i < n; i++) order.push(i);
    order.sort(compare);
  }
  return order.map((i) => matches.docs[i]!);
}

export function find(data: CollectionData, filter: Filter | undefined, options: FindOptions = {}): Doc[] {
  const skip = Math.max(0, options.skip ?? 0);
  // limit 0 means "no limit" in MongoDB; a negative limit means a single batch of |limit|.
  const limit = options.limit ? Math.abs(options.limit) : Infinity;
  const hasSort = !!options.sort && Object.keys(options.sort).length > 0;
  const matched = hasSort ? match(data, filter, { ordered: false }) : match(data, filter, { limit: skip + limit });
  const sorted = hasSort ? sortMatches(data, matched, options.sort!, skip + limit) : matched.docs;
  const window = sorted.slice(skip, limit === Infinity ? undefined : skip + limit);
  if (!options.projection || Object.keys(options.projection).length === 0) return window.map(cloneValue);
  const pick = topLevelInclusion(options.projection) ?? topLevelExclusion(options.projection);
  // Copies only the fields asked for (a projection's usual reason: a large document, a few fields).
  if (pick) return window.map(pick);
  return new Query({}, {}).find<Doc>(window.map(cloneValue), options.projection).all();
}

/**
 * `{ a: 1, b: 1 }` (top-level fields, `_id` kept unless `_id: 0`): a picker that copies just those fields, as mingo
 * would answer. Any other projection (dotted paths, exclusions, operators) answers null and goes to mingo.
 */
function topLevelInclusion(projection: NonNullable<FindOptions['projection']>): ((doc: Doc) => Doc) | null {
  let withId = true;
  const fields: string[] = [];
  for (const [key, value] of Object.entries(projection)) {
    if (key === '_id' && (value === 0 || value === false)) withId = false;
    else if (value !== 1 && value !== true) return null;
    else if (key.includes('.') || key.startsWith('$')) return null;
    else if (key !== '_id') fields.push(key);
  }
  if (fields.length === 0) return null;
  return (doc) => {
    const out: Doc = {};
    if (withId && doc._id !== undefined) out._id = cloneValue(doc._id);
    for (const field of fields) if (Object.hasOwn(doc, field) && doc[field] !== undefined) out[field] = cloneValue(doc[field]);
    return out;
  };
}

/**
 * `{ a: 0, b: 0 }` (top-level fields, `_id` among them or not): a picker that copies every other field, as mingo
 * would answer. A document's large parts (a session's readings) are left out without being copied first.
 */
function topLevelExclusion(projection: NonNullable<FindOptions['projection']>): ((doc: Doc) => Doc) | null {
  const excluded = new Set<string>();
  for (const [key, value] of Object.entries(projection)) {
    if (value !== 0 && value !== false) return null;
    if (key.includes('.') || key.startsWith('$')) return null;
    excluded.add(key);
  }
  if (excluded.size === 0) return null;
  return (doc) => {
    const out: Doc = {};
    for (const field of Object.keys(doc)) if (!excluded.has(field) && doc[field] !== undefined) out[field] = cloneValue(doc[field]);
    return out;
  };
}

/** Stages that build new objects from their input, so running them on stored documents is safe. */
const READ_ONLY_STAGES = new Set([
  '$match',
  '$group',
  '$count',
  '$sort',
  '$limit',
  '$skip',
  '$project',
  '$sortByCount',
  '$bucket',
  '$bucketAuto',
]);

export function aggregate(data: CollectionData, pipeline: Doc[], resolve: (name: string) => Doc[]): Doc[] {
  let stages = pipeline;
  let input: Doc[];
  const first = pipeline[0];
  if (first && '$match' in first && Object.keys(first).length === 1) {
    // A leading $match uses the indexes like find().
    input = match(data, first.$match as Filter).docs;
    stages = pipeline.slice(1);
  } else {
    input = [...data.docs.values()];
  }
  const readOnly = stages.every((stage) => Object.keys(stage).every((k) => READ_ONLY_STAGES.has(k)));
  // Otherwise ($set, $unwind, ...) mingo may reuse or modify input objects: give it copies.
  if (!readOnly) input = input.map(cloneValue);
  const output = new Aggregator(stages, { processingMode: ProcessingMode.CLONE_OFF, collectionResolver: resolve }).run(input) as Doc[];
  return readOnly ? output.map(cloneValue) : output;
}
