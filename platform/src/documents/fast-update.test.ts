import { update as mingoUpdate } from 'mingo';
import { describe, expect, it } from 'vitest';
import type { Doc, Update } from '../ports/documents';
import { fastApply } from './fast-update';
import { cloneValue } from './values';

let seed = 5;
const random = () => (seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31) / 2 ** 31;
const pick = <T>(a: readonly T[]): T => a[Math.floor(random() * a.length)]!;
const VALUES = [1, 'x', null, true, [1, 2], { k: 1 }, { k: { m: 2 } }];
const PATHS = ['a', 'b', 'n.k', 'n.k.m', 'n.z', 'deep.er.still'];

function randomDoc(): Doc {
  const doc: Doc = { _id: 'd' };
  if (random() < 0.7) doc.a = pick(VALUES);
  if (random() < 0.7) doc.n = pick([{ k: 1 }, { k: { m: 1 } }, { z: 'q' }, 5, null, { k: [1] }]);
  return doc;
}

describe('fast update', () => {
  it('gives the same document as mingo for $set / $unset, and never touches the input', () => {
    let decided = 0;
    for (let round = 0; round < 2000; round++) {
      const doc = randomDoc();
      const before = cloneValue(doc);
      const update: Update = {};
      if (random() < 0.8)
        update.$set = Object.fromEntries([
          [pick(PATHS), pick(VALUES)],
          [pick(PATHS), pick(VALUES)],
        ]);
      if (random() < 0.4) update.$unset = { [pick(PATHS)]: '' };
      const fast = fastApply(doc, update, false);
      expect(doc).toEqual(before);
      if (!fast) continue;
      decided++;
      const slow = cloneValue(doc);
      let changed: string[];
      try {
        changed = mingoUpdate(slow, update as Record<string, never>, undefined, undefined, { cloneMode: 'deep' });
      } catch (error) {
        throw new Error(`the fast path decided an update mingo refuses: ${JSON.stringify({ doc, update })}`, { cause: error });
      }
      expect(fast.doc, JSON.stringify({ doc, update })).toEqual(slow);
      expect(fast.modified, JSON.stringify({ doc, update })).toBe(changed.length > 0);
    }
    expect(decided).toBeGreaterThan(500);
  });

  it('sets an element of a top-level array as mingo does, copying the array', () => {
    const cases: Array<[Doc, Update]> = [
      [{ _id: 1, a: [{ k: 1 }, { k: 2 }, 3], b: 1 }, { $set: { 'a.1': { k: 9 }, b: 2 } }],
      [{ _id: 1, a: [{ k: 1 }, { k: 2 }] }, { $set: { 'a.0': { k: 1 } } }],
      [{ _id: 1, a: [1, 2, 3] }, { $set: { 'a.0': 'x', 'a.2': [4] } }],
    ];
    for (const [doc, update] of cases) {
      const before = cloneValue(doc);
      const fast = fastApply(doc, update, false);
      expect(doc).toEqual(before);
      const slow = cloneValue(doc);
      const changed = mingoUpdate(slow, update as Record<string, never>, undefined, undefined, { cloneMode: 'deep' });
      expect(fast?.doc).toEqual(slow);
      expect(fast?.modified).toBe(changed.length > 0);
    }
    // Past the end, through a non-array, nested, with a leading zero, or beside the whole array: mingo's.
    expect(fastApply({ _id: 1, a: [1] }, { $set: { 'a.1': 2 } }, false)).toBeNull();
    expect(fastApply({ _id: 1, a: { 0: 1 } }, { $set: { 'a.0': 2 } }, false)).toBeNull();
    expect(fastApply({ _id: 1, n: { a: [1] } }, { $set: { 'n.a.0': 2 } }, false)).toBeNull();
    expect(fastApply({ _id: 1, a: [1, 2] }, { $set: { 'a.01': 2 } }, false)).toBeNull();
    expect(fastApply({ _id: 1, a: [1, 2] }, { $set: { 'a.0': 2, a: [] } }, false)).toBeNull();
    expect(fastApply({ _id: 1, a: [1, 2] }, { $unset: { 'a.0': '' } }, false)).toBeNull();
  });

  it('increments numbers at plain paths, copying only what it changes; a non-number is refused as MongoDB refuses it', () => {
    const doc = { _id: 1, n: 2, nested: { k: 1 }, list: [{ x: 1 }] };
    const result = fastApply(doc, { $inc: { n: 3, 'nested.k': -1, fresh: 0 } }, false)!;
    expect(result).toEqual({ doc: { _id: 1, n: 5, nested: { k: 0 }, list: [{ x: 1 }], fresh: 0 }, modified: true });
    expect(doc).toEqual({ _id: 1, n: 2, nested: { k: 1 }, list: [{ x: 1 }] });
    expect(result.doc.list).toBe(doc.list);
    expect(fastApply(doc, { $inc: { n: 0 } }, false)).toEqual({ doc, modified: false });
    expect(() => fastApply({ _id: 1, s: 'x' }, { $inc: { s: 1 } }, false)).toThrow(/non-numeric/);
  });

  it('pushes one value as mingo does, copying the array but not what it already held', () => {
    const doc = { _id: 1, list: [{ x: 1 }], n: { inner: [1] }, s: 'x' };
    const result = fastApply(doc, { $push: { list: { x: 2 }, 'n.inner': 2, fresh: [3] }, $set: { s: 'y' } }, false)!;
    const expected: Doc = cloneValue(doc);
    mingoUpdate(expected, { $push: { list: { x: 2 }, 'n.inner': 2, fresh: [3] }, $set: { s: 'y' } });
    expect(result).toEqual({ doc: expected, modified: true });
    expect(doc).toEqual({ _id: 1, list: [{ x: 1 }], n: { inner: [1] }, s: 'x' });
    expect(result.doc.list).not.toBe(doc.list);
    expect((result.doc.list as unknown[])[0]).toBe(doc.list[0]);
    const pushed = { x: 3 };
    expect((fastApply(doc, { $push: { list: pushed } }, false)!.doc.list as unknown[])[1]).not.toBe(pushed);
    // Modifiers, a non-array, an array element or a conflicting path: mingo's (which answers or refuses as MongoDB).
    expect(fastApply(doc, { $push: { list: { $each: [1, 2] } } }, false)).toBeNull();
    expect(fastApply(doc, { $push: { s: 1 } }, false)).toBeNull();
    expect(fastApply({ _id: 1, a: null }, { $push: { a: 1 } }, false)).toBeNull();
    expect(fastApply(doc, { $push: { 'list.0': 1 } }, false)).toBeNull();
    expect(fastApply(doc, { $push: { list: 1 }, $set: { list: [] } }, false)).toBeNull();
  });

  it('grows a stored list in place only where it is told it may, and only once nothing else can refuse the update', () => {
    const doc = { _id: 1, list: [1, 2], other: [9], n: 5 };
    const grown = fastApply(doc, { $push: { list: 3, other: 8 } }, false, (path) => path === 'list')!;
    expect(grown.doc).toEqual({ _id: 1, list: [1, 2, 3], other: [9, 8], n: 5 });
    expect(grown.doc.list).toBe(doc.list); // grown in place
    expect(grown.doc.other).not.toBe(doc.other); // copied: not allowed there
    expect(doc.other).toEqual([9]);
    // An update the fast path hands to mingo, or refuses, leaves the stored list as it was.
    expect(fastApply(doc, { $push: { list: 4 }, $rename: { n: 'm' } }, false, () => true)).toBeNull();
    expect(fastApply(doc, { $push: { list: 4 }, $unset: { 'n.x': '' } }, false, () => true)).toBeNull(); // decided after the push
    expect(doc.list).toEqual([1, 2, 3]);
    const refused = { _id: 1, list: [1], s: 'x' };
    expect(() => fastApply(refused, { $push: { list: 2 }, $inc: { s: 1 } }, false, () => true)).toThrow(/non-numeric/);
    expect(refused.list).toEqual([1]);
  });

  it('leaves other operators to mingo', () => {
    expect(fastApply({ _id: 1 }, { $addToSet: { a: 1 } }, false)).toBeNull();
    expect(fastApply({ _id: 1 }, { $set: { 'a.0': 1 } }, false)).toBeNull();
    expect(fastApply({ _id: 1, a: [1] }, { $set: { 'a.b': 1 } }, false)).toBeNull();
  });
});
