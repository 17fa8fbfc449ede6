import { describe, expect, it } from 'vitest';
import { heapGrowthFlags } from './heap-growth';

describe('heap growth', () => {
  it("is V8's --heap-growing-percent, and no flag at all for 0 (V8's own choice)", () => {
    expect(heapGrowthFlags(100)).toEqual(['--heap-growing-percent=100', '--external-memory-accounted-in-global-limit', '--incremental-marking-soft-trigger=85', '--no-memory-reducer']);
    expect(heapGrowthFlags(0)).toEqual([]);
  });
});
