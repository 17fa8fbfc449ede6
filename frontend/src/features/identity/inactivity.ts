import { atom } from 'jotai';
import { LIMITS } from '@evc/contracts/shared';

export interface InactivityTiming {
  /** Quiet time before the warning (docs/rules.md §4: 30 minutes). */
  timeoutMs: number;
  /** Time the warning waits for an answer before signing out (1 minute). */
  warningMs: number;
}

/** Injectable timing: tests may shorten it; they can also keep it and use fake timers. */
export const inactivityTimingAtom = atom<InactivityTiming>({
  timeoutMs: LIMITS.inactivityTimeoutMs,
  warningMs: LIMITS.inactivityWarningMs,
});

export interface Clock {
  setTimeout: (fn: () => void, ms: number) => unknown;
  clearTimeout: (handle: unknown) => void;
}

/** The global timers, looked up at call time so fake timers installed later still apply. */
export const globalClock: Clock = {
  setTimeout: (fn, ms) => globalThis.setTimeout(fn, ms),
  clearTimeout: (handle) => globalThis.clearTimeout(handle as ReturnType<typeof setTimeout>),
};

export interface IdleTimer {
  /** Input seen: restarts the quiet period, unless the warning is showing (it needs an explicit answer). */
  activity(): void;
  /** "Stay signed in": closes the warning and restarts the quiet period. */
  stay(): void;
  stop(): void;
}

/** After `timeoutMs` without activity calls onWarn; without an answer, `warningMs` later calls onTimeout. */
export function createIdleTimer(
  timing: InactivityTiming,
  handlers: { onWarn: () => void; onTimeout: () => void },
  clock: Clock = globalClock,
): IdleTimer {
  let handle: unknown = null;
  let warning = false;
  let stopped = false;
  const clear = () => {
    if (handle !== null) clock.clearTimeout(handle);
    handle = null;
  };
  const startQuiet = () => {
    clear();
    warning = false;
    handle = clock.setTimeout(() => {
      warning = true;
      handlers.onWarn();
      handle = clock.setTimeout(() => {
        handle = null;
        stopped = true;
        handlers.onTimeout();
      }, timing.warningMs);
    }, timing.timeoutMs);
  };
  startQuiet();
  return {
    activity: () => {
      if (!warning && !stopped) startQuiet();
    },
    stay: () => {
      if (!stopped) startQuiet();
    },
    stop: () => {
      stopped = true;
      clear();
    },
  };
}
