import { describe, expect, it } from 'vitest';
import { HashTable31 } from './hash-table';

describe('the typed hash table of the embedded indexes', () => {
  it('answers what a Map of lists answers, through many doublings, with keys that share their probes', () => {
    const table = new HashTable31();
    const model = new Map<number, number[]>();
    // Keys of few distinct values and high bits only, so that runs are long and wrap past the table's end.
    let seed = 7;
    const next = () => (seed = (Math.imul(seed, 1103515245) + 12345) >>> 0);
    for (let i = 0; i < 60_000; i++) {
      const key = i % 3 === 0 ? (next() % 500) << 20 : next() >>> 1;
      table.add(key, i);
      model.set(key, [...(model.get(key) ?? []), i]);
    }
    expect(table.size).toBe(60_000);
    for (const [key, values] of model) {
      expect(table.first(key)).toBe(values[0]);
      // Every value of a key is found, and the first passing a test is the first added that passes it.
      for (const v of values) expect(table.find(key, (x) => x === v)).toBe(v);
      expect(table.find(key, (x) => x % 2 === 1)).toBe(values.find((x) => x % 2 === 1));
    }
    expect(table.first(0x7fff_fffe)).toBe(model.get(0x7fff_fffe)?.[0]);
    expect(table.find(123, () => true)).toBe(model.get(123)?.[0]);
  });

  it("replaces a key's first value and keeps the rest", () => {
    const table = new HashTable31();
    table.add(5, 1);
    table.add(5, 2);
    table.replaceFirst(5, 9);
    expect(table.first(5)).toBe(9);
    expect(table.find(5, (v) => v !== 9)).toBe(2);
    expect(() => table.replaceFirst(6, 1)).toThrow();
  });

  it('refuses keys and values it cannot hold, rather than losing them', () => {
    const table = new HashTable31();
    expect(() => table.add(-1, 1)).toThrow(RangeError);
    expect(() => table.add(2 ** 31, 1)).toThrow(RangeError);
    expect(() => table.add(1, 2 ** 32)).toThrow(RangeError);
    expect(() => table.add(1, 1.5)).toThrow(RangeError);
    expect(table.size).toBe(0);
  });

  it('holds more entries than a Map can (2^24): an index of one entry per event outlives nine hours of the ceiling', () => {
    const table = new HashTable31();
    const n = 2 ** 24 + 1000;
    for (let i = 0; i < n; i++) table.add(Math.imul(i, 0x9e3779b1) >>> 1, i);
    expect(table.size).toBe(n);
    for (const i of [0, 1, 2 ** 24 - 1, 2 ** 24, n - 1]) expect(table.find(Math.imul(i, 0x9e3779b1) >>> 1, (v) => v === i)).toBe(i);
  }, 60_000);
});
