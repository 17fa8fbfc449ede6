import { describe, expect, it } from 'vitest';
import { GrowOnlyList } from './grow-only-list';

const listOf = (items: number[]) => items.reduce((l, i) => l.with(i), GrowOnlyList.empty<number>());

describe('GrowOnlyList', () => {
  it('holds what it was made with, in order', () => {
    const l = listOf([3, 1, 2]);
    expect(l.toArray()).toEqual([3, 1, 2]);
    expect(l.length).toBe(3);
    expect(l.includes(1)).toBe(true);
    expect(l.includes(4)).toBe(false);
    expect(GrowOnlyList.empty<number>().includes(0)).toBe(false);
  });

  it('an older version grown again does not see, or change, what a newer one holds', () => {
    const base = listOf([1, 2]);
    const a = base.with(3);
    const b = base.with(4);
    const a2 = a.with(5);
    expect(base.toArray()).toEqual([1, 2]);
    expect(a.toArray()).toEqual([1, 2, 3]);
    expect(b.toArray()).toEqual([1, 2, 4]);
    expect(a2.toArray()).toEqual([1, 2, 3, 5]);
    expect(base.includes(3)).toBe(false);
    expect(b.includes(3)).toBe(false);
    expect(a.includes(4)).toBe(false);
    expect(a.includes(5)).toBe(false);
  });

  it('two lists grown from the shared empty list stay apart', () => {
    const one = GrowOnlyList.empty<number>().with(1);
    const two = GrowOnlyList.empty<number>().with(2);
    expect(one.toArray()).toEqual([1]);
    expect(two.toArray()).toEqual([2]);
    expect(GrowOnlyList.empty<number>().length).toBe(0);
  });
});
