import { describe, expect, it } from 'vitest';
import { DuplicateKeyError } from '../ports/documents';
import { createMemoryDocumentStore } from './memory-document-store';
import { compareValues } from './values';

describe('memory document store specifics', () => {
  it('exports and imports whole stores, keeping and rebuilding indexes', async () => {
    const store = createMemoryDocumentStore();
    const users = store.collection('users');
    await users.createIndex({ email: 1 }, { unique: true });
    await users.insertOne({ _id: 'u1', email: 'a@x.eg', at: new Date('2024-01-01T00:00:00Z') });
    await store.collection('stations').insertOne({ _id: 's1', city: 'Cairo' });
    const snapshot = JSON.parse(JSON.stringify(store.exportAll())) as Record<string, Record<string, unknown>[]>;
    expect(snapshot).toEqual({
      users: [{ _id: 'u1', email: 'a@x.eg', at: '2024-01-01T00:00:00.000Z' }],
      stations: [{ _id: 's1', city: 'Cairo' }],
    });

    const restored = createMemoryDocumentStore();
    await restored.collection('users').createIndex({ email: 1 }, { unique: true });
    restored.importAll(snapshot);
    expect(await restored.collection('stations').findOne({ city: 'Cairo' })).toEqual({ _id: 's1', city: 'Cairo' });
    await expect(restored.collection('users').insertOne({ _id: 'u2', email: 'a@x.eg' })).rejects.toBeInstanceOf(DuplicateKeyError);
    expect(() =>
      restored.importAll({
        users: [
          { _id: 1, email: 'same' },
          { _id: 2, email: 'same' },
        ],
      }),
    ).toThrow(DuplicateKeyError);
  });

  it('keeps stored documents private from results and from inputs', async () => {
    const c = createMemoryDocumentStore().collection('c');
    const list = [1, 2];
    await c.updateOne({ _id: 'a' }, { $set: { list } }, { upsert: true });
    list.push(3);
    const [doc] = await c.aggregate<{ list: number[] }>([{ $match: { _id: 'a' } }]).toArray();
    doc!.list.push(4);
    expect(await c.findOne({ _id: 'a' })).toEqual({ _id: 'a', list: [1, 2] });
  });

  it('grows a stored list in place without it reaching a result, an index or a refused write', async () => {
    const store = createMemoryDocumentStore();
    const c = store.collection('c');
    await c.insertOne({ _id: 'a', list: [1], tags: ['x'] });
    await c.createIndex({ tags: 1 });
    const before = await c.findOne({ _id: 'a' });
    const joined = await store
      .collection('j')
      .aggregate<{ from: { list: number[] }[] }>([{ $lookup: { from: 'c', pipeline: [], as: 'from' } }])
      .toArray();
    await store.collection('j').insertOne({ _id: 'j' });
    const lookedUp = await store
      .collection('j')
      .aggregate<{ from: { list: number[] }[] }>([{ $lookup: { from: 'c', pipeline: [], as: 'from' } }])
      .toArray();
    await c.updateOne({ _id: 'a' }, { $push: { list: 2, tags: 'y' } });
    // Results read before the write do not change with it (a $lookup's joined documents included).
    expect(before).toEqual({ _id: 'a', list: [1], tags: ['x'] });
    expect(joined).toEqual([]);
    expect(lookedUp[0]!.from[0]!.list).toEqual([1]);
    expect(await c.findOne({ _id: 'a' })).toEqual({ _id: 'a', list: [1, 2], tags: ['x', 'y'] });
    // The indexed list was copied, so its index learnt the new value.
    expect(await c.find({ tags: 'y' }).toArray()).toHaveLength(1);
    expect(await c.find({ tags: 'x' }).toArray()).toHaveLength(1);
    // With a unique index, a refused write leaves the list as it was.
    const u = store.collection('u');
    await u.createIndex({ code: 1 }, { unique: true });
    await u.insertOne({ _id: 'a', code: 'a', list: [1] });
    await u.insertOne({ _id: 'b', code: 'b' });
    await expect(u.updateOne({ _id: 'a' }, { $set: { code: 'b' }, $push: { list: 2 } })).rejects.toBeInstanceOf(DuplicateKeyError);
    expect(await u.findOne({ _id: 'a' })).toEqual({ _id: 'a', code: 'a', list: [1] });
  });

  it('returns unsorted results in natural (insertion) order, also through an index', async () => {
    const c = createMemoryDocumentStore().collection('c');
    await c.createIndex({ k: 1 });
    for (let i = 0; i < 50; i++) await c.insertOne({ _id: `d${i}`, k: i % 2 });
    await c.updateOne({ _id: 'd0' }, { $set: { k: 1 } }); // index sets change order; natural order does not
    const viaIndex = (await c.find({ k: 1 }, { limit: 3 }).toArray()).map((d) => d._id);
    expect(viaIndex).toEqual(['d0', 'd1', 'd3']);
  });

  it('sorts mixed types in BSON order, arrays by their extreme element', async () => {
    const c = createMemoryDocumentStore().collection('c');
    const values = [true, 'b', 2, null, { x: 1 }, 'a', [5, 0], new Date(0), 1];
    for (const [i, v] of values.entries()) await c.insertOne({ _id: i, v });
    await c.insertOne({ _id: 'missing' });
    const asc = (await c.find({}, { sort: { v: 1, _id: 1 } }).toArray()).map((d) => d._id);
    // null and missing first, then numbers (the array sorts by its minimum 0), strings, objects, booleans, dates.
    expect(asc).toEqual([3, 'missing', 6, 8, 2, 5, 1, 4, 0, 7]);
    const desc = (await c.find({ _id: { $in: [2, 6, 8] } }, { sort: { v: -1 } }).toArray()).map((d) => d._id);
    expect(desc).toEqual([6, 2, 8]); // descending uses the array's maximum 5
    expect(compareValues(Number.NaN, -Infinity)).toBeLessThan(0);
  });

  it('answers top-level field projections as mingo does, with copies of the stored values', async () => {
    const c = createMemoryDocumentStore().collection('c');
    await c.insertOne({ _id: 'a', name: 'A', nested: { list: [1, 2] }, n: 0, empty: null });
    await c.insertOne({ _id: 'b', other: true });
    expect(await c.findOne({ _id: 'a' }, { projection: { name: 1, nested: 1 } })).toEqual({
      _id: 'a',
      name: 'A',
      nested: { list: [1, 2] },
    });
    expect(await c.findOne({ _id: 'a' }, { projection: { _id: 0, n: true, empty: 1, missing: 1 } })).toEqual({ n: 0, empty: null });
    expect(await c.find({}, { projection: { name: 1 }, sort: { _id: -1 } }).toArray()).toEqual([{ _id: 'b' }, { _id: 'a', name: 'A' }]);
    // Top-level exclusions too, `_id` among them or not.
    expect(await c.findOne({ _id: 'a' }, { projection: { nested: 0, empty: 0 } })).toEqual({ _id: 'a', name: 'A', n: 0 });
    expect(await c.findOne({ _id: 'a' }, { projection: { _id: 0, name: false } })).toEqual({ nested: { list: [1, 2] }, n: 0, empty: null });
    // Others still go to mingo.
    expect(await c.findOne({ _id: 'a' }, { projection: { 'nested.list': 1 } })).toEqual({ _id: 'a', nested: { list: [1, 2] } });
    expect(await c.findOne({ _id: 'a' }, { projection: { 'nested.list': 0 } })).toEqual({
      _id: 'a',
      name: 'A',
      nested: {},
      n: 0,
      empty: null,
    });
    const picked = (await c.findOne({ _id: 'a' }, { projection: { nested: 1 } })) as { nested: { list: number[] } } | null;
    picked!.nested.list.push(3);
    const rest = (await c.findOne({ _id: 'a' }, { projection: { name: 0 } })) as { nested: { list: number[] } } | null;
    rest!.nested.list.push(4);
    expect(await c.findOne({ _id: 'a' })).toEqual({ _id: 'a', name: 'A', nested: { list: [1, 2] }, n: 0, empty: null });
  });

  it('tells values of different types apart by _id and through indexes, as MongoDB equality does', async () => {
    // Strings, numbers and booleans are their own hash keys; dates and other values are tagged strings, and a string
    // that looks like a tag must still be only itself.
    const c = createMemoryDocumentStore().collection('c');
    await c.createIndex({ v: 1 });
    await c.createIndex({ u: 1 }, { unique: true });
    const values: [string, unknown][] = [
      ['one', 1],
      ['one as text', '1'],
      ['true', true],
      ['true as text', 'true'],
      ['null', null],
      ['date', new Date(5)],
      ['date-like text', '\u0000d5'],
      ['object', { a: 1 }],
      ['object-like text', '\u0000o{"a":1}'],
      ['nul text', '\u0000'],
      ['zero', 0],
    ];
    for (const [name, v] of values)
      await c.insertOne({
        _id: v instanceof Date || (typeof v === 'object' && v !== null) ? name : ((v as string | number | boolean | null) ?? 'null-id'),
        name,
        v,
        u: v,
      });
    await c.insertOne({ _id: 'missing', name: 'missing', u: 'm' }); // a second null `u` would be refused, as in MongoDB
    const names = async (filter: Record<string, unknown>) => (await c.find(filter).toArray()).map((d) => d.name).sort();
    expect(await names({ v: 1 })).toEqual(['one']);
    expect(await names({ v: '1' })).toEqual(['one as text']);
    expect(await names({ v: -0 })).toEqual(['zero']);
    expect(await names({ v: true })).toEqual(['true']);
    expect(await names({ v: 'true' })).toEqual(['true as text']);
    expect(await names({ v: null })).toEqual(['missing', 'null']);
    expect(await names({ v: new Date(5) })).toEqual(['date']);
    expect(await names({ v: '\u0000d5' })).toEqual(['date-like text']);
    expect(await names({ v: '\u0000' })).toEqual(['nul text']);
    expect(await names({ v: { a: 1 } })).toEqual(['object']);
    expect(await names({ v: { $in: [1, '\u0000o{"a":1}'] } })).toEqual(['object-like text', 'one']);
    expect(await names({ _id: 1 })).toEqual(['one']);
    expect(await names({ _id: '1' })).toEqual(['one as text']);
    expect(await names({ _id: { $in: [true, 'true'] } })).toEqual(['true', 'true as text']);
    // The unique index also holds 1 and '1' as two values, and refuses the same one twice.
    await expect(c.insertOne({ _id: 'again', u: 1 })).rejects.toThrow(DuplicateKeyError);
    await expect(c.insertOne({ _id: 'again', u: new Date(5) })).rejects.toThrow(DuplicateKeyError);
    await c.insertOne({ _id: 'fine', u: 2 });
    expect(await c.countDocuments({})).toBe(values.length + 2);
  });

  it('keeps indexes right through updates that do and do not touch the indexed fields', async () => {
    const store = createMemoryDocumentStore();
    const c = store.collection('c');
    await c.createIndex({ status: 1 });
    await c.createIndex({ 'geo.cell': 1 });
    await c.createIndex({ email: 1 }, { unique: true });
    await c.insertOne({ _id: 'a', status: 'on', geo: { cell: 'x', name: 'X' }, email: 'a@x.eg', n: 1 });
    await c.insertOne({ _id: 'b', status: 'on', geo: { cell: 'y', name: 'Y' }, email: 'b@x.eg', n: 1 });
    await c.updateOne({ _id: 'a' }, { $set: { n: 2 } });
    await c.updateOne({ _id: 'b' }, { $set: { status: 'off', 'geo.name': 'Y2' } });
    await c.replaceOne({ _id: 'a' }, { _id: 'a', status: 'on', geo: { cell: 'z', name: 'Z' }, email: 'a2@x.eg', n: 3 });
    const ids = async (filter: Record<string, unknown>) => (await c.find(filter).toArray()).map((d) => d._id);
    expect(await ids({ status: 'on' })).toEqual(['a']);
    expect(await ids({ status: 'off' })).toEqual(['b']);
    expect(await ids({ 'geo.cell': 'x' })).toEqual([]);
    expect(await ids({ 'geo.cell': 'y' })).toEqual(['b']);
    expect(await ids({ 'geo.cell': 'z' })).toEqual(['a']);
    expect(await c.countDocuments({ status: 'on' })).toBe(1);
    // The unique index follows too: the old address is free, the new one taken.
    await c.insertOne({ _id: 'c', email: 'a@x.eg' });
    await expect(c.insertOne({ _id: 'd', email: 'a2@x.eg' })).rejects.toBeInstanceOf(DuplicateKeyError);
    await expect(c.updateOne({ _id: 'b' }, { $set: { email: 'a2@x.eg' } })).rejects.toBeInstanceOf(DuplicateKeyError);
    expect(await ids({ email: 'b@x.eg' })).toEqual(['b']);
  });
});
