/**
 * A fast path for the updates projections send most: `$set` / `$unset` (and `$setOnInsert` on insert) of plain
 * field paths through plain sub-documents, `$inc` of a number (or a missing field) at a plain path, `$set` of one
 * element of a top-level array (`list.3`, an index the array already has), and `$push` of one value (no modifiers)
 * onto an array or a missing field at a plain path. Anything else (other operators, `$push` with `$each` and the
 * like, other array positions, paths through arrays or non-objects) returns null and the caller applies the update
 * with mingo.
 */
import type { Doc, Update } from '../ports/documents';
import { cloneValue, deepEqual, isPlainObject } from './values';

const PLAIN_PATH = /^[^$.][^.]*(\.[^$.][^.]*)*$/;
/** `field.index`: one element of a top-level array. */
const ELEMENT_PATH = /^([^$.\d][^.]*)\.(0|[1-9]\d{0,8})$/;

/** What the fast path needs to know of an update's path, worked out once per path text (PATHS). */
interface PathInfo {
  segments: string[];
  /** The last segment. */
  key: string;
  /** A `$set` of `field.index` (ELEMENT_PATH), else null. */
  element: { field: string; index: number } | null;
  /** Whether the path may be taken here when it is not an element set (plain, no numeric segment, not `_id`). */
  plain: boolean;
  /** Whether it may be taken as an element set. */
  elementOk: boolean;
}
/**
 * Path texts seen, with what they are: projections send the same few hundred paths over and over (the regex
 * tests, splits and closures of each update would be a large part of its cost). Bounded; cleared when full.
 */
const PATHS = new Map<string, PathInfo>();
const PATHS_MAX = 10_000;

function infoOf(path: string): PathInfo {
  let info = PATHS.get(path);
  if (info) return info;
  const segments = path.split('.');
  const element = ELEMENT_PATH.exec(path);
  const plainText = PLAIN_PATH.test(path) && path !== '_id' && !path.startsWith('_id.');
  info = {
    segments,
    key: segments[segments.length - 1]!,
    element: element ? { field: element[1]!, index: Number(element[2]) } : null,
    plain: plainText && !/(^|\.)\d+(\.|$)/.test(path),
    elementOk: plainText,
  };
  if (PATHS.size >= PATHS_MAX) PATHS.clear();
  PATHS.set(path, info);
  return info;
}

/** What one fastApply copies on write: the document's objects and lists copied so far. */
interface Copies {
  next: Doc;
  objects: Set<Doc>;
}

/** The parent object of a path in `next`, copied on write; null when the path crosses a non-object. */
function parentOf(copies: Copies, segments: string[], create: boolean): Doc | null | undefined {
  let target = copies.next;
  for (let i = 0; i < segments.length - 1; i++) {
    const seg = segments[i]!;
    const child = target[seg];
    if (child === undefined || child === null) {
      if (!create) return undefined;
      if (child === null) return null;
      const fresh: Doc = {};
      target[seg] = fresh;
      copies.objects.add(fresh);
      target = fresh;
    } else if (isPlainObject(child)) {
      if (!copies.objects.has(child)) {
        const copy = { ...child };
        target[seg] = copy;
        copies.objects.add(copy);
        target = copy;
      } else target = child;
    } else {
      return null;
    }
  }
  return target;
}

const never = () => false;

