import { setFlagsFromString } from 'node:v8';

/** Where between the last full collection and the next limit the marker starts (V8's `--incremental-marking-soft-trigger`). */
const MARKING_STARTS_AT_PERCENT = 85;

/**
 * How far the old generation may grow past what the last full collection kept before V8 starts marking again (its
 * `--heap-growing-percent`; HEAP_GROWTH_PERCENT). Left to itself, V8 picks a small growth for a large heap that
 * promotes steadily: long marks of the main thread come often, and the readings caught behind each mark set the p99.
 * At 100 % (Go's default GOGC) the marks come far less often, for a heap of at most about twice what is live
 * (`npm run bench:ocpp`, scenario `ceiling`, measures it). 0 leaves it to V8.
 *
 * With the growth set, three more flags go with it:
 * - memory outside V8's heap (Buffers) counts toward the same limit (`--external-memory-accounted-in-global-limit`)
 *   instead of starting a mark of its own each time it has grown by 64 MiB: a launcher whose buffers come and go
 *   steadily would otherwise be marked often for them alone;
 * - the marker starts at 85 % of the way to the limit, so a mark the limit starts finishes in steps before it;
 * - no memory reducer (`--no-memory-reducer`): V8's mark for giving memory back when the allocation rate looks low
 *   compacts every page it can in its final pause. At the ceiling it comes some time after each full collection, and
 *   its long pause sets the p99 (`Start (memory reducer)` … `Mark-Compact (reduce)` in --trace-gc). A server that holds its memory for the next burst does not want it; the limit still bounds the heap.
 *   V8 builds its memory reducer when the process starts, so this flag counts only on a command line: the gateway's
 *   process gets it here, the launcher and the benchmarks that host it in package.json's scripts (set later through
 *   `setHeapGrowth` it changes nothing: the reducer's mark still comes).
 */
export const heapGrowthFlags = (percent: number): string[] =>
  percent > 0
    ? [
        `--heap-growing-percent=${percent}`,
        '--external-memory-accounted-in-global-limit',
        `--incremental-marking-soft-trigger=${MARKING_STARTS_AT_PERCENT}`,
        '--no-memory-reducer',
      ]
    : [];

/** Applies HEAP_GROWTH_PERCENT to this process (V8 reads the flag at each full collection, so the next one uses it). */
export function setHeapGrowth(percent: number): void {
  for (const flag of heapGrowthFlags(percent)) setFlagsFromString(flag);
}

/**
 * The young generation's semi-space, MiB (V8's `--max-semi-space-size`). Every StatusNotification, reading and event
 * allocates short-lived objects; a larger nursery lets more of them die before a scavenge copies them, which cuts
 * the CPU a message costs (measured by `npm run bench:ocpp` with BENCH_SCENARIO=outsider, CPU per answered message).
 * V8 sizes the heap when the process starts, so it counts only on a command line: package.json's `start` and the
 * benchmarks that host the launcher pass it, and the gateway's process gets it from `youngGenerationFlags`.
 */
export const YOUNG_GENERATION_SEMI_SPACE_MB = 64;
export const youngGenerationFlags = (): string[] => [`--max-semi-space-size=${YOUNG_GENERATION_SEMI_SPACE_MB}`];
