import type { FileHandle } from 'node:fs/promises';
import {
  WrongExpectedRevisionError,
  type AppendResult,
  type EventHandler,
  type EventIndexKey,
  type EventStore,
  type ExpectedRevision,
  type NewEvent,
  type ReadAllOptions,
  type ReadIndexOptions,
  type ReadStreamOptions,
  type RecordedEvent,
  type SubscribeOptions,
  type Subscription,
} from '../../ports/event-store';
import { CatchUpSubscription } from './catch-up-subscription';
import { GroupCommitWriter } from './group-commit';
import { OffsetIndex, countAtOrBelow, indexOfSorted } from './indexes';
import { EventIdIndex } from './event-id-index';
import { encodeRecord } from './record-codec';
import { RecentRecords } from './recent-records';
import { consecutiveRuns, readConsecutive, readEventIdSync } from './record-reader';
import { SearchIndexes, countUpTo, type Positions } from './search-indexes';

/** Bytes of the most recently appended records kept in memory, so reads of fresh events skip the file. */
export const RECENT_RECORD_BYTES = 32 * 1024 * 1024;

export class StoreClosedError extends Error {
  readonly code = 'eventstore.closed';
  constructor() {
    super('The event store is closed');
    this.name = 'StoreClosedError';
  }
}

/** A batch mixes stored and new event ids, or reuses an id stored in another stream. */
export class IdempotencyConflictError extends Error {
  readonly code = 'eventstore.idempotency_conflict';
  constructor(message: string) {
    super(message);
    this.name = 'IdempotencyConflictError';
  }
}

/** State recovered from the log at open. */
export interface RecoveredLog {
  fh: FileHandle;
  offsets: OffsetIndex;
  streams: Map<string, number[]>;
  eventIds: EventIdIndex;
  /** Type, category, correlation and time indexes (see search-indexes.ts). */
  search: SearchIndexes;
  lastPosition: number;
  endOffset: number;
  fsync: boolean;
  release: () => Promise<void>;
  /** Bytes of the latest appended records kept in memory for reads (default RECENT_RECORD_BYTES). */
  recentRecordBytes?: number;
}

/**
 * The embedded event store: one append-only log file, in-memory indexes, group-committed durable appends.
 *
 * Two watermarks: `assigned*` moves synchronously in append() (so expected-revision checks see every
 * earlier append, in call order, even before it is on disk); `durable*` moves when a group write is
 * fsynced. Reads and subscriptions only ever see durable events, so nothing is read that a crash could
 * take back.
 */
export class FileEventStore implements EventStore {
  private readonly fh: FileHandle;
  private readonly offsets: OffsetIndex;
  private readonly streams: Map<string, number[]>;
  private readonly eventIds: EventIdIndex;
  private readonly search: SearchIndexes;
  private assignedPosition: number;
  private assignedEnd: number;
  private durablePosition: number;
  private readonly writer: GroupCommitWriter;
  private readonly subscriptions = new Set<CatchUpSubscription>();
  private readonly appendWaiters = new Set<() => void>();
  private readonly reads = new Set<Promise<unknown>>();
  private closing: Promise<void> | null = null;
  private readonly release: () => Promise<void>;
  private readonly recent: RecentRecords;

  constructor(log: RecoveredLog) {
    this.fh = log.fh;
    this.offsets = log.offsets;
    this.streams = log.streams;
    this.eventIds = log.eventIds;
    this.search = log.search;
    this.assignedPosition = this.durablePosition = log.lastPosition;
    this.assignedEnd = log.endOffset;
    this.release = log.release;
    this.recent = new RecentRecords(log.lastPosition + 1, log.recentRecordBytes ?? RECENT_RECORD_BYTES);
    this.writer = new GroupCommitWriter(log.fh, log.endOffset, log.lastPosition, log.fsync, (last) => this.onDurable(last));
  }

  async append(streamId: string, events: NewEvent[], expectedRevision: ExpectedRevision): Promise<AppendResult> {
    if (this.closing) throw new StoreClosedError();
    if (this.writer.failed) throw this.writer.failed;
    validateAppend(streamId, events, expectedRevision);

    const stream = this.streams.get(streamId);
    const known = events.filter((e) => this.eventIds.get(e.eventId, this.idAt) !== undefined).length;
    if (known === events.length) return this.idempotentResult(streamId, events, stream);
    if (known > 0) {
      throw new IdempotencyConflictError(
        `Append to ${streamId}: ${known} of ${events.length} event ids are already stored; retry the original batch unchanged or use new ids`,
      );
    }

    const current = stream ? stream.length - 1 : -1;
    if (!revisionMatches(expectedRevision, current)) {
      throw new WrongExpectedRevisionError(streamId, expectedRevision, current < 0 ? 'no_stream' : current);
    }

    // Encode everything before touching any index: encoding can throw (size limit, unserialisable data).
    const recordedAt = new Date().toISOString();
    const buffers = events.map((e, i) =>
      encodeRecord({
        streamId,
        revision: current + 1 + i,
        position: this.assignedPosition + 1 + i,
        eventId: e.eventId,
        type: e.type,
        data: e.data,
        metadata: e.metadata,
        recordedAt,
      }),
    );
    const positions = stream ?? [];
    if (!stream) this.streams.set(streamId, positions);
    for (let i = 0; i < events.length; i++) {
      const position = ++this.assignedPosition;
      this.offsets.set(position, this.assignedEnd);
      this.assignedEnd += buffers[i]!.length;
      positions.push(position);
      this.eventIds.add(events[i]!.eventId, position);
      this.search.add({ position, streamId, type: events[i]!.type, recordedAt, correlationId: events[i]!.metadata?.correlationId });
      this.recent.add(position, buffers[i]!);
    }
    const lastPosition = this.assignedPosition;
    await this.writer.enqueue(buffers.length === 1 ? buffers[0]! : Buffer.concat(buffers), lastPosition);
    return { streamId, revision: current + events.length, position: lastPosition };
  }

