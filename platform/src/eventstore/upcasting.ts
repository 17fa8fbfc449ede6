import { upcastEvent } from '@evc/contracts';
import type {
  AppendResult,
  EventHandler,
  EventIndexKey,
  EventStore,
  ExpectedRevision,
  NewEvent,
  ReadAllOptions,
  ReadIndexOptions,
  ReadStreamOptions,
  RecordedEvent,
  SubscribeOptions,
  Subscription,
} from '../ports/event-store';

/**
 * The store as every service sees it: events read back (streams, $all, indexes, subscriptions) are in their current
 * shape, upcast from the version they were written at (contracts/src/upcasting.ts). Writes pass through untouched.
 */
export class UpcastingEventStore implements EventStore {
  constructor(
    readonly inner: EventStore,
    private readonly upcast: (event: RecordedEvent) => RecordedEvent = (event) => upcastEvent(event),
  ) {}

  append(streamId: string, events: NewEvent[], expectedRevision: ExpectedRevision): Promise<AppendResult> {
    return this.inner.append(streamId, events, expectedRevision);
  }

  async readStream(streamId: string, options?: ReadStreamOptions): Promise<RecordedEvent[]> {
    return (await this.inner.readStream(streamId, options)).map(this.upcast);
  }

  async readAll(options?: ReadAllOptions): Promise<RecordedEvent[]> {
    return (await this.inner.readAll(options)).map(this.upcast);
  }

  async readIndexBackward(key: EventIndexKey, options: ReadIndexOptions): Promise<RecordedEvent[]> {
    return (await this.inner.readIndexBackward(key, options)).map(this.upcast);
  }

  subscribeToAll(handler: EventHandler, options?: SubscribeOptions): Subscription {
    return this.inner.subscribeToAll((event) => handler(this.upcast(event)), options);
  }

  headPosition(): Promise<number> {
    return this.inner.headPosition();
  }

  positionAt(time: string): Promise<number> {
    return this.inner.positionAt(time);
  }

  close(): Promise<void> {
    return this.inner.close();
  }
}

/** Wraps a store once (wrapping an already upcasting store returns it). */
export const upcasting = (store: EventStore): EventStore => (store instanceof UpcastingEventStore ? store : new UpcastingEventStore(store));
