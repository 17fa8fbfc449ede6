import { readFileSync, readdirSync } from 'node:fs';

/** Percentile of a sample (nearest rank). */
export function percentile(values: number[], p: number): number {
  if (values.length === 0) return NaN;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))]!;
}

export const fmt = (n: number, digits = 1) => (Number.isFinite(n) ? n.toFixed(digits) : 'n/a');

/**
 * The machine's speed now: milliseconds for 100,000 JSON round trips of a typical event (best of three; lower is
 * faster). The shared machine's speed moves from day to day (a start can cost twice the CPU it cost on another day,
 * same code), so a figure is read beside the speed it was measured at.
 */
export function jsonMs(): number {
  const event = {
    position: 123456,
    streamId: 'session-0b8e1c3a-1234-4567-89ab-cdef01234567',
    revision: 3,
    eventId: '0b8e1c3a-1234-4567-89ab-cdef01234567',
    type: 'SessionCharging',
    recordedAt: '2026-11-27T21:00:00.000Z',
    metadata: {
      correlationId: 'c',
      causationId: 'x',
      actor: { type: 'charger', id: 'BENCH-00001' },
      occurredAt: '2026-11-27T21:00:00.000Z',
      schemaVersion: 1,
    },
    data: { sessionId: 's', transactionId: '42', meterStartWh: 1000, startedAt: '2026-11-27T21:00:00.000Z' },
  };
  let best = Infinity;
  for (let run = 0; run < 3; run++) {
    const t0 = performance.now();
    let sum = 0;
    for (let i = 0; i < 100_000; i++) sum += (JSON.parse(JSON.stringify(event)) as typeof event).revision;
    if (sum !== 300_000) throw new Error('unexpected round trip');
    best = Math.min(best, performance.now() - t0);
  }
  return best;
}

/**
 * Context switches of a process so far, over all its threads (voluntary: it slept and was woken; involuntary: it was
 * preempted), from Linux's /proc; null where there is none.
 */
export function contextSwitches(pid: number | null): number | null {
  if (pid === null) return null;
  try {
    let total = 0;
    for (const task of readdirSync(`/proc/${pid}/task`)) {
      const status = readFileSync(`/proc/${pid}/task/${task}/status`, 'utf8');
      for (const m of status.matchAll(/^(?:non)?voluntary_ctxt_switches:\s+(\d+)$/gm)) total += Number(m[1]);
    }
    return total;
  } catch {
    return null;
  }
}
