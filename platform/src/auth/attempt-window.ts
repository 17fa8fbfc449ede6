/**
 * Attempts per key in a sliding window, in memory: what the sign-in limits (command side) and the charger login
 * limits (gateway) count with. Checking and recording are one synchronous step (`take`), so concurrent callers count
 * exactly. At most `maxKeys` keys are kept; the quiet ones are dropped first.
 */
export class AttemptWindow {
  private readonly attempts = new Map<string, number[]>();

  constructor(
    private readonly windowMs: number,
    private readonly now: () => number = Date.now,
    private readonly maxKeys = 50_000,
  ) {}

  /**
   * With `limits` (key → most attempts in the window): the milliseconds until every key is under its limit, or 0,
   * in which case the attempt is recorded on each key at the answered time.
   */
  take(limits: ReadonlyArray<readonly [string, number]>): { waitMs: number; at: number } {
    const waitMs = Math.max(0, ...limits.map(([key, limit]) => this.waitFor(key, limit)));
    const at = this.now();
    if (waitMs > 0) return { waitMs, at };
    if (this.attempts.size > this.maxKeys) this.prune();
    for (const [key] of limits) this.attempts.set(key, [...this.recent(key), at]);
    return { waitMs: 0, at };
  }

  /** Takes back one attempt recorded at `at` (it succeeded). */
  forget(key: string, at: number): void {
    const times = this.attempts.get(key);
    const i = times?.indexOf(at) ?? -1;
    if (times && i >= 0) times.splice(i, 1);
  }

  clear(key: string): void {
    this.attempts.delete(key);
  }

  clearPrefix(prefix: string): void {
    for (const key of [...this.attempts.keys()]) if (key.startsWith(prefix)) this.attempts.delete(key);
  }

  private recent(key: string): number[] {
    const since = this.now() - this.windowMs;
    return (this.attempts.get(key) ?? []).filter((t) => t > since);
  }

  private waitFor(key: string, limit: number): number {
    const recent = this.recent(key);
    if (recent.length < limit) return 0;
    return Math.max(1, recent[recent.length - limit]! + this.windowMs - this.now());
  }

  private prune(): void {
    for (const key of [...this.attempts.keys()]) if (this.recent(key).length === 0) this.attempts.delete(key);
  }
}
