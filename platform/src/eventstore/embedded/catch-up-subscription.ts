import { AsyncLocalStorage } from 'node:async_hooks';
import { breather } from '../../runtime/time-slice';
import type { EventHandler, ReadAllOptions, RecordedEvent, SubscribeOptions, Subscription } from '../../ports/event-store';

/** Events fetched (and decoded, in one synchronous step) per read, during catch-up and live alike. */
const PAGE_SIZE = 128;

/** What a subscription needs from the store. */
export interface SubscriptionSource {
  readAll(options: ReadAllOptions): Promise<RecordedEvent[]>;
  /** Resolves once an event after `after` is durable, or when `signal` aborts. */
  waitForAppend(after: number, signal: AbortSignal): Promise<void>;
}

export class SubscriptionStoppedError extends Error {
  constructor(name: string) {
    super(`Subscription ${name} was stopped before it caught up`);
    this.name = 'SubscriptionStoppedError';
  }
}

/** Marks code running inside a handler, so stop() called from there does not wait for itself. */
const insideHandler = new AsyncLocalStorage<CatchUpSubscription>();

/**
 * Catch-up and live are one loop: read a page after the last handled position, hand it over one event at a
 * time, and when a page comes back short (the durable head was reached) wait for the next append. Because
 * the cursor is the position of the last handled event and reads are by position, events appended during
 * catch-up are neither skipped nor delivered twice.
 */
export class CatchUpSubscription implements Subscription {
  readonly caughtUp: Promise<void>;
  private resolveCaughtUp!: () => void;
  private rejectCaughtUp!: (error: Error) => void;
  private isCaughtUp = false;
  private stopped = false;
  private readonly abort = new AbortController();
  private readonly done: Promise<void>;
  private current = 0;
  private readonly name: string;

  constructor(
    private readonly source: SubscriptionSource,
    private readonly handler: EventHandler,
    options: SubscribeOptions,
    onEnd: (sub: CatchUpSubscription) => void,
  ) {
    this.current = Math.max(0, options.after ?? 0);
    this.name = options.name ?? 'anonymous';
    this.caughtUp = new Promise<void>((resolve, reject) => {
      this.resolveCaughtUp = resolve;
      this.rejectCaughtUp = reject;
    });
    // The caller may never await caughtUp; a rejection must still not crash the process.
    this.caughtUp.catch(() => undefined);
    this.done = this.run().finally(() => onEnd(this));
  }

  get position(): number {
    return this.current;
  }

  stop(): Promise<void> {
    this.stopped = true;
    this.abort.abort();
    // Awaiting our own loop from inside the handler would deadlock: the loop waits for the handler.
    if (insideHandler.getStore() === this) return Promise.resolve();
    return this.done;
  }

  private async run(): Promise<void> {
    let handling: RecordedEvent | null = null;
    try {
      while (!this.stopped) {
        const page = await this.source.readAll({ after: this.current, maxCount: PAGE_SIZE });
        for (const event of page) {
          if (this.stopped) break;
          handling = event;
          await insideHandler.run(this, () => this.handler(event));
          handling = null;
          this.current = event.position;
          // Handlers that need no I/O would otherwise run a whole page without letting sockets be read.
          const wait = breather();
          if (wait) await wait;
        }
        if (this.stopped) break;
        if (page.length < PAGE_SIZE) {
          if (!this.isCaughtUp) {
            this.isCaughtUp = true;
            this.resolveCaughtUp();
          }
          await this.source.waitForAppend(this.current, this.abort.signal);
        }
      }
    } catch (error) {
      const err = error instanceof Error ? error : new Error(String(error));
      if (!this.stopped) {
        const where = handling ? `handler failed on event at position ${handling.position} (${handling.type})` : 'read failed';
        console.error(`[eventstore] subscription ${this.name} stopped: ${where}; last completed position ${this.current}`, err);
      }
      this.stopped = true;
      this.rejectCaughtUp(err);
    } finally {
      this.stopped = true;
      // No-op when it already settled.
      this.rejectCaughtUp(new SubscriptionStoppedError(this.name));
    }
  }
}
