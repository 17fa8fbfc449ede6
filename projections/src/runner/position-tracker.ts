/** Answers "has the read side caught up with this command's position yet?" (read your own writes). */
export interface PositionTracker {
  current(): number;
  /** Resolves true once the position is reached, false after timeoutMs. */
  waitFor(position: number, timeoutMs: number): Promise<boolean>;
}

/** In-process tracker: the runner advances it after each applied event. */
export class LocalPositionTracker implements PositionTracker {
  private position = 0;
  private waiters: { position: number; resolve: (ok: boolean) => void }[] = [];

  current(): number {
    return this.position;
  }

  advance(position: number): void {
    if (position <= this.position) return;
    this.position = position;
    if (this.waiters.length === 0) return;
    const still: typeof this.waiters = [];
    for (const w of this.waiters) {
      if (w.position <= position) w.resolve(true);
      else still.push(w);
    }
    this.waiters = still;
  }

  waitFor(position: number, timeoutMs: number): Promise<boolean> {
    if (position <= this.position) return Promise.resolve(true);
    return new Promise((resolve) => {
      const waiter = {
        position,
        resolve: (ok: boolean) => {
          clearTimeout(timer);
          resolve(ok);
        },
      };
      const timer = setTimeout(() => {
        this.waiters = this.waiters.filter((w) => w !== waiter);
        resolve(false);
      }, timeoutMs);
      this.waiters.push(waiter);
    });
  }
}
