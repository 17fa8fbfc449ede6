/**
 * A fast matcher for the filter shapes read models use most (equality, ranges, $in, $regex, $and/$or of those on
 * plain field paths). It decides only when the values it meets are primitives; for anything else (arrays,
 * sub-documents, mixed types) it answers UNSURE and the caller asks mingo, so results are always mingo's.
 */
import type { Doc, Filter } from '../ports/documents';
import { isPlainObject } from './values';

export const UNSURE = 2;
type Verdict = boolean | typeof UNSURE;
type Test = (doc: Doc) => Verdict;

const isPrimitive = (v: unknown): v is string | number | boolean =>
  typeof v === 'string' || typeof v === 'number' || typeof v === 'boolean';

/** The value at a dotted path, or UNSURE when the path crosses anything but plain objects. */
function at(doc: Doc, segments: string[]): unknown {
  let value: unknown = doc;
  for (const seg of segments) {
    if (value === undefined || value === null) return undefined;
    if (!isPlainObject(value)) return UNSURE_VALUE;
    value = value[seg];
  }
  return value;
}
const UNSURE_VALUE = Symbol('unsure');

/**
 * `{ 'a.b': v }` for a primitive v, as MongoDB reads it: true when the value at the path is v, or is an array holding
 * v; along the way an array of sub-documents matches when one of its elements does (`{ 'chargers.chargerId': id }`).
 * Anything else it meets (nested arrays, dates, other objects at the end) is UNSURE.
 */
function equalAlong(value: unknown, segments: string[], i: number, target: string | number | boolean): Verdict {
  if (i === segments.length) {
    if (value === target) return true;
    if (value === undefined || value === null || isPrimitive(value)) return false;
    if (Array.isArray(value)) return value.every((v) => v === undefined || v === null || isPrimitive(v)) ? value.includes(target) : UNSURE;
    return UNSURE;
  }
  if (value === undefined || value === null || isPrimitive(value)) return false;
  if (isPlainObject(value)) return equalAlong(value[segments[i]!], segments, i + 1, target);
  if (!Array.isArray(value)) return UNSURE;
  let unsure = false;
  for (const element of value) {
    if (Array.isArray(element)) return UNSURE;
    if (!isPlainObject(element)) continue; // a primitive has no field (numeric segments never reach here)
    const verdict = equalAlong(element[segments[i]!], segments, i + 1, target);
    if (verdict === true) return true;
    if (verdict === UNSURE) unsure = true;
  }
  return unsure ? UNSURE : false;
}

function fieldTest(path: string, condition: unknown): Test | null {
  if (path.startsWith('$') || path.split('.').some((s) => s === '' || /^\d+$/.test(s))) return null;
  const segments = path.split('.');
  const read = (doc: Doc): unknown => at(doc, segments);
  // Decide on a primitive (or absent) value; UNSURE for arrays, objects, null, dates...
  const primitive =
    (decide: (v: string | number | boolean | undefined) => boolean): Test =>
    (doc) => {
      const v = read(doc);
      if (v === undefined) return decide(undefined);
      if (!isPrimitive(v)) return UNSURE;
      return decide(v);
    };
  if (isPrimitive(condition)) return (doc) => equalAlong(doc, segments, 0, condition);
  // `{ f: null }`: the field is missing or null. Decided here when it is (or is a primitive); arrays and sub-documents
  // go to mingo. (The presence sweep's filter holds it, and matching every charger through mingo at each sweep would
  // hold the launcher's loop.)
  if (condition === null) {
    return (doc) => {
      const v = read(doc);
      if (v === undefined || v === null) return true;
      return isPrimitive(v) ? false : UNSURE;
    };
  }
  if (!isPlainObject(condition)) return null;
  const ops = Object.entries(condition);
  if (ops.length === 0 || !ops.every(([k]) => k.startsWith('$'))) return null;
  const tests: Test[] = [];
  for (const [op, arg] of ops) {
    const t = operatorTest(op, arg, condition, primitive);
    if (t === undefined) continue; // handled by a sibling ($options)
    if (t === null) return null;
    tests.push(t);
  }
  return all(tests);
}

function operatorTest(
  op: string,
  arg: unknown,
  condition: Record<string, unknown>,
  primitive: (decide: (v: string | number | boolean | undefined) => boolean) => Test,
): Test | null | undefined {
  const sameType = (v: unknown) => typeof v === typeof arg;
  switch (op) {
    case '$eq':
      return isPrimitive(arg) ? primitive((v) => v === arg) : null;
    case '$ne':
      return isPrimitive(arg) ? primitive((v) => v !== arg) : null;
    case '$gt':
      return typeof arg === 'number' || typeof arg === 'string' ? primitive((v) => v !== undefined && sameType(v) && v > arg) : null;
    case '$gte':
      return typeof arg === 'number' || typeof arg === 'string' ? primitive((v) => v !== undefined && sameType(v) && v >= arg) : null;
    case '$lt':
      return typeof arg === 'number' || typeof arg === 'string' ? primitive((v) => v !== undefined && sameType(v) && v < arg) : null;
    case '$lte':
      return typeof arg === 'number' || typeof arg === 'string' ? primitive((v) => v !== undefined && sameType(v) && v <= arg) : null;
    case '$in': {
      if (!Array.isArray(arg) || !arg.every(isPrimitive)) return null;
      const set = new Set<unknown>(arg);
      return primitive((v) => v !== undefined && set.has(v));
    }
    case '$exists':
      return typeof arg === 'boolean' ? primitive((v) => (v !== undefined) === arg) : null;
    case '$regex': {
      const options = condition.$options;
      if (options !== undefined && (typeof options !== 'string' || !/^[imsx]*$/.test(options) || options.includes('x'))) return null;
      let re: RegExp;
      try {
        re =
          arg instanceof RegExp ? arg : typeof arg === 'string' ? new RegExp(arg, (options as string | undefined) ?? '') : (null as never);
      } catch {
        return null;
      }
      if (!re || re.global || re.sticky) return null;
      return primitive((v) => typeof v === 'string' && re.test(v));
    }
    case '$options':
      return undefined;
    default:
      return null;
  }
}

function all(tests: Test[]): Test {
  if (tests.length === 1) return tests[0]!;
  return (doc) => {
    let unsure = false;
    for (const t of tests) {
      const r = t(doc);
      if (r === false) return false;
      if (r === UNSURE) unsure = true;
    }
    return unsure ? UNSURE : true;
  };
}

function any(tests: Test[]): Test {
  return (doc) => {
    let unsure = false;
    for (const t of tests) {
      const r = t(doc);
      if (r === true) return true;
      if (r === UNSURE) unsure = true;
    }
    return unsure ? UNSURE : false;
  };
}

/** A fast test for the filter, or null when its shape is not one this matcher knows. */
export function compileFastFilter(filter: Filter): Test | null {
  const tests: Test[] = [];
  for (const [key, condition] of Object.entries(filter)) {
    if (key === '$and' || key === '$or') {
      if (!Array.isArray(condition) || condition.length === 0 || !condition.every(isPlainObject)) return null;
      const subs = condition.map((c) => compileFastFilter(c as Filter));
      if (subs.some((s) => s === null)) return null;
      tests.push(key === '$and' ? all(subs as Test[]) : any(subs as Test[]));
    } else {
      const t = fieldTest(key, condition);
      if (!t) return null;
      tests.push(t);
    }
  }
  return tests.length ? all(tests) : null;
}
