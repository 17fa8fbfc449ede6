/** Write path of the memory store: MongoDB update/replace/upsert semantics over the documents map and indexes. */
import { update as applyOperators } from 'mingo';
import { DuplicateKeyError, type Doc, type Filter, type Update, type UpdateResult } from '../ports/documents';
import type { CollectionData } from './query';
import { fastApply } from './fast-update';
import { match } from './query';
import { cloneValue, deepEqual, isPlainObject, newObjectIdHex, valueKey, type Key } from './values';

export interface CollectionState extends CollectionData {
  nextSeq: number;
}

/** MongoDB puts `_id` first; keeping that order makes exported snapshots and order-sensitive equality match. */
function withIdFirst(id: unknown, doc: Doc): Doc {
  const { _id: _ignored, ...rest } = doc;
  return { _id: id, ...rest };
}

/**
 * A replacement as stored: `withIdFirst(id, cloneValue(doc))` in one pass, without the intermediate copy (a rest
 * pattern is V8's slow path; the sessions projection and the message log replace a document on every event or frame).
 */
export function storedCopy(id: unknown, doc: Doc): Doc {
  if (!isPlainObject(doc)) return withIdFirst(id, cloneValue(doc));
  const out: Doc = { _id: id };
  for (const key in doc) if (key !== '_id') out[key] = cloneValue(doc[key]);
  return out;
}

function checkId(id: unknown): void {
  if (id === undefined || Array.isArray(id) || id instanceof RegExp) {
    throw new Error(`can't use ${Array.isArray(id) ? 'an array' : String(id)} for _id`);
  }
}

export function insertDoc(state: CollectionState, doc: Doc): void {
  checkId(doc._id);
  const id = valueKey(doc._id);
  if (state.docs.has(id)) {
    throw new DuplicateKeyError(
      `E11000 duplicate key error collection: ${state.name} index: _id_ dup key: { _id: ${JSON.stringify(doc._id)} }`,
    );
  }
  state.indexes.check(id, doc);
  state.docs.set(id, doc);
  state.seq.set(id, state.nextSeq++);
  state.indexes.add(id, doc);
}

function replaceDoc(state: CollectionState, id: Key, previous: Doc, next: Doc): void {
  state.indexes.check(id, next); // before any change: a failed write leaves the store as it was
  state.docs.set(id, next); // same key: keeps the natural position
  state.indexes.replace(id, previous, next);
}

export function deleteDocs(state: CollectionState, filter: Filter | undefined, many: boolean): number {
  const hits = match(state, filter, { limit: many ? Infinity : 1 });
  hits.ids.forEach((id, i) => {
    state.indexes.remove(id, hits.docs[i]!);
    state.docs.delete(id);
    state.seq.delete(id);
  });
  return hits.ids.length;
}

/** The document an upsert starts from: the filter's equality conditions (including within $and). */
export function seedFromFilter(filter: Filter): Doc {
  const seed: Doc = {};
  const set = (path: string, value: unknown) => {
    const segments = path.split('.');
    let target = seed;
    for (const seg of segments.slice(0, -1)) {
      if (!isPlainObject(target[seg])) target[seg] = {};
      target = target[seg] as Doc;
    }
    target[segments[segments.length - 1]!] = cloneValue(value);
  };
  const visit = (f: Filter) => {
    for (const [key, condition] of Object.entries(f)) {
      if (key === '$and' && Array.isArray(condition)) {
        for (const sub of condition) if (isPlainObject(sub)) visit(sub);
      } else if (key.startsWith('$')) {
        continue;
      } else if (isPlainObject(condition) && Object.keys(condition).some((k) => k.startsWith('$'))) {
        if ('$eq' in condition) set(key, condition.$eq);
      } else if (!(condition instanceof RegExp)) {
        set(key, condition);
      }
    }
  };
  visit(filter);
  return seed;
}

