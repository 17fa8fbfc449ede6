import { DuplicateKeyError, type Doc, type Filter } from '../ports/documents';
import { isExactlyIndexable, isIndexable, isPlainObject, keyText, valueKey, valuesAtPath, type Key } from './values';

/** Hash index on one field path: index key → the id keys (valueKey of `_id`) of the documents holding that value. */
export class FieldIndex {
  readonly segments: string[];
  readonly entries = new Map<Key, Set<Key>>();
  /** How many declared indexes (single or compound) have this field as their first key. */
  users = 0;
  /** Documents whose path crosses nested arrays or numeric segments: while any exist, lookups are re-checked. */
  private irregular = 0;
  private readonly numericPath: boolean;

  constructor(readonly path: string) {
    this.segments = path.split('.');
    this.numericPath = this.segments.some((s) => /^\d+$/.test(s));
  }

  /** Whether an equality lookup returns exactly the matching documents (no query test needed). */
  get exact(): boolean {
    return this.irregular === 0 && !this.numericPath;
  }

  keysOf(doc: Doc, shape?: { irregular: boolean }): Set<Key> {
    // The common case, no array on the path: the one value there (undefined where the path ends early), without
    // valuesAtPath's walk (a large part of a projection's insert). An array anywhere takes the general walk.
    let value: unknown = doc;
    for (const segment of this.segments) {
      if (Array.isArray(value)) return this.walkedKeysOf(doc, shape);
      if (value === null || typeof value !== 'object' || value instanceof Date) return new Set([null]);
      value = (value as Record<string, unknown>)[segment];
    }
    if (Array.isArray(value)) return this.walkedKeysOf(doc, shape);
    return new Set([valueKey(value)]);
  }

  private walkedKeysOf(doc: Doc, shape?: { irregular: boolean }): Set<Key> {
    return new Set(valuesAtPath(doc, this.segments, shape).map(valueKey));
  }

  /**
   * Whether `next` certainly has the same keys as `previous` here: the same value (or the very same object) at the
   * path's first segment. Writes copy what they change (fastApply copies along the path), so an object still
   * shared by both documents holds the same content.
   */
  unchangedIn(previous: Doc, next: Doc): boolean {
    const top = this.segments[0]!;
    return Object.is(previous[top], next[top]);
  }

  add(id: Key, doc: Doc): void {
    const shape = { irregular: false };
    const keys = this.keysOf(doc, shape);
    if (shape.irregular) this.irregular++;
    for (const key of keys) {
      let ids = this.entries.get(key);
      if (!ids) this.entries.set(key, (ids = new Set()));
      ids.add(id);
    }
  }

  remove(id: Key, doc: Doc): void {
    const shape = { irregular: false };
    const keys = this.keysOf(doc, shape);
    if (shape.irregular) this.irregular--;
    for (const key of keys) {
      const ids = this.entries.get(key);
      if (!ids) continue;
      ids.delete(id);
      if (ids.size === 0) this.entries.delete(key);
    }
  }
}

export interface IndexDefinition {
  name: string;
  keys: Record<string, 1 | -1>;
  unique: boolean;
}

/** A unique index: tuple of the fields' keys → the one id allowed to hold it. */
class UniqueConstraint {
  readonly owners = new Map<string, Key>();
  constructor(
    readonly definition: IndexDefinition,
    readonly fields: FieldIndex[],
  ) {}

  /** Each combination of the fields' keys (arrays are multikey), as one text. */
  tuplesOf(doc: Doc): string[] {
    let tuples: string[][] = [[]];
    for (const field of this.fields) {
      const keys = [...field.keysOf(doc)].map(keyText);
      tuples = tuples.flatMap((prefix) => keys.map((k) => [...prefix, k]));
    }
    return tuples.map((parts) => JSON.stringify(parts));
  }
}

export type Candidates = Iterable<Key> & { readonly size: number; has(id: Key): boolean };

/** Equality values of one filter clause when a hash index can answer it; `exact` when nothing else is asked. */
function equalityValues(condition: unknown): { values: unknown[]; exact: boolean } | null {
  if (isIndexable(condition)) return { values: [condition], exact: isExactlyIndexable(condition) };
  if (!isPlainObject(condition)) return null;
  const keys = Object.keys(condition);
  if (keys.length === 0 || !keys.every((k) => k.startsWith('$'))) return null;
  const only = keys.length === 1;
  if ('$eq' in condition && isIndexable(condition.$eq)) {
    return { values: [condition.$eq], exact: only && isExactlyIndexable(condition.$eq) };
  }
  const list = condition.$in;
  if (Array.isArray(list) && list.every(isIndexable)) return { values: list, exact: only && list.every(isExactlyIndexable) };
  return null;
}

const NO_IDS: Candidates = new Set<Key>();

/** Ids that may match a filter; `exact` means they are precisely the matches (no per-document test needed). */
export interface Plan {
  ids: Candidates;
  exact: boolean;
}

/** The indexes of one collection; `_id` lookups go straight to the documents map. */
export class IndexSet {
  private readonly fields = new Map<string, FieldIndex>();
  private readonly uniques: UniqueConstraint[] = [];
  readonly definitions: IndexDefinition[] = [];

  constructor(private readonly collectionName: string) {}

