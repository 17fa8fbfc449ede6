import { setFlagsFromString } from 'node:v8';

/**
 * How far the old generation may grow past what the last full collection kept before V8 starts marking again (its
 * `--heap-growing-percent`; HEAP_GROWTH_PERCENT). Left to itself, V8 chose about 10–40 % for the launcher's heap at
 * the ceiling of issue 18 (some 500 MiB live, about 5 MB a second promoted): a mark of some 300 ms of the main
 * thread every 10 to 20 seconds, and the readings caught behind each mark set their p99. At 100 % (Go's default
 * GOGC) the marks come about once a minute, for a heap of at most about twice what is live. 0 leaves it to V8.
 */
export const heapGrowthFlags = (percent: number): string[] => (percent > 0 ? [`--heap-growing-percent=${percent}`] : []);

/** Applies HEAP_GROWTH_PERCENT to this process (V8 reads the flag at each full collection, so the next one uses it). */
export function setHeapGrowth(percent: number): void {
  for (const flag of heapGrowthFlags(percent)) setFlagsFromString(flag);
}
