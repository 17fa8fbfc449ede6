/** Value helpers with MongoDB semantics: cloning, index keys, path traversal, BSON sort order, ids. */
import { randomBytes } from 'node:crypto';

export function isPlainObject(value: unknown): value is Record<string, unknown> {
  if (value === null || typeof value !== 'object') return false;
  const proto = Object.getPrototypeOf(value) as unknown;
  return proto === Object.prototype || proto === null;
}

/** Deep copy of JSON-like data (plus Dates); faster than structuredClone for the small documents read models hold. */
export function cloneValue<T>(value: T): T {
  if (value === null || typeof value !== 'object') return value;
  if (Array.isArray(value)) return value.map(cloneValue) as T;
  if (value instanceof Date) return new Date(value.getTime()) as T;
  if (isPlainObject(value)) {
    const out: Record<string, unknown> = {};
    for (const key in value) out[key] = cloneValue(value[key]);
    return out as T;
  }
  return structuredClone(value);
}

/** Order-sensitive deep equality, as BSON compares documents. */
export function deepEqual(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (a instanceof Date && b instanceof Date) return a.getTime() === b.getTime();
  if (Array.isArray(a) && Array.isArray(b)) return a.length === b.length && a.every((v, i) => deepEqual(v, b[i]));
  if (isPlainObject(a) && isPlainObject(b)) {
    const ka = Object.keys(a);
    const kb = Object.keys(b);
    return ka.length === kb.length && ka.every((k, i) => k === kb[i] && deepEqual(a[k], b[k]));
  }
  return typeof a === 'number' && typeof b === 'number' && Number.isNaN(a) && Number.isNaN(b);
}

/** A hash-index key: what `valueKey` gives a value. */
export type Key = string | number | boolean | null;
const TAG = '\u0000';

/**
 * Hash-index key of one value; two values get the same key iff MongoDB equality holds for them. A string, number or
 * boolean is its own key (a `Map` tells `'1'` from `1`, and -0 from 0 not at all, as MongoDB does not): an id or a
 * charger id read from an event is looked up as is, with no prefixed copy to build and hash on every lookup, nor to
 * keep beside each document. Null and missing share one key. Dates and other values are strings tagged by a leading
 * NUL, and a string that itself starts with NUL is tagged too, so that no string can pass for them.
 */
export function valueKey(value: unknown): Key {
  switch (typeof value) {
    case 'string':
      return value.charCodeAt(0) === 0 ? TAG + 's' + value : value;
    case 'number':
    case 'boolean':
      return value;
    case 'undefined':
      return null;
    default:
      if (value === null) return null;
      if (value instanceof Date) return TAG + 'd' + value.getTime();
      return TAG + 'o' + JSON.stringify(value);
  }
}

/** A key as text, for a unique index's tuple of keys: distinct keys give distinct texts (`1` and `'1'` too). */
export function keyText(key: Key): string {
  return typeof key === 'string' ? 's' + key : typeof key === 'number' ? 'n' + key : key === null ? 'z' : key ? 'bt' : 'bf';
}

/** Values a filter can look up in a hash index (equality on these never depends on BSON subtleties). */
export function isIndexable(value: unknown): boolean {
  const t = typeof value;
  return t === 'string' || (t === 'number' && !Number.isNaN(value)) || t === 'boolean' || value instanceof Date;
}

/** Lookups that need no further test of the document: plain scalars, whose index semantics are exactly MongoDB's. */
export function isExactlyIndexable(value: unknown): boolean {
  const t = typeof value;
  return t === 'string' || (t === 'number' && !Number.isNaN(value)) || t === 'boolean';
}

/**
 * Every value a dotted path reaches, MongoDB style: arrays on the way are traversed element by element (and a
 * numeric segment also addresses an element); an array at the end contributes itself and its elements.
 * A path that reaches nothing contributes `undefined` (MongoDB indexes it as null).
 */
export function valuesAtPath(doc: unknown, segments: readonly string[], shape?: { irregular: boolean }): unknown[] {
  const out: unknown[] = [];
  const walk = (value: unknown, i: number): void => {
    if (i === segments.length) {
      out.push(value);
      if (Array.isArray(value)) out.push(...value);
      return;
    }
    if (Array.isArray(value)) {
      for (const element of value) {
        if (element === null || typeof element !== 'object') continue;
        // Arrays nested in arrays before the end of the path: matching rules get subtle there, so the index
        // reports them and lookups through this document are re-checked by the query engine.
        if (shape && Array.isArray(element)) shape.irregular = true;
        walk(element, i);
      }
      const seg = segments[i]!;
      if (/^\d+$/.test(seg) && Number(seg) < value.length) {
        if (shape) shape.irregular = true;
        walk(value[Number(seg)], i + 1);
      }
      return;
    }
    if (value !== null && typeof value === 'object' && !(value instanceof Date)) {
      walk((value as Record<string, unknown>)[segments[i]!], i + 1);
      return;
    }
    out.push(undefined);
  };
  walk(doc, 0);
  if (out.length === 0) out.push(undefined);
  return out;
}

