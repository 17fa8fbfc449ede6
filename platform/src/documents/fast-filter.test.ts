import { Query } from 'mingo';
import { describe, expect, it } from 'vitest';
import type { Doc, Filter } from '../ports/documents';
import { compileFilter } from './query';

let seed = 11;
const random = () => (seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31) / 2 ** 31;
const pick = <T>(a: readonly T[]): T => a[Math.floor(random() * a.length)]!;

const VALUES = [
  'cairo',
  'Cairo',
  'giza',
  '',
  'z',
  0,
  1,
  2.5,
  -1,
  true,
  false,
  null,
  undefined,
  ['cairo', 'giza'],
  [1, 2],
  { city: 'cairo' },
  [{ city: 'giza' }],
  [{ city: 'cairo' }, { city: ['giza', 1] }, 'cairo'],
  [{ city: { name: 'giza' } }, { other: 1 }],
  [[{ city: 'cairo' }]],
  [null, { city: null }],
  { city: ['cairo', [1]] },
];
function randomDoc(i: number): Doc {
  const doc: Doc = { _id: `d${i}` };
  for (const field of ['a', 'b', 'c']) {
    const v = pick(VALUES);
    if (v !== undefined) doc[field] = v;
  }
  if (random() < 0.5) doc.n = { a: pick(VALUES), b: pick(VALUES) };
  return doc;
}

const FIELDS = ['a', 'b', 'c', 'n.a', 'n.b', 'missing', 'a.city', 'n.a.city', 'b.city.name'];
const PRIMS = ['cairo', 'Cairo', 'giza', '', 0, 1, 2.5, true, false];
function randomCondition(): unknown {
  switch (Math.floor(random() * 10)) {
    case 0:
      return pick(PRIMS);
    case 1:
      return { $eq: pick(PRIMS) };
    case 2:
      return { $ne: pick(PRIMS) };
    case 3:
      return { [pick(['$gt', '$gte', '$lt', '$lte'])]: pick([0, 1, 'c', 'giza']) };
    case 4:
      return { $in: [pick(PRIMS), pick(PRIMS)] };
    case 5:
      return { $exists: pick([true, false]) };
    case 6:
      return { $regex: pick(['^c', 'air', 'Z', '.']), ...(random() < 0.5 ? { $options: 'i' } : {}) };
    case 7:
      return { $gt: 0, $lt: 2 };
    case 8:
      return null;
    default:
      return { $regex: 'i', $ne: 'giza' };
  }
}
function randomFilter(depth = 0): Filter {
  const filter: Filter = {};
  const n = 1 + Math.floor(random() * 2);
  for (let i = 0; i < n; i++) {
    if (depth < 2 && random() < 0.25) filter[pick(['$or', '$and'])] = [randomFilter(depth + 1), randomFilter(depth + 1)];
    else filter[pick(FIELDS)] = randomCondition();
  }
  return filter;
}

describe('fast filter', () => {
  it('answers exactly like mingo on random documents and filters (arrays, sub-documents, nulls, missing fields, equality with null)', () => {
    const docs = Array.from({ length: 300 }, (_, i) => randomDoc(i));
    for (let round = 0; round < 400; round++) {
      const filter = randomFilter();
      const test = compileFilter(filter)!;
      const query = new Query(filter, {});
      const fast = docs.filter((d) => test(d)).map((d) => d._id);
      const slow = docs.filter((d) => query.test(d)).map((d) => d._id);
      expect(fast, JSON.stringify(filter)).toEqual(slow);
    }
  });
});