  /** Whole-batch retry: every id is stored; answer what the original append answered. */
  private async idempotentResult(streamId: string, events: NewEvent[], stream: number[] | undefined): Promise<AppendResult> {
    let revision = -1;
    let position = 0;
    for (const e of events) {
      const stored = this.eventIds.get(e.eventId, this.idAt)!;
      const index = stream ? indexOfSorted(stream, stored) : -1;
      if (index < 0) throw new IdempotencyConflictError(`Event id ${e.eventId} is already stored in another stream than ${streamId}`);
      if (stored > position) {
        position = stored;
        revision = index;
      }
    }
    // The original may still be in the group write in flight: acknowledge only once it is durable.
    await this.writer.whenDurable(position);
    return { streamId, revision, position };
  }

  async readStream(streamId: string, options: ReadStreamOptions = {}): Promise<RecordedEvent[]> {
    this.assertOpen();
    const stream = this.streams.get(streamId);
    if (!stream) return [];
    const from = Math.max(0, options.fromRevision ?? 0);
    const durableCount = countAtOrBelow(stream, this.durablePosition);
    const to = options.maxCount === undefined ? durableCount : Math.min(durableCount, from + Math.max(0, options.maxCount));
    if (from >= to) return [];
    const runs = consecutiveRuns(stream.slice(from, to));
    const parts = await this.track(
      Promise.all(runs.map(([a, b]) => this.recent.read(a, b) ?? readConsecutive(this.fh, a, b, this.offsetOf))),
    );
    return this.counted(parts.flat());
  }

  async readAll(options: ReadAllOptions = {}): Promise<RecordedEvent[]> {
    this.assertOpen();
    const first = Math.max(0, Math.floor(options.after ?? 0)) + 1;
    const last =
      options.maxCount === undefined ? this.durablePosition : Math.min(this.durablePosition, first - 1 + Math.max(0, options.maxCount));
    if (first > last) return [];
    return this.counted(this.recent.read(first, last) ?? (await this.track(readConsecutive(this.fh, first, last, this.offsetOf))));
  }

  async readIndexBackward(key: EventIndexKey, options: ReadIndexOptions): Promise<RecordedEvent[]> {
    this.assertOpen();
    const last = Math.min(this.durablePosition, (options.before ?? Number.POSITIVE_INFINITY) - 1);
    const after = Math.max(0, options.after ?? 0);
    const wanted = Math.max(0, Math.floor(options.maxCount));
    if (wanted === 0 || last <= after) return [];
    if (key.kind === 'all') {
      const from = Math.max(after, last - wanted);
      return (await this.readAll({ after: from, maxCount: last - from })).reverse();
    }
    const positions: Positions = key.kind === 'stream' ? (this.streams.get(key.streamId) ?? []) : this.search.positions(key);
    const keep = key.kind === 'correlation' ? (e: RecordedEvent) => e.metadata?.correlationId === key.correlationId : null;
    const found: RecordedEvent[] = [];
    // Newest first, in slices: a hashed correlation key may hold strangers, which are read and dropped.
    for (let end = countUpTo(positions, last); end > 0 && found.length < wanted; ) {
      const slice: number[] = [];
      for (let i = end - 1; i >= 0 && slice.length < wanted - found.length; i--) {
        const p = positions.at(i)!;
        if (p <= after) {
          end = 0;
          break;
        }
        slice.push(p);
        end = i;
      }
      if (slice.length === 0) break;
      slice.reverse();
      const runs = consecutiveRuns(slice);
      const parts = await this.track(
        Promise.all(runs.map(([a, b]) => this.recent.read(a, b) ?? readConsecutive(this.fh, a, b, this.offsetOf))),
      );
      const events = this.counted(parts.flat()).reverse();
      found.push(...(keep ? events.filter(keep) : events));
    }
    return found;
  }