// ---- BSON sort order ----

function typeRank(value: unknown): number {
  if (value === undefined || value === null) return 1;
  switch (typeof value) {
    case 'number':
    case 'bigint':
      return 2;
    case 'string':
      return 3;
    case 'boolean':
      return 8;
  }
  if (Array.isArray(value)) return 5;
  if (value instanceof Date) return 9;
  if (value instanceof RegExp) return 11;
  return 4; // embedded document
}

export function compareValues(a: unknown, b: unknown): number {
  const ra = typeRank(a);
  const rb = typeRank(b);
  if (ra !== rb) return ra - rb;
  switch (ra) {
    case 1:
      return 0;
    case 2: {
      const x = Number(a);
      const y = Number(b);
      if (Number.isNaN(x)) return Number.isNaN(y) ? 0 : -1; // NaN sorts before every number
      if (Number.isNaN(y)) return 1;
      return x < y ? -1 : x > y ? 1 : 0;
    }
    case 3:
      return (a as string) < (b as string) ? -1 : (a as string) > (b as string) ? 1 : 0;
    case 8:
      return Number(a) - Number(b);
    case 9:
      return (a as Date).getTime() - (b as Date).getTime();
    case 5: {
      const x = a as unknown[];
      const y = b as unknown[];
      for (let i = 0; i < Math.min(x.length, y.length); i++) {
        const c = compareValues(x[i], y[i]);
        if (c !== 0) return c;
      }
      return x.length - y.length;
    }
    case 4: {
      const x = Object.entries(a as Record<string, unknown>);
      const y = Object.entries(b as Record<string, unknown>);
      for (let i = 0; i < Math.min(x.length, y.length); i++) {
        const [kx, vx] = x[i]!;
        const [ky, vy] = y[i]!;
        const byType = typeRank(vx) - typeRank(vy);
        if (byType !== 0) return byType;
        if (kx !== ky) return kx < ky ? -1 : 1;
        const c = compareValues(vx, vy);
        if (c !== 0) return c;
      }
      return x.length - y.length;
    }
    default:
      return String(a) < String(b) ? -1 : String(a) > String(b) ? 1 : 0;
  }
}

/** Sentinel for an empty array at a sort path: MongoDB sorts it before null and missing. */
const EMPTY_ARRAY_KEY = Symbol('empty-array');

/** The value a document sorts by on a path: arrays sort by their smallest (ascending) or largest (descending) element. */
export function sortKey(doc: unknown, segments: readonly string[], direction: 1 | -1): unknown {
  // Fast path: a path through plain sub-documents to a scalar (the common case) needs no traversal lists.
  let value: unknown = doc;
  for (let i = 0; i < segments.length && value !== undefined; i++) {
    if (value === null || typeof value !== 'object' || Array.isArray(value) || value instanceof Date) {
      value = Array.isArray(value) ? SLOW : undefined;
      break;
    }
    value = (value as Record<string, unknown>)[segments[i]!];
  }
  if (value !== SLOW && (value === null || typeof value !== 'object' || value instanceof Date)) return value;
  return sortKeySlow(doc, segments, direction);
}

const SLOW = Symbol('slow');

function sortKeySlow(doc: unknown, segments: readonly string[], direction: 1 | -1): unknown {
  const candidates: unknown[] = [];
  let sawEmptyArray = false;
  for (const v of valuesAtPath(doc, segments)) {
    if (Array.isArray(v)) {
      if (v.length === 0) sawEmptyArray = true;
      continue; // its elements were listed too
    }
    candidates.push(v);
  }
  if (candidates.length === 0 && sawEmptyArray) return EMPTY_ARRAY_KEY;
  let best = candidates[0];
  for (let i = 1; i < candidates.length; i++) {
    const c = compareValues(candidates[i], best);
    if (direction === 1 ? c < 0 : c > 0) best = candidates[i];
  }
  return best;
}

export function compareSortKeys(a: unknown, b: unknown): number {
  // Same-type scalars first: they are nearly every comparison of a sort.
  if (typeof a === 'string' && typeof b === 'string') return a < b ? -1 : a > b ? 1 : 0;
  if (typeof a === 'number' && typeof b === 'number' && a === a && b === b) return a < b ? -1 : a > b ? 1 : 0;
  if (a === EMPTY_ARRAY_KEY || b === EMPTY_ARRAY_KEY) return a === b ? 0 : a === EMPTY_ARRAY_KEY ? -1 : 1;
  return compareValues(a, b);
}

// ---- ids ----

const processUnique = randomBytes(5).toString('hex');
let counter = randomBytes(3).readUIntBE(0, 3);

/** A 24-hex-digit id laid out like an ObjectId (seconds, per-process random, counter): unique and time-ordered. */
export function newObjectIdHex(): string {
  counter = (counter + 1) % 0xffffff;
  const seconds = Math.floor(Date.now() / 1000)
    .toString(16)
    .padStart(8, '0');
  return seconds + processUnique + counter.toString(16).padStart(6, '0');
}
