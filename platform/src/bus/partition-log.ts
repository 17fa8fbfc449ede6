/** One partition of an in-process topic: an append-only log whose consumed prefix can be dropped. */
export interface StoredMessage {
  readonly key: string;
  /**
   * JSON text: parsed once for all groups into a frozen value (no shared mutable objects), see valueOf. Null for a
   * value handed over (PublishOptions.handOver) on a topic not kept on disk: it is held only as its frozen value.
   */
  readonly value: string | null;
  readonly headers: Readonly<Record<string, string>>;
  readonly timestamp: string;
}

/** Compact the backing array only when the dropped prefix is large, so dropping is amortised O(1). */
const COMPACT_MIN = 4096;

export class PartitionLog {
  private log: (StoredMessage | undefined)[] = [];
  private head = 0;
  /** Offset of log[head]. */
  private base = 0;
  private waiters: (() => void)[] = [];
  /** Messages at or past this offset are not yet durable and not delivered (durable topics only). */
  private durableEnd = Infinity;

  /** A partition restored from the durable log: its retained messages, the first at `base`. */
  static restored(base: number, messages: readonly StoredMessage[]): PartitionLog {
    const log = new PartitionLog();
    log.base = base;
    log.log = [...messages];
    return log;
  }

  /** From now on, appended messages wait for `markDurable` before consumers see them. */
  holdUntilDurable(): void {
    this.durableEnd = this.end;
  }

  /** Messages below `end` are on disk: deliver them. */
  markDurable(end: number): void {
    if (end <= this.durableEnd) return;
    this.durableEnd = end;
    this.wake();
  }

  /** First retained offset. */
  get start(): number {
    return this.base;
  }

  /** Offset the next appended message will get. */
  get end(): number {
    return this.base + (this.log.length - this.head);
  }

  append(message: StoredMessage): number {
    this.log.push(message);
    return this.end - 1;
  }

  at(offset: number): StoredMessage | undefined {
    if (offset < this.base || offset >= this.durableEnd) return undefined;
    return this.log[this.head + (offset - this.base)];
  }

  /** Drop every message with an offset below `offset`. */
  truncateBefore(offset: number): void {
    const drop = Math.min(offset, this.end) - this.base;
    if (drop <= 0) return;
    // Clear references now so dropped values can be collected before the next compaction.
    for (let i = this.head; i < this.head + drop; i++) this.log[i] = undefined;
    this.head += drop;
    this.base += drop;
    if (this.head >= COMPACT_MIN && this.head * 2 >= this.log.length) {
      this.log = this.log.slice(this.head);
      this.head = 0;
    }
  }

  /** Resolves at the next append (or `wake`). */
  waitForAppend(): Promise<void> {
    return new Promise((resolve) => this.waiters.push(resolve));
  }

  wake(): void {
    if (this.waiters.length === 0) return;
    const waiters = this.waiters;
    this.waiters = [];
    for (const resolve of waiters) resolve();
  }
}
