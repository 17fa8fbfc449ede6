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

/** `inPlace(path)`: whether a `$push` at this path may grow the stored list itself instead of a copy (writes.ts decides). */
export function fastApply(doc: Doc, update: Update, inserting: boolean, inPlace: (path: string) => boolean = () => false): { doc: Doc; modified: boolean } | null {
  const sets: [string, unknown][] = [];
  const unsets: string[] = [];
  const incs: [string, number][] = [];
  const pushes: [string, unknown][] = [];
  for (const [op, arg] of Object.entries(update)) {
    if (!isPlainObject(arg)) return null;
    if (op === '$set' || (op === '$setOnInsert' && inserting)) sets.push(...Object.entries(arg));
    else if (op === '$unset') unsets.push(...Object.keys(arg));
    else if (op === '$inc') {
      for (const [path, by] of Object.entries(arg)) {
        if (typeof by !== 'number' || !Number.isFinite(by)) return null; // MongoDB refuses it: let mingo report it
        incs.push([path, by]);
      }
    } else if (op === '$push') {
      for (const [path, value] of Object.entries(arg)) {
        // `{ $each, $sort, … }` are modifiers, not a value: mingo's.
        if (isPlainObject(value) && Object.keys(value).some((k) => k.startsWith('$'))) return null;
        pushes.push([path, value]);
      }
    } else if (op !== '$setOnInsert') return null;
  }
  const paths = [...sets.map(([p]) => p), ...unsets, ...incs.map(([p]) => p), ...pushes.map(([p]) => p)];
  const elementSet = new Set(sets.map(([p]) => p).filter((p) => ELEMENT_PATH.test(p)));
  if (paths.some((p) => !PLAIN_PATH.test(p) || (!elementSet.has(p) && /(^|\.)\d+(\.|$)/.test(p)) || p === '_id' || p.startsWith('_id.'))) return null;
  // Conflicting paths (a.b and a, or the same path twice) are an error in MongoDB: let mingo report them.
  const sorted = [...paths].sort();
  for (let i = 1; i < sorted.length; i++) if (sorted[i] === sorted[i - 1] || sorted[i]!.startsWith(`${sorted[i - 1]}.`)) return null;

  const next: Doc = { ...doc };
  const copied = new Set<Doc>([next]);
  const copiedLists = new Set<unknown[]>();
  const appends: [unknown[], unknown][] = [];
  let modified = false;
  /** The parent object of a path in `next`, copied on write; null when the path crosses a non-object. */
  const parentOf = (segments: string[], create: boolean): Doc | null | undefined => {
    let target = next;
    for (const seg of segments.slice(0, -1)) {
      const child = target[seg];
      if (child === undefined || child === null) {
        if (!create) return undefined;
        if (child === null) return null;
        const fresh: Doc = {};
        target[seg] = fresh;
        copied.add(fresh);
        target = fresh;
      } else if (isPlainObject(child)) {
        if (!copied.has(child)) {
          const copy = { ...child };
          target[seg] = copy;
          copied.add(copy);
          target = copy;
        } else target = child;
      } else {
        return null;
      }
    }
    return target;
  };
  for (const [path, value] of sets) {
    const element = elementSet.has(path) ? ELEMENT_PATH.exec(path) : null;
    if (element) {
      // An element the array already has (beyond its end MongoDB pads with nulls; on a non-array it sets a field).
      const field = element[1]!;
      const index = Number(element[2]);
      const list = next[field];
      if (!Array.isArray(list) || index >= list.length) return null;
      if (deepEqual(list[index], value)) continue;
      const copy = copiedLists.has(list) ? list : [...(list as unknown[])];
      copiedLists.add(copy);
      next[field] = copy;
      copy[index] = cloneValue(value);
      modified = true;
      continue;
    }
    const segments = path.split('.');
    const parent = parentOf(segments, true);
    if (!parent) return null;
    const key = segments[segments.length - 1]!;
    if (Object.hasOwn(parent, key) && deepEqual(parent[key], value)) continue;
    parent[key] = cloneValue(value);
    modified = true;
  }
  for (const [path, by] of incs) {
    const segments = path.split('.');
    const parent = parentOf(segments, true);
    if (!parent) return null;
    const key = segments[segments.length - 1]!;
    const current = Object.hasOwn(parent, key) ? parent[key] : 0;
    if (typeof current !== 'number') throw new Error(`Cannot apply $inc to a value of non-numeric type (${path})`); // as MongoDB answers
    if (by === 0 && Object.hasOwn(parent, key)) continue;
    parent[key] = current + by;
    modified = true;
  }
  for (const [path, value] of pushes) {
    const segments = path.split('.');
    const parent = parentOf(segments, true);
    if (!parent) return null;
    const key = segments[segments.length - 1]!;
    const list = Object.hasOwn(parent, key) ? parent[key] : undefined;
    if (list !== undefined && !Array.isArray(list)) return null; // MongoDB refuses it: let mingo report it
    if (list !== undefined && inPlace(path)) {
      // The stored list (which `next` shares) grows once nothing below can fail (`appends`): a reading a second onto
      // 5,000 sessions' columns was 12 KB of copies a reading, each promoted to the old generation and dropped there
      // ten seconds later.
      appends.push([list as unknown[], cloneValue(value)]);
      modified = true;
      continue;
    }
    // A shallow copy: the elements already stored stay shared (they are never written in place), the new one is copied.
    // slice keeps the list's element kind: a list of numbers stays unboxed numbers. An array literal (`[...list, v]`)
    // takes the kind its allocation site has seen anywhere, and this one sees objects and strings, so a list of epoch
    // milliseconds became a list of pointers to a boxed number each (1.6 million objects at the ceiling, issue 18).
    const copy = list === undefined ? [] : (list as unknown[]).slice();
    copy.push(cloneValue(value));
    parent[key] = copy;
    modified = true;
  }
  for (const path of unsets) {
    const segments = path.split('.');
    const parent = parentOf(segments, false);
    if (parent === null) return null;
    if (parent === undefined) continue;
    const key = segments[segments.length - 1]!;
    if (!Object.hasOwn(parent, key)) continue;
    delete parent[key];
    modified = true;
  }
  for (const [list, value] of appends) list.push(value);
  return { doc: next, modified };
}
