import { getPriority, setPriority } from 'node:os';

/** The two calls of node:os this needs (tests pass their own). */
export interface Scheduler {
  getPriority(pid?: number): number;
  setPriority(pid: number, priority: number): void;
}

export type PriorityOutcome = { nice: number } | { unchanged: true } | { refused: string };

/** The highest priority (lowest nice value) a process may have. */
const HIGHEST = -20;

/**
 * Puts the process `pid` `steps` nice values ahead of this one (OCPP_GATEWAY_PRIORITY): on a machine whose cores are
 * all busy, the kernel then runs it first. The gateway's process answers chargers, each waiting on its answer with a
 * time limit, while the launcher's work behind those answers (read models, command handlers) can wait some
 * milliseconds without anyone noticing (under a flood of StatusNotifications on two cores the answers' p99 is lower
 * with it; its cost: the gateway, let in at once, takes smaller batches, and a burst of starts costs more CPU;
 * `npm run bench:ocpp` measures both). Raising a priority needs the privilege to
 * (root or CAP_SYS_NICE): without it the process keeps this one's priority, and the caller says so.
 */
export function raisePriority(pid: number, steps: number, scheduler: Scheduler = { getPriority, setPriority }): PriorityOutcome {
  if (steps <= 0) return { unchanged: true };
  const nice = Math.max(HIGHEST, scheduler.getPriority() - steps);
  try {
    scheduler.setPriority(pid, nice);
    return { nice };
  } catch (error) {
    return { refused: (error as NodeJS.ErrnoException).code ?? String(error) };
  }
}