function checkOperators(update: Update): void {
  const keys = Object.keys(update);
  if (keys.length === 0 || !keys.every((k) => k.startsWith('$'))) {
    throw new Error('Update document requires atomic operators');
  }
}

/** `list.$` or `list.$.field`: the positional operator on a top-level array. */
const POSITIONAL = /^([^$.][^.]*)\.\$(?=\.|$)/;
const isPrimitive = (v: unknown) => v === null || typeof v === 'string' || typeof v === 'number' || typeof v === 'boolean';

/** The index of the first element of `doc[field]` that the filter's equality conditions on `field.<key>` select; -1 if none can be said here. */
function firstSelected(doc: Doc, filter: Filter, field: string): number {
  const conditions = Object.entries(filter).filter(([k]) => k.startsWith(`${field}.`));
  if (conditions.length === 0 || conditions.some(([k, v]) => !isPrimitive(v) || k.slice(field.length + 1).includes('.'))) return -1;
  const list = doc[field];
  if (!Array.isArray(list)) return -1;
  return list.findIndex((e) => isPlainObject(e) && conditions.every(([k, v]) => deepEqual(e[k.slice(field.length + 1)], v)));
}

/**
 * The update with each positional `list.$` resolved on `doc` as MongoDB resolves it (the first element the query
 * selected), for the fast path; the update itself when it has none, null when it cannot be resolved here (equality on
 * a field of the elements only): mingo then applies it with the filter.
 */
function resolvePositional(doc: Doc, filter: Filter, update: Update): Update | null {
  const entries = Object.entries(update);
  if (!entries.some(([, arg]) => isPlainObject(arg) && Object.keys(arg).some((k) => k.includes('.$')))) return update;
  const resolved: Doc = {};
  for (const [op, arg] of entries) {
    if (!isPlainObject(arg)) return null;
    const paths: Doc = {};
    for (const [path, value] of Object.entries(arg)) {
      const positional = POSITIONAL.exec(path);
      if (!positional) {
        if (path.includes('.$')) return null;
        paths[path] = value;
        continue;
      }
      const field = positional[1]!;
      const index = firstSelected(doc, filter, field);
      if (index < 0) return null;
      paths[`${field}.${index}${path.slice(field.length + 2)}`] = value;
    }
    resolved[op] = paths;
  }
  return resolved as Update;
}

/**
 * For a server without the positional operator: the update with each `list.$` resolved on `doc` (as
 * `resolvePositional`), and a filter that selects `doc` only while those elements are still where they were found;
 * null when the positions cannot be resolved here.
 */
export function pinPositional(doc: Doc, filter: Filter, update: Update): { filter: Filter; update: Update } | null {
  const resolved = resolvePositional(doc, filter, update);
  if (!resolved) return null;
  const pinned: Filter = { ...filter, _id: doc._id };
  for (const arg of Object.values(update)) {
    for (const path of Object.keys(arg as Doc)) {
      const positional = POSITIONAL.exec(path);
      if (!positional) continue;
      const field = positional[1]!;
      const index = firstSelected(doc, filter, field);
      for (const [key, value] of Object.entries(filter)) {
        if (key.startsWith(`${field}.`)) pinned[`${field}.${index}.${key.slice(field.length + 1)}`] = value;
      }
    }
  }
  return { filter: pinned, update: resolved };
}

