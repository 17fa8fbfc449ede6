import type { Logger } from './logger';

/** Ten seconds: a storm reads as a handful of lines a minute, and a lone occurrence is still logged at once. */
export const REPEATED_WARNING_WINDOW_MS = 10_000;

/**
 * A warning that can come thousands of times a second under load (a storm of chargers reconnecting, a command side
 * too busy to answer): the first occurrence is logged at once with its fields; the ones after it within `windowMs`
 * are counted by kind and logged as one line at the window's end ("… 3,712 more in the last 10 s",
 * {"byKind": {...}}). The next occurrence after that opens a new window. `flush` writes what is counted (on stop).
 */
export class RepeatedWarning {
  private windowOpen = false;
  private timer: NodeJS.Timeout | null = null;
  private more = 0;
  private readonly byKind = new Map<string, number>();

  constructor(
    private readonly log: Logger,
    private readonly message: string,
    private readonly windowMs: number = REPEATED_WARNING_WINDOW_MS,
  ) {}

  note(kind: string, fields: Record<string, unknown>): void {
    if (!this.windowOpen) {
      this.windowOpen = true;
      this.log.warn(this.message, { ...fields, kind });
      this.timer = setTimeout(() => this.flush(), this.windowMs);
      this.timer.unref();
      return;
    }
    this.more++;
    this.byKind.set(kind, (this.byKind.get(kind) ?? 0) + 1);
  }

  /** Logs the occurrences counted since the window's first (if any) and closes the window. */
  flush(): void {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    this.windowOpen = false;
    if (this.more === 0) return;
    this.log.warn(`${this.message}: ${this.more} more in the last ${Math.round(this.windowMs / 1000)} s`, {
      byKind: Object.fromEntries(this.byKind),
    });
    this.more = 0;
    this.byKind.clear();
  }
}

/** How many findings `warnEach` logs one a line before it writes one counted line instead. */
export const WARN_EACH_UP_TO = 10;

/**
 * What one pass found (a sweep over every connection), as warnings: a line each when few, one line with the count and
 * the first `upTo` when many (a site's network or a mobile operator down leaves thousands of chargers silent at once).
 */
export function warnEach(log: Logger, message: string, found: readonly Record<string, unknown>[], upTo: number = WARN_EACH_UP_TO): void {
  if (found.length <= upTo) for (const fields of found) log.warn(message, fields);
  else log.warn(`${message}: ${found.length} in one pass`, { first: found.slice(0, upTo) });
}
