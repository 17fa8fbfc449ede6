import { AsyncLocalStorage } from 'node:async_hooks';
import { excludeSystemEvents, type AllStreamSubscription, type EventStoreDBClient } from '@eventstore/db-client';
import type { EventHandler, SubscribeOptions, Subscription } from '../../ports/event-store';
import { fromPortPosition, toRecordedEvent } from './mapping';

const insideHandler = new AsyncLocalStorage<EsdbCatchUpSubscription>();

/**
 * The port's catch-up subscription over an ESDB $all subscription. Iterating the client's stream with
 * `for await` applies backpressure, so the handler is awaited one event at a time. "Caught up" is the
 * server's `caughtUp` signal (23.10+) or, for older servers, reaching the head read at start.
 */
export class EsdbCatchUpSubscription implements Subscription {
  readonly caughtUp: Promise<void>;
  private resolveCaughtUp!: () => void;
  private rejectCaughtUp!: (error: Error) => void;
  private current: number;
  private stopped = false;
  private serverCaughtUp = false;
  private handling = false;
  private readonly stream: AllStreamSubscription;
  private readonly done: Promise<void>;
  private readonly name: string;

  constructor(
    client: EventStoreDBClient,
    headPosition: () => Promise<number>,
    private readonly handler: EventHandler,
    options: SubscribeOptions,
    onEnd: (sub: EsdbCatchUpSubscription) => void,
  ) {
    this.current = Math.max(0, options.after ?? 0);
    this.name = options.name ?? 'anonymous';
    this.caughtUp = new Promise<void>((resolve, reject) => {
      this.resolveCaughtUp = resolve;
      this.rejectCaughtUp = reject;
    });
    this.caughtUp.catch(() => undefined);
    // fromPosition is exclusive for subscriptions; events ≤ after are skipped below anyway.
    this.stream = client.subscribeToAll({ fromPosition: fromPortPosition(this.current), filter: excludeSystemEvents() });
    // The server says caughtUp once it has *sent* the history; events may still sit in the client's buffer,
    // so the port's caughtUp (history *delivered*) waits until that buffer is drained by the handler.
    this.stream.once('caughtUp', () => {
      this.serverCaughtUp = true;
      if (!this.handling && this.stream.readableLength === 0) this.resolveCaughtUp();
    });
    let head = Number.POSITIVE_INFINITY;
    headPosition().then(
      (h) => {
        head = h;
        if (this.current >= head) this.resolveCaughtUp();
      },
      () => undefined, // the server's caughtUp signal still applies
    );
    this.done = this.run(() => head).finally(() => onEnd(this));
  }

  get position(): number {
    return this.current;
  }

  async stop(): Promise<void> {
    this.stopped = true;
    await this.stream.unsubscribe().catch(() => undefined);
    if (insideHandler.getStore() !== this) await this.done;
  }

  private async run(head: () => number): Promise<void> {
    let handling: string | null = null;
    try {
      for await (const resolved of this.stream) {
        if (this.stopped) break;
        const event = toRecordedEvent(resolved);
        if (!event || event.position <= this.current) continue;
        handling = `position ${event.position} (${event.type})`;
        this.handling = true;
        await insideHandler.run(this, () => this.handler(event));
        this.handling = false;
        handling = null;
        this.current = event.position;
        if (this.current >= head() || (this.serverCaughtUp && this.stream.readableLength === 0)) this.resolveCaughtUp();
      }
    } catch (error) {
      const err = error instanceof Error ? error : new Error(String(error));
      if (!this.stopped) {
        console.error(
          `[eventstore] subscription ${this.name} stopped: ${handling ? `handler failed on event at ${handling}` : 'subscription failed'}; last completed position ${this.current}`,
          err,
        );
      }
      this.rejectCaughtUp(err);
    } finally {
      this.stopped = true;
      await this.stream.unsubscribe().catch(() => undefined);
      this.rejectCaughtUp(new Error(`Subscription ${this.name} was stopped before it caught up`));
    }
  }
}