/** Applies update operators to a copy; `$setOnInsert` acts like `$set` on insert and is ignored otherwise. */
function applyUpdate(
  doc: Doc,
  update: Update,
  inserting: boolean,
  filter: Filter = {},
  inPlace?: (path: string) => boolean,
): { doc: Doc; modified: boolean } {
  const positional = inserting ? update : resolvePositional(doc, filter, update);
  const fast = positional && fastApply(doc, positional, inserting, inPlace);
  if (fast) return fast;
  const { $setOnInsert, ...operators } = update as Update & { $setOnInsert?: Doc };
  if (inserting && $setOnInsert) operators.$set = { ...((operators.$set as Doc | undefined) ?? {}), ...$setOnInsert };
  const next = cloneValue(doc);
  // cloneMode 'deep': values taken from the update must not stay shared with the caller's objects. The filter goes
  // along only for a positional operator (mingo resolves `list.$` from it), as MongoDB needs it there.
  const condition = positional === update ? undefined : filter;
  const changed = Object.keys(operators).length > 0 ? applyOperators(next, operators, undefined, condition, { cloneMode: 'deep' }) : [];
  return { doc: next, modified: changed.length > 0 };
}

/**
 * Where a `$push` may grow a stored list in place (fast-update.ts): in a collection without a unique index (whose check
 * comes after the update is applied, and could refuse it), at a path no index reads. Nothing else sees the list grow:
 * the store never hands a stored document out (reads, aggregations and `$lookup` get copies).
 */
function appendsInPlace(state: CollectionState): ((path: string) => boolean) | undefined {
  const definitions = state.indexes.definitions;
  if (definitions.some((d) => d.unique)) return undefined;
  const indexed = definitions.flatMap((d) => Object.keys(d.keys));
  return (path) => !indexed.some((k) => k === path || k.startsWith(`${path}.`) || path.startsWith(`${k}.`));
}

export function updateDocs(state: CollectionState, filter: Filter, update: Update, upsert: boolean, many: boolean): UpdateResult {
  checkOperators(update);
  const hits = match(state, filter, { limit: many ? Infinity : 1 });
  if (hits.ids.length === 0) {
    if (!upsert) return { matchedCount: 0, modifiedCount: 0, upsertedCount: 0, upsertedId: null };
    const { doc } = applyUpdate(seedFromFilter(filter), update, true);
    const inserted = withIdFirst(doc._id ?? newObjectIdHex(), doc);
    insertDoc(state, inserted);
    return { matchedCount: 0, modifiedCount: 0, upsertedCount: 1, upsertedId: inserted._id };
  }
  let modified = 0;
  const inPlace = appendsInPlace(state);
  hits.ids.forEach((id, i) => {
    const previous = hits.docs[i]!;
    const { doc, modified: changed } = applyUpdate(previous, update, false, filter, inPlace);
    if (!changed) return;
    replaceDoc(state, id, previous, doc);
    modified++;
  });
  return { matchedCount: hits.ids.length, modifiedCount: modified, upsertedCount: 0, upsertedId: null };
}

export function replaceDocs(state: CollectionState, filter: Filter, replacement: Doc, upsert: boolean): UpdateResult {
  if (Object.keys(replacement).some((k) => k.startsWith('$'))) {
    throw new Error('Replacement document must not contain atomic operators');
  }
  const hits = match(state, filter, { limit: 1 });
  const id = hits.ids[0];
  const previous = hits.docs[0];
  if (id === undefined || previous === undefined) {
    if (!upsert) return { matchedCount: 0, modifiedCount: 0, upsertedCount: 0, upsertedId: null };
    // As MongoDB: only the filter's _id (not its other fields) carries over into an upserted replacement.
    const newId = replacement._id ?? seedFromFilter(filter)._id ?? newObjectIdHex();
    const inserted = storedCopy(newId, replacement);
    insertDoc(state, inserted);
    return { matchedCount: 0, modifiedCount: 0, upsertedCount: 1, upsertedId: inserted._id };
  }
  if (replacement._id !== undefined && !deepEqual(replacement._id, previous._id)) {
    throw new Error(`After applying the update, the (immutable) field '_id' was found to have been altered`);
  }
  const next = storedCopy(previous._id, replacement);
  const modified = !deepEqual(previous, next);
  if (modified) replaceDoc(state, id, previous, next);
  return { matchedCount: 1, modifiedCount: modified ? 1 : 0, upsertedCount: 0, upsertedId: null };
}
