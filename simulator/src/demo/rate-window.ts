/** Events per key in a sliding window (in memory, per process): how long a key must wait, or 0. */
export class RateWindow {
  private readonly hits = new Map<string, number[]>();

  constructor(
    private readonly limit: number,
    private readonly windowMs: number,
    private readonly now: () => number = Date.now,
  ) {}

  /** Counts a hit for `key` and answers 0, or answers the seconds to wait (nothing counted) when it is over. */
  take(key: string): number {
    const now = this.now();
    const recent = (this.hits.get(key) ?? []).filter((t) => now - t < this.windowMs);
    if (recent.length >= this.limit) return Math.max(1, Math.ceil((recent[0]! + this.windowMs - now) / 1000));
    recent.push(now);
    this.hits.set(key, recent);
    if (this.hits.size > 10_000) this.hits.delete(this.hits.keys().next().value!);
    return 0;
  }
}
