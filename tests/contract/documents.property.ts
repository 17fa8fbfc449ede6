import { expect, it } from 'vitest';
import type { Collection, Doc, DocumentStore, Filter } from '@evc/platform/ports/documents';

/** Small seeded PRNG (mulberry32) so a failing case can be replayed from its seed. */
function prng(seed: number): () => number {
  let t = seed >>> 0;
  return () => {
    t = (t + 0x6d2b79f5) >>> 0;
    let r = Math.imul(t ^ (t >>> 15), 1 | t);
    r = (r + Math.imul(r ^ (r >>> 7), 61 | r)) ^ r;
    return ((r ^ (r >>> 14)) >>> 0) / 4294967296;
  };
}

const PRIMITIVES: unknown[] = [0, 1, 2, 1.5, -0, '0', '1', 'x', 'y', '', true, false, null];

/**
 * Property: a collection with indexes answers every query exactly like one without, across random documents
 * (arrays, nested paths, nulls, missing fields, mixed types), random filters and interleaved writes.
 */
export function documentsPropertySuite(
  store: () => DocumentStore,
  unique: (what: string) => string,
  options: { nestedArrays: boolean } = { nestedArrays: true },
): void {
  it('answers random filters identically with and without indexes, across random writes', async () => {
    const seed = Number(process.env.PROPERTY_SEED ?? Date.now() % 100_000);
    const random = prng(seed);
    const pick = <T>(list: readonly T[]): T => list[Math.floor(random() * list.length)]!;
    const primitive = () => pick(PRIMITIVES);
    const maybe = (make: () => unknown): unknown => (random() < 0.15 ? undefined : make());
    const arrayOf = (make: () => unknown) => Array.from({ length: Math.floor(random() * 4) }, make);

    let nextId = 0;
    const randomDoc = (): Doc => {
      const doc: Doc = { _id: nextId++ };
      const fields: Record<string, unknown> = {
        a: maybe(() => (random() < 0.3 ? arrayOf(primitive) : primitive())),
        b: maybe(primitive), // never an array: MongoDB refuses compound keys over two arrays
        c: maybe(() => (random() < 0.2 ? 'flat' : { d: random() < 0.2 ? arrayOf(primitive) : primitive() })),
        tags: maybe(() => (random() < 0.8 ? arrayOf(() => pick(['x', 'y', 'z', 1, 2])) : pick(['x', 1]))),
        // Occasionally an array inside the array: path matching through nested arrays is where engines differ.
        items: maybe(() => arrayOf(() => (options.nestedArrays && random() < 0.15 ? [{ k: primitive() }] : { k: primitive() }))),
      };
      for (const [k, v] of Object.entries(fields)) if (v !== undefined) doc[k] = v;
      return doc;
    };
    const paths = ['a', 'b', 'c.d', 'tags', 'items.k', '_id'];
    const condition = (path: string): Filter => {
      const value = path === '_id' ? Math.floor(random() * (nextId + 3)) : primitive();
      switch (Math.floor(random() * 5)) {
        case 0:
          return { [path]: { $eq: value } };
        case 1:
          return { [path]: { $in: [value, path === '_id' ? Math.floor(random() * nextId) : primitive()] } };
        case 2:
          return { [path]: { $in: [value], $ne: primitive() } };
        default:
          return { [path]: value };
      }
    };
    const randomFilter = (): Filter => {
      switch (Math.floor(random() * 6)) {
        case 0:
          return { ...condition(pick(paths)), ...condition(pick(paths)) };
        case 1:
          return { $and: [condition(pick(paths)), condition(pick(paths))] };
        case 2:
          return { $or: [condition(pick(paths)), condition(pick(paths))] };
        case 3:
          return { ...condition(pick(paths)), b: { $exists: random() < 0.5 } };
        default:
          return condition(pick(paths));
      }
    };

    const indexed: Collection = store().collection(unique('prop_indexed'));
    const plain: Collection = store().collection(unique('prop_plain'));
    const both = async (op: (c: Collection) => Promise<unknown>) => {
      await op(indexed);
      await op(plain);
    };
    await indexed.createIndex({ a: 1 });
    await indexed.createIndex({ b: 1, a: 1 });
    for (let i = 0; i < 150; i++) {
      const doc = randomDoc();
      await both((c) => c.insertOne(structuredClone(doc)));
    }
    // Some indexes are built over existing documents, some maintained from the start.
    await indexed.createIndex({ 'c.d': 1 });
    await indexed.createIndex({ tags: 1 });
    await indexed.createIndex({ 'items.k': -1 });
    await indexed.createIndex({ b: 1 });

    for (let round = 0; round < 120; round++) {
      const filter = randomFilter();
      const context = `seed ${seed}, round ${round}, filter ${JSON.stringify(filter)}`;
      const expected = await plain.find(filter, { sort: { _id: 1 } }).toArray();
      expect(await indexed.find(filter, { sort: { _id: 1 } }).toArray(), context).toEqual(expected);
      expect(await indexed.countDocuments(filter), context).toBe(expected.length);

      const write = randomFilter();
      const roll = random();
      if (roll < 0.35) {
        const value = random() < 0.3 ? arrayOf(primitive) : primitive();
        const field = pick(['a', 'c.d', 'tags', 'extra']);
        // MongoDB refuses to set `c.d` inside a `c` that is not a document (and stops the update there): not a case.
        const target = field === 'c.d' ? { $and: [write, { c: { $ne: 'flat' } }] } : write;
        await both((c) => c.updateMany(target, { $set: { [field]: structuredClone(value) } }));
      } else if (roll < 0.5) {
        const value = primitive();
        await both((c) => c.updateOne(write, { $set: { b: value } }));
      } else if (roll < 0.6) {
        await both((c) => c.updateMany(write, { $unset: { a: '' } }));
      } else if (roll < 0.7) {
        await both((c) => c.deleteMany(write));
      } else if (roll < 0.85) {
        const doc = randomDoc();
        await both((c) => c.insertOne(structuredClone(doc)));
      } else {
        const doc = randomDoc();
        const { _id: _ignored, ...replacement } = doc;
        await both((c) => c.replaceOne(write, structuredClone(replacement)));
      }
    }
    expect(await indexed.find({}, { sort: { _id: 1 } }).toArray()).toEqual(await plain.find({}, { sort: { _id: 1 } }).toArray());
  });
}
