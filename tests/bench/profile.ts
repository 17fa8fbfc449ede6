export { startProfile } from '@evc/platform/runtime/cpu-profile';
import { PerformanceObserver, type PerformanceEntry } from 'node:perf_hooks';
import { fmt } from './stats';

/** The kinds of a `gc` performance entry (`detail.kind`, NODE_PERFORMANCE_GC_*). */
const GC_KINDS: Record<number, string> = {
  1: 'scavenges',
  2: 'minor mark-sweeps',
  4: 'full marks (final pause)',
  8: 'weak callbacks',
  16: 'incremental',
};

/**
 * With `trace` (a bench's --trace): what the event loop of this process did during a phase: its utilisation per second, every gap of
 * over 40 ms between 5 ms ticks (a stall: a long task, or the garbage collector's marking), and the collections the
 * garbage collector reported (count and time by kind; when each full mark ended and its final pause: the incremental
 * steps before it run inside the event loop's tasks and show as stalls, not here). Answers the rows to print.
 */
export function watchLoop(trace: boolean): { stop(): [string, string][] } {
  if (!trace) return { stop: () => [] };
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
  const gcs = new Map<string, number[]>();
  const marks: string[] = [];
  const collector = new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) {
      const kind = GC_KINDS[(entry as PerformanceEntry & { detail?: { kind?: number } }).detail?.kind ?? 0] ?? 'other';
      gcs.set(kind, [...(gcs.get(kind) ?? []), entry.duration]);
      if (kind.startsWith('full')) marks.push(`${((entry.startTime - t0) / 1000).toFixed(1)} s: ${entry.duration.toFixed(0)} ms`);
    }
  });
  collector.observe({ entryTypes: ['gc'] });
  const second = setInterval(() => {
    utilisation.push((performance.eventLoopUtilization(elu).utilization * 100).toFixed(0));
    elu = performance.eventLoopUtilization();
  }, 1000);
  return {
    stop() {
      clearInterval(tick);
      clearInterval(second);
      collector.disconnect();
      const seconds = (performance.now() - t0) / 1000;
      const byKind = [...gcs].map(([kind, ms]) => {
        const total = ms.reduce((a, b) => a + b, 0);
        return `${kind} ${ms.length} (${fmt(total)} ms, ${fmt(total / 10 / seconds)} % of the phase; longest ${fmt(Math.max(...ms))} ms)`;
      });
      return [
        ['event loop utilisation per second, %', utilisation.join(' ')],
        ['event loop stalls over 40 ms (when: how long)', stalls.join(' · ') || 'none'],
        ['garbage collections in this process', byKind.join(' · ') || 'none'],
        ['full marks ended (when: final pause)', marks.join(' · ') || 'none'],
      ];
    },
  };
}

/**
 * With a `file` (a bench's --alloc-profile): what this process allocates during a phase, by allocating function, dead objects
 * included (the sampling heap profiler, one sample per 64 KiB on average). Bytes allocated are what fills the young
 * generation and, where they live past two scavenges, the old one the marker walks. Writes the raw profile to the
 * file and answers a row with the top allocators.
 */
export async function startAllocationProfile(
  file: string | undefined,
  promotedOnly: boolean,
): Promise<{ stop(): Promise<[string, string][]> }> {
  if (!file) return { stop: async () => [] };
  const { Session } = await import('node:inspector/promises');
  const { writeFile } = await import('node:fs/promises');
  const session = new Session();
  session.connect();
  await session.post('HeapProfiler.enable');
  // `promotedOnly` (--alloc-promoted): drop the samples a scavenge frees, so the profile shows what reached the old
  // generation (what was live at the end, or freed by a mark): what brings the next mark closer.
  await session.post('HeapProfiler.startSampling', {
    samplingInterval: 65536,
    includeObjectsCollectedByMajorGC: true,
    includeObjectsCollectedByMinorGC: !promotedOnly,
  });
  return {
    async stop() {
      const { profile } = await session.post('HeapProfiler.stopSampling');
      await writeFile(file, JSON.stringify(profile));
      session.disconnect();
      type Node = { callFrame: { functionName: string; url: string; lineNumber: number }; selfSize: number; children: Node[] };
      const bySite = new Map<string, number>();
      let total = 0;
      const walk = (node: Node) => {
        const site = `${node.callFrame.functionName || '(anonymous)'} ${node.callFrame.url.split('/').slice(-2).join('/')}:${node.callFrame.lineNumber + 1}`;
        bySite.set(site, (bySite.get(site) ?? 0) + node.selfSize);
        total += node.selfSize;
        node.children.forEach(walk);
      };
      walk(profile.head as Node);
      const top = [...bySite].sort((a, b) => b[1] - a[1]).slice(0, 25);
      return [
        [
          promotedOnly
            ? 'allocated during the phase and not freed by a scavenge (sampled), MiB; top sites'
            : 'allocated during the phase (sampled), MiB; top sites',
          `${(total / 2 ** 20).toFixed(0)} MiB: ${top.map(([site, bytes]) => `${site} ${(bytes / 2 ** 20).toFixed(1)}`).join(' · ')}`,
        ],
      ];
    },
  };
}
