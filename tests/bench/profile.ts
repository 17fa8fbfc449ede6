export { startProfile } from '@evc/platform/runtime/cpu-profile';

/**
 * BENCH_TRACE=1: what the event loop of this process did during a phase: its utilisation per second, and every gap of
 * over 40 ms between 5 ms ticks (a stall: a long task, or the garbage collector's marking). Answers the rows to print.
 */
export function watchLoop(): { stop(): [string, string][] } {
  if (!process.env.BENCH_TRACE) return { stop: () => [] };
  const t0 = performance.now();
  const stalls: string[] = [];
  const utilisation: string[] = [];
  let last = t0;
  let elu = performance.eventLoopUtilization();
  const tick = setInterval(() => {
    const now = performance.now();
    if (now - last > 40) stalls.push(`${((last - t0) / 1000).toFixed(1)} s: ${(now - last).toFixed(0)} ms`);
    last = now;
  }, 5);
  const second = setInterval(() => {
    utilisation.push((performance.eventLoopUtilization(elu).utilization * 100).toFixed(0));
    elu = performance.eventLoopUtilization();
  }, 1000);
  return {
    stop() {
      clearInterval(tick);
      clearInterval(second);
      return [
        ['event loop utilisation per second, %', utilisation.join(' ')],
        ['event loop stalls over 40 ms (when: how long)', stalls.join(' · ') || 'none'],
      ];
    },
  };
}
