import type { EventMetadata } from '@evc/contracts';

/**
 * Expected revision of a stream at append time.
 * - 'no_stream': the stream must not exist yet
 * - 'any': no check
 * - 'stream_exists': the stream must have at least one event
 * - number: the stream's last revision must be exactly this (revisions start at 0)
 */
export type ExpectedRevision = 'no_stream' | 'any' | 'stream_exists' | number;

/** An event to append. `eventId` is a uuid; appending an event id already stored is a no-op (idempotent). */
export interface NewEvent<T = unknown> {
  eventId: string;
  type: string;
  data: T;
  metadata: EventMetadata;
}

/** An event as stored. */
export interface RecordedEvent<T = unknown> extends NewEvent<T> {
  streamId: string;
  /** 0-based index of the event in its stream. */
  revision: number;
  /** Strictly increasing position in the global ($all) order; comparable across streams. Always > 0. */
  position: number;
  /** ISO-8601 UTC time at which the store recorded it. */
  recordedAt: string;
}

export interface AppendResult {
  streamId: string;
  /** Revision of the last event of the stream after this append. */
  revision: number;
  /** Global position of the last event written (or of the already stored one, on an idempotent retry). */
  position: number;
}

export class WrongExpectedRevisionError extends Error {
  readonly code = 'concurrency.conflict';
  constructor(
    readonly streamId: string,
    readonly expected: ExpectedRevision,
    readonly actual: number | 'no_stream',
  ) {
    super(`Stream ${streamId}: expected revision ${String(expected)}, actual ${String(actual)}`);
    this.name = 'WrongExpectedRevisionError';
  }
}

export interface ReadStreamOptions {
  /** First revision to return (inclusive). Default 0. */
  fromRevision?: number;
  maxCount?: number;
}

export interface ReadAllOptions {
  /** Return events whose position is strictly greater than this. Default 0 (from the start). */
  after?: number;
  maxCount?: number;
}

export type EventHandler = (event: RecordedEvent) => Promise<void> | void;

export interface SubscribeOptions {
  /** Catch-up from events strictly after this position (a checkpoint). Default 0 = from the start. */
  after?: number;
  /** Optional name, for logs. */
  name?: string;
}

/** A running catch-up subscription: historical events first, then live ones, in global order, each once. */
export interface Subscription {
  /** Resolves once the historical part has been delivered (the subscription is live). */
  readonly caughtUp: Promise<void>;
  /** Position of the last event handed to the handler and completed. */
  readonly position: number;
  stop(): Promise<void>;
}

/**
 * An index of the log that both adapters keep (EventStoreDB: its system projections `$ce-`, `$et-`, `$bc-`; the
 * embedded log: position lists in memory, rebuilt at open). Streams are `<category>-<id>`: the category is the part
 * before the first `-` (`charger-live-CP1` is in `charger`), as EventStoreDB's `$by_category` splits by default.
 */
export type EventIndexKey =
  | { kind: 'all' }
  | { kind: 'stream'; streamId: string }
  | { kind: 'category'; category: string }
  | { kind: 'type'; type: string }
  | { kind: 'correlation'; correlationId: string };

export interface ReadIndexOptions {
  /** Only events whose position is strictly below this (default: everything stored). */
  before?: number;
  /** Only events whose position is strictly above this (default 0). */
  after?: number;
  /** At most this many events (the newest of the range). */
  maxCount: number;
}

/** The category of a stream: the part before its first `-` (the whole name when it has none). */
export function categoryOf(streamId: string): string {
  const dash = streamId.indexOf('-');
  return dash < 0 ? streamId : streamId.slice(0, dash);
}

export interface EventStore {
  append(streamId: string, events: NewEvent[], expectedRevision: ExpectedRevision): Promise<AppendResult>;
  /** Events of one stream in revision order; [] when the stream does not exist. */
  readStream(streamId: string, options?: ReadStreamOptions): Promise<RecordedEvent[]>;
  /** Events of all streams in global order. */
  readAll(options?: ReadAllOptions): Promise<RecordedEvent[]>;
  /**
   * Catch-up subscription to $all. The handler is awaited: events are delivered one at a time, in order.
   * If the handler throws, the subscription stops and `caughtUp` / an error log tell; the caller restarts it
   * from its checkpoint (at-least-once).
   */
  subscribeToAll(handler: EventHandler, options?: SubscribeOptions): Subscription;
  /** Position of the last stored event (0 when empty). */
  headPosition(): Promise<number>;
  /**
   * The events of one index in the range (after, before), newest first, at most `maxCount`. What an explorer search or
   * a chain reads instead of scanning the log; an index may lag an append by a moment in EventStoreDB (its system
   * projections run asynchronously), never in the embedded store.
   */
  readIndexBackward(key: EventIndexKey, options: ReadIndexOptions): Promise<RecordedEvent[]>;
  /**
   * The first position recorded at or after `time` (ISO-8601), or head + 1 when none is: time windows become
   * position ranges. Assumes the store's clock did not go backwards (positions and `recordedAt` grow together).
   */
  positionAt(time: string): Promise<number>;
  /** Flush and release resources. Appends after close reject. */
  close(): Promise<void>;
}
