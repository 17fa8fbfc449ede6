import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { heapGrowthFlags, youngGenerationFlags } from './heap-growth';

describe('heap growth', () => {
  it("is V8's --heap-growing-percent, and no flag at all for 0 (V8's own choice)", () => {
    expect(heapGrowthFlags(100)).toEqual([
      '--heap-growing-percent=100',
      '--external-memory-accounted-in-global-limit',
      '--incremental-marking-soft-trigger=85',
      '--no-memory-reducer',
    ]);
    expect(heapGrowthFlags(0)).toEqual([]);
  });

  it("gives npm start's launcher and the benchmarks that host it the gateway process's young generation", () => {
    const scripts = (
      JSON.parse(readFileSync(new URL('../../../package.json', import.meta.url), 'utf8')) as { scripts: Record<string, string> }
    ).scripts;
    for (const name of ['start', 'bench:ocpp', 'bench:charging']) {
      for (const flag of youngGenerationFlags()) expect(scripts[name], name).toContain(flag);
    }
  });
});
