/**
 * Cooperative time slicing for the one embedded process, so sockets and finished writes are served between messages.
 *
 * The bus's consumer loops and the event store's subscriptions hand messages to handlers that often finish without
 * any I/O (an in-memory read model, a filter). Chained by `await`, such work runs as one long stretch of microtasks,
 * and the event loop cannot read a socket or see an fsync finish until the stretch ends: a charger's answer waited
 * behind hundreds of milliseconds of projection work. Each of those loops asks `breather()` between messages; once
 * the work since the event loop last came round has run for SLICE_MS, every loop that asks waits for one shared
 * `setImmediate`, so the poll phase (sockets, finished writes) runs first, then the loops go on.
 */
import { performance } from 'node:perf_hooks';

/** Longest stretch of background work before the event loop gets a turn. */
export const SLICE_MS = 3;

let sliceStart = performance.now();
let turn: Promise<void> | null = null;

const nextTurn = () =>
  new Promise<void>((resolve) =>
    setImmediate(() => {
      turn = null;
      sliceStart = performance.now();
      resolve();
    }),
  );

/**
 * `null` while the current slice lasts (go on without a microtask hop), else a promise that resolves on the event
 * loop's next turn, shared by every caller. Use as `const wait = breather(); if (wait) await wait;`.
 */
export function breather(): Promise<void> | null {
  if (turn) return turn;
  if (performance.now() - sliceStart < SLICE_MS) return null;
  return (turn = nextTurn());
}