  /** Declares an index (idempotent by name) and builds it over the current documents. */
  create(definition: IndexDefinition, docs: Map<Key, Doc>): void {
    const existing = this.definitions.find((d) => d.name === definition.name);
    if (existing) return;
    // Only an index's first key is hashed: MongoDB answers from a compound index by its prefix, and the later keys
    // are mostly sort keys (a timestamp per document), whose hash would hold an entry per document for no lookup.
    // A unique index still reads every key of a document for its constraint; that needs no hash.
    const [prefix, ...rest] = Object.keys(definition.keys);
    let hashed = this.fields.get(prefix!);
    if (!hashed) {
      hashed = new FieldIndex(prefix!);
      for (const [id, doc] of docs) hashed.add(id, doc);
      this.fields.set(prefix!, hashed);
    }
    const fields = [hashed, ...rest.map((path) => new FieldIndex(path))];
    if (definition.unique) {
      const constraint = new UniqueConstraint(definition, fields);
      for (const [id, doc] of docs) {
        for (const tuple of constraint.tuplesOf(doc)) {
          const owner = constraint.owners.get(tuple);
          if (owner !== undefined && owner !== id) {
            this.dropUnused(fields);
            throw this.duplicate(definition, doc);
          }
          constraint.owners.set(tuple, id);
        }
      }
      this.uniques.push(constraint);
    }
    hashed.users++;
    this.definitions.push(definition);
  }

  private dropUnused(fields: FieldIndex[]): void {
    for (const field of fields) if (field.users === 0 && this.fields.get(field.path) === field) this.fields.delete(field.path);
  }

  clear(): void {
    this.fields.clear();
    this.uniques.length = 0;
    this.definitions.length = 0;
  }

  /** Throws DuplicateKeyError if `doc` (stored or to be stored as `id`) would break a unique index. */
  check(id: Key, doc: Doc): void {
    for (const constraint of this.uniques) {
      for (const tuple of constraint.tuplesOf(doc)) {
        const owner = constraint.owners.get(tuple);
        if (owner !== undefined && owner !== id) throw this.duplicate(constraint.definition, doc);
      }
    }
  }

  add(id: Key, doc: Doc): void {
    for (const field of this.fields.values()) field.add(id, doc);
    for (const constraint of this.uniques) for (const tuple of constraint.tuplesOf(doc)) constraint.owners.set(tuple, id);
  }

  /** `previous` stored as `id` becomes `next`: only the indexes over fields the write changed are touched. */
  replace(id: Key, previous: Doc, next: Doc): void {
    for (const field of this.fields.values()) {
      if (field.unchangedIn(previous, next)) continue;
      field.remove(id, previous);
      field.add(id, next);
    }
    for (const constraint of this.uniques) {
      if (constraint.fields.every((field) => field.unchangedIn(previous, next))) continue;
      for (const tuple of constraint.tuplesOf(previous)) if (constraint.owners.get(tuple) === id) constraint.owners.delete(tuple);
      for (const tuple of constraint.tuplesOf(next)) constraint.owners.set(tuple, id);
    }
  }

  remove(id: Key, doc: Doc): void {
    for (const field of this.fields.values()) field.remove(id, doc);
    for (const constraint of this.uniques) {
      for (const tuple of constraint.tuplesOf(doc)) if (constraint.owners.get(tuple) === id) constraint.owners.delete(tuple);
    }
  }

  /**
   * Ids that may match `filter`, or null when no index helps and the caller must scan. Uses equality / $in on
   * indexed fields and `_id`, through $and, and $or when every branch is indexable; several indexed clauses
   * are intersected. The plan is exact when every clause of the filter was answered by an exact lookup.
   */
  candidates(filter: Filter, docs: Map<Key, Doc>): Plan | null {
    const sets: Candidates[] = [];
    let exact = true;
    for (const [path, condition] of Object.entries(filter)) {
      if (path === '$and' && Array.isArray(condition)) {
        for (const sub of condition) {
          const plan = isPlainObject(sub) ? this.candidates(sub, docs) : null;
          if (plan) sets.push(plan.ids);
          exact &&= plan?.exact ?? false;
        }
      } else if (path === '$or' && Array.isArray(condition) && condition.length > 0) {
        const branches = condition.map((sub) => (isPlainObject(sub) ? this.candidates(sub, docs) : null));
        if (branches.every((b) => b !== null)) {
          const union = new Set<Key>();
          for (const b of branches) for (const id of b!.ids) union.add(id);
          sets.push(union);
          exact &&= branches.every((b) => b!.exact);
        } else {
          exact = false;
        }
      } else {
        const lookup = path.startsWith('$') ? null : equalityValues(condition);
        const field = path === '_id' ? null : this.fields.get(path);
        if (!lookup || (path !== '_id' && !field)) {
          exact = false;
          continue;
        }
        if (field && lookup.values.length === 1) {
          // The index's own set, not a copy: callers only read it, before any write of the same call.
          sets.push(field.entries.get(valueKey(lookup.values[0])) ?? NO_IDS);
        } else {
          const union = new Set<Key>();
          for (const v of lookup.values) {
            const key = valueKey(v);
            if (!field) {
              if (docs.has(key)) union.add(key);
            } else {
              for (const id of field.entries.get(key) ?? []) union.add(id);
            }
          }
          sets.push(union);
        }
        exact &&= lookup.exact && (field ? field.exact : true);
      }
    }
    if (sets.length === 0) return null;
    sets.sort((a, b) => a.size - b.size);
    if (sets.length === 1) return { ids: sets[0]!, exact };
    const [smallest, ...others] = sets;
    const out = new Set<Key>();
    for (const id of smallest!) if (others.every((s) => s.has(id))) out.add(id);
    return { ids: out, exact };
  }

  private duplicate(definition: IndexDefinition, doc: Doc): DuplicateKeyError {
    const dup = Object.keys(definition.keys)
      .map((path) => `${path}: ${JSON.stringify(valuesAtPath(doc, path.split('.'))[0] ?? null)}`)
      .join(', ');
    return new DuplicateKeyError(
      `E11000 duplicate key error collection: ${this.collectionName} index: ${definition.name} dup key: { ${dup} }`,
    );
  }
}
