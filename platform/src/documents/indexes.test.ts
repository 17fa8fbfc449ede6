import { describe, expect, it } from 'vitest';
import { DuplicateKeyError, type Doc } from '../ports/documents';
import { IndexSet } from './indexes';

const store = (docs: Doc[]) => new Map(docs.map((d) => [String(d._id), d]));

describe('the memory store\'s index set', () => {
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
});