/** `inPlace(path)`: whether a `$push` at this path may grow the stored list itself instead of a copy (writes.ts decides). */
export function fastApply(
  doc: Doc,
  update: Update,
  inserting: boolean,
  inPlace: (path: string) => boolean = never,
): { doc: Doc; modified: boolean } | null {
  const sets: [PathInfo, unknown][] = [];
  const unsets: PathInfo[] = [];
  const incs: [PathInfo, number, string][] = [];
  const pushes: [PathInfo, unknown, string][] = [];
  const paths: string[] = [];
  for (const op of Object.keys(update)) {
    const arg = (update as Record<string, unknown>)[op];
    if (!isPlainObject(arg)) return null;
    const setting = op === '$set' || (op === '$setOnInsert' && inserting);
    if (!setting && op !== '$unset' && op !== '$inc' && op !== '$push' && op !== '$setOnInsert') return null;
    if (op === '$setOnInsert' && !setting) continue;
    for (const path of Object.keys(arg)) {
      const value = arg[path];
      const info = infoOf(path);
      if (setting && info.element) {
        if (!info.elementOk) return null;
      } else if (!info.plain) return null;
      paths.push(path);
      if (setting) sets.push([info, value]);
      else if (op === '$unset') unsets.push(info);
      else if (op === '$inc') {
        if (typeof value !== 'number' || !Number.isFinite(value)) return null; // MongoDB refuses it: let mingo report it
        incs.push([info, value, path]);
      } else {
        // `{ $each, $sort, … }` are modifiers, not a value: mingo's.
        if (isPlainObject(value) && Object.keys(value).some((k) => k.startsWith('$'))) return null;
        pushes.push([info, value, path]);
      }
    }
  }
  // Conflicting paths (a.b and a, or the same path twice) are an error in MongoDB: let mingo report them.
  if (paths.length > 1) {
    paths.sort();
    for (let i = 1; i < paths.length; i++) if (paths[i] === paths[i - 1] || paths[i]!.startsWith(`${paths[i - 1]}.`)) return null;
  }

  const next: Doc = { ...doc };
  const copies: Copies = { next, objects: new Set<Doc>([next]) };
  let copiedLists: Set<unknown[]> | null = null;
  let appends: [unknown[], unknown][] | null = null;
  let modified = false;
  for (const [info, value] of sets) {
    const element = info.element;
    if (element) {
      // An element the array already has (beyond its end MongoDB pads with nulls; on a non-array it sets a field).
      const list = next[element.field];
      if (!Array.isArray(list) || element.index >= list.length) return null;
      if (deepEqual(list[element.index], value)) continue;
      copiedLists ??= new Set();
      const copy = copiedLists.has(list) ? list : [...(list as unknown[])];
      copiedLists.add(copy);
      next[element.field] = copy;
      copy[element.index] = cloneValue(value);
      modified = true;
      continue;
    }
    const parent = parentOf(copies, info.segments, true);
    if (!parent) return null;
    const key = info.key;
    if (Object.hasOwn(parent, key) && deepEqual(parent[key], value)) continue;
    parent[key] = cloneValue(value);
    modified = true;
  }
  for (const [info, by, path] of incs) {
    const parent = parentOf(copies, info.segments, true);
    if (!parent) return null;
    const key = info.key;
    const current = Object.hasOwn(parent, key) ? parent[key] : 0;
    if (typeof current !== 'number') throw new Error(`Cannot apply $inc to a value of non-numeric type (${path})`); // as MongoDB answers
    if (by === 0 && Object.hasOwn(parent, key)) continue;
    parent[key] = current + by;
    modified = true;
  }
  for (const [info, value, path] of pushes) {
    const parent = parentOf(copies, info.segments, true);
    if (!parent) return null;
    const key = info.key;
    const list = Object.hasOwn(parent, key) ? parent[key] : undefined;
    if (list !== undefined && !Array.isArray(list)) return null; // MongoDB refuses it: let mingo report it
    if (list !== undefined && inPlace(path)) {
      // The stored list (which `next` shares) grows once nothing below can fail (`appends`): copying thousands of
      // sessions' columns at every reading makes copies that are promoted to the old generation and dropped there
      // seconds later.
      (appends ??= []).push([list as unknown[], cloneValue(value)]);
      modified = true;
      continue;
    }
    // A shallow copy: the elements already stored stay shared (they are never written in place), the new one is copied.
    // slice keeps the list's element kind: a list of numbers stays unboxed numbers. An array literal (`[...list, v]`)
    // takes the kind its allocation site has seen anywhere, and this one sees objects and strings, so a list of epoch
    // milliseconds became a list of pointers to a boxed number each (an object per item for the collector).
    const copy = list === undefined ? [] : (list as unknown[]).slice();
    copy.push(cloneValue(value));
    parent[key] = copy;
    modified = true;
  }
  for (const info of unsets) {
    const parent = parentOf(copies, info.segments, false);
    if (parent === null) return null;
    if (parent === undefined) continue;
    const key = info.key;
    if (!Object.hasOwn(parent, key)) continue;
    delete parent[key];
    modified = true;
  }
  if (appends) for (const [list, value] of appends) list.push(value);
  return { doc: next, modified };
}
