import { update as mingoUpdate } from 'mingo';
import { describe, expect, it } from 'vitest';
import type { Doc, Update } from '../ports/documents';
import { fastApply } from './fast-update';
import { cloneValue } from './values';

let seed = 5;
const random = () => ((seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31) / 2 ** 31);
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
      if (random() < 0.8) update.$set = Object.fromEntries([[pick(PATHS), pick(VALUES)], [pick(PATHS), pick(VALUES)]]);
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

  it('leaves other operators to mingo', () => {
    expect(fastApply({ _id: 1 }, { $inc: { a: 1 } }, false)).toBeNull();
    expect(fastApply({ _id: 1 }, { $set: { 'a.0': 1 } }, false)).toBeNull();
    expect(fastApply({ _id: 1, a: [1] }, { $set: { 'a.b': 1 } }, false)).toBeNull();
  });
});