  async positionAt(time: string): Promise<number> {
    this.assertOpen();
    const ms = Date.parse(time);
    if (!Number.isFinite(ms)) throw new TypeError(`positionAt: ${time} is not a time`);
    return this.search.positionAt(ms, this.durablePosition);
  }

  subscribeToAll(handler: EventHandler, options: SubscribeOptions = {}): Subscription {
    this.assertOpen();
    const sub = new CatchUpSubscription(
      { readAll: (o) => this.readAll(o), waitForAppend: (after, signal) => this.waitForAppend(after, signal) },
      handler,
      options,
      (s) => this.subscriptions.delete(s),
    );
    this.subscriptions.add(sub);
    return sub;
  }

  /** Events decoded for readers so far (the memory of recent records or the file): a figure of `stats`. */
  private decodedEvents = 0;

  private counted(events: RecordedEvent[]): RecordedEvent[] {
    this.decodedEvents += events.length;
    return events;
  }

  /**
   * Figures for benchmarks and tests; not part of the port. `decoded`: events decoded for readers (streams, $all,
   * indexes and subscriptions) since the store opened; a burst that decodes far more events than it appends re-reads.
   */
  stats(): { events: number; bytes: number; writes: number; decoded: number } {
    return {
      events: this.durablePosition,
      bytes: this.offsetOf(this.durablePosition + 1),
      writes: this.writer.writes,
      decoded: this.decodedEvents,
    };
  }

  async headPosition(): Promise<number> {
    this.assertOpen();
    return this.durablePosition;
  }

  close(): Promise<void> {
    this.closing ??= (async () => {
      await Promise.all([...this.subscriptions].map((s) => s.stop()));
      await this.writer.drain();
      await Promise.allSettled([...this.reads]);
      await this.fh.close();
      await this.release();
    })();
    return this.closing;
  }

  /**
   * The event id stored at `position` (the event id index confirms its hash candidates with it): from the recent
   * records, which hold every append not yet on disk, else read from the file at once. Synchronous, so an append's
   * idempotency check and its index updates stay one step that no other append can come between.
   */
  private readonly idAt = (position: number): string =>
    this.recent.eventIdAt(position) ?? readEventIdSync(this.fh.fd, this.offsets.get(position));

  private readonly offsetOf = (position: number): number =>
    position <= this.assignedPosition ? this.offsets.get(position) : this.assignedEnd;

  private onDurable(lastPosition: number): void {
    this.durablePosition = lastPosition;
    const waiters = [...this.appendWaiters];
    this.appendWaiters.clear();
    for (const wake of waiters) wake();
  }

  private waitForAppend(after: number, signal: AbortSignal): Promise<void> {
    if (this.durablePosition > after || signal.aborted) return Promise.resolve();
    return new Promise<void>((resolve) => {
      const wake = (): void => {
        this.appendWaiters.delete(wake);
        signal.removeEventListener('abort', wake);
        resolve();
      };
      this.appendWaiters.add(wake);
      signal.addEventListener('abort', wake, { once: true });
    });
  }

  private assertOpen(): void {
    if (this.closing) throw new StoreClosedError();
  }

  /** close() waits for reads in flight so it does not pull the file handle from under them. */
  private track<T>(promise: Promise<T>): Promise<T> {
    this.reads.add(promise);
    // A bound function, not an arrow: an arrow here is named at every read (tsx keeps function names), a cost a burst feels.
    const forget = this.reads.delete.bind(this.reads, promise);
    promise.then(forget, forget);
    return promise;
  }
}

function revisionMatches(expected: ExpectedRevision, current: number): boolean {
  if (expected === 'any') return true;
  if (expected === 'no_stream') return current === -1;
  if (expected === 'stream_exists') return current >= 0;
  return expected === current;
}

function validateAppend(streamId: string, events: NewEvent[], expected: ExpectedRevision): void {
  if (typeof streamId !== 'string' || streamId.length === 0) throw new TypeError('streamId must be a non-empty string');
  // '$' streams are EventStoreDB system streams, filtered out of $all there; keep both adapters alike.
  if (streamId.startsWith('$')) throw new TypeError(`Stream ${streamId}: names starting with '$' are reserved`);
  if (!Array.isArray(events) || events.length === 0) throw new TypeError(`Append to ${streamId}: at least one event is required`);
  if (typeof expected === 'number' && (!Number.isInteger(expected) || expected < 0)) {
    throw new TypeError(`Append to ${streamId}: expected revision ${expected} is not a revision`);
  }
  const ids = new Set<string>();
  for (const e of events) {
    if (typeof e.eventId !== 'string' || e.eventId.length === 0) throw new TypeError(`Append to ${streamId}: every event needs an eventId`);
    if (typeof e.type !== 'string' || e.type.length === 0) throw new TypeError(`Append to ${streamId}: event ${e.eventId} needs a type`);
    if (ids.has(e.eventId)) throw new TypeError(`Append to ${streamId}: event id ${e.eventId} appears twice in the batch`);
    ids.add(e.eventId);
  }
}
