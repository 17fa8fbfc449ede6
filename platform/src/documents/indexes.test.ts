import { describe, expect, it } from 'vitest';
import { DuplicateKeyError, type Doc } from '../ports/documents';
import { FieldIndex, IndexSet } from './indexes';
import { valueKey, valuesAtPath } from './values';

const store = (docs: Doc[]) => new Map(docs.map((d) => [String(d._id), d]));

describe("the memory store's index set", () => {
  it('hashes only the first key of a compound index: the later keys (sort keys) are tested per document', () => {
    const at = (s: number) => new Date(Date.UTC(2026, 10, 24, 12, 0, s));
    const docs = store([
      { _id: 'f1', chargerId: 'c1', at: at(1) },
      { _id: 'f2', chargerId: 'c1', at: at(2) },
      { _id: 'f3', chargerId: 'c2', at: at(2) },
    ]);
    const indexes = new IndexSet('frames');
    indexes.create({ name: 'chargerId_1_at_-1', keys: { chargerId: 1, at: -1 }, unique: false }, docs);

    expect(indexes.candidates({ at: at(2) }, docs)).toBeNull();
    const both = indexes.candidates({ chargerId: 'c1', at: at(2) }, docs)!;
    expect([...both.ids].sort()).toEqual(['f1', 'f2']);
    expect(both.exact).toBe(false);
    const prefix = indexes.candidates({ chargerId: 'c1' }, docs)!;
    expect([...prefix.ids].sort()).toEqual(['f1', 'f2']);
    expect(prefix.exact).toBe(true);
  });

  it('still holds a unique compound index on every key, and follows writes to its later keys', () => {
    const docs = store([{ _id: 'a', station: 's1', no: 1 }]);
    const indexes = new IndexSet('connectors');
    indexes.create({ name: 'station_1_no_1', keys: { station: 1, no: 1 }, unique: true }, docs);
    indexes.add('a', docs.get('a')!);

    expect(() => indexes.check('b', { _id: 'b', station: 's1', no: 1 })).toThrow(DuplicateKeyError);
    expect(() => indexes.check('b', { _id: 'b', station: 's1', no: 2 })).not.toThrow();

    const moved = { _id: 'a', station: 's1', no: 3 };
    indexes.replace('a', docs.get('a')!, moved);
    docs.set('a', moved);
    expect(() => indexes.check('b', { _id: 'b', station: 's1', no: 1 })).not.toThrow();
    expect(() => indexes.check('b', { _id: 'b', station: 's1', no: 3 })).toThrow(DuplicateKeyError);
  });

  it('refuses a unique index over duplicates and keeps no half-built hash behind', () => {
    const docs = store([
      { _id: 'a', station: 's1', no: 1 },
      { _id: 'b', station: 's1', no: 1 },
    ]);
    const indexes = new IndexSet('connectors');
    expect(() => indexes.create({ name: 'u', keys: { station: 1, no: 1 }, unique: true }, docs)).toThrow(DuplicateKeyError);
    expect(indexes.candidates({ station: 's1' }, docs)).toBeNull();
  });

  it('finds the same keys on a path without arrays as the general walk does, and takes the walk where there are arrays', () => {
    const docs: Doc[] = [
      { _id: 1, a: 'x' },
      { _id: 2, a: 7, b: true },
      { _id: 3, a: null },
      { _id: 4 },
      { _id: 5, a: new Date(Date.UTC(2026, 10, 29)) },
      { _id: 6, a: { b: 'y', c: { d: 1 } } },
      { _id: 7, a: { b: null } },
      { _id: 8, a: { b: [1, 2, [3]] } },
      { _id: 9, a: [{ b: 'p' }, { b: 'q' }, [{ b: 'r' }]] },
      { _id: 10, a: ['s', 't'] },
      { _id: 11, a: 'scalar-before-the-end' },
      { _id: 12, a: { b: { c: 'deep' } } },
      { _id: 13, a: [] },
      { _id: 14, a: { b: new Date(0) } },
    ];
    for (const path of ['a', 'a.b', 'a.b.c', 'a.0', 'a.1.b', 'z']) {
      const index = new FieldIndex(path);
      for (const doc of docs) {
        const fast = { irregular: false };
        const walked = { irregular: false };
        const expected = new Set(valuesAtPath(doc, path.split('.'), walked).map(valueKey));
        expect({ path, id: doc._id, keys: [...index.keysOf(doc, fast)] }).toEqual({ path, id: doc._id, keys: [...expected] });
        expect({ path, id: doc._id, irregular: fast.irregular }).toEqual({ path, id: doc._id, irregular: walked.irregular });
      }
    }
  });
});
