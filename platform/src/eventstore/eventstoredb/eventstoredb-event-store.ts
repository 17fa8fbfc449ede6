import {
  BACKWARDS,
  END,
  EventStoreDBClient,
  FORWARDS,
  StreamNotFoundError,
  WrongExpectedVersionError,
  jsonEvent,
  type JSONType,
} from '@eventstore/db-client';
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
import {
  fromEsdbCurrent,
  fromPortPosition,
  isSystemEvent,
  toEsdbMetadata,
  toEsdbRevision,
  toPortPosition,
  toRecordedEvent,
} from './mapping';
import { EsdbCatchUpSubscription } from './subscription';

/** Events fetched per $all read when filtering system events client-side. */
const PAGE = 512;

/**
 * The cluster-profile event store: a 1:1 mapping of the port onto EventStoreDB/KurrentDB.
 * - expected revisions map to NO_STREAM / ANY / STREAM_EXISTS / BigInt(n);
 * - idempotency on eventId is ESDB's own (a retried append with the same ids is acknowledged, not duplicated);
 * - metadata is the ESDB event metadata (JSON); positions are commit positions (see mapping.ts);
 * - system events (`$` streams or types) are filtered out of readAll, subscriptions and headPosition.
 */
export class EventStoreDbEventStore implements EventStore {
  private closed = false;
  private readonly subscriptions = new Set<EsdbCatchUpSubscription>();

  constructor(private readonly client: EventStoreDBClient) {}

  async append(streamId: string, events: NewEvent[], expectedRevision: ExpectedRevision): Promise<AppendResult> {
    this.assertOpen();
    if (events.length === 0) throw new TypeError(`Append to ${streamId}: at least one event is required`);
    const data = events.map((e) =>
      jsonEvent({
        id: e.eventId,
        type: e.type,
        // The port's data is JSON-serialisable by contract (the embedded store writes it as JSON too).
        data: e.data as JSONType,
        metadata: toEsdbMetadata(e.metadata) as JSONType,
      }),
    );
    try {
      const result = await this.client.appendToStream(streamId, data, { expectedRevision: toEsdbRevision(expectedRevision) });
      const commit = result.position?.commit;
      if (commit !== undefined && commit >= 0n) {
        return { streamId, revision: Number(result.nextExpectedRevision), position: toPortPosition(commit) };
      }
      // An idempotent retry may be acknowledged without a position: look the stored event up.
      return await this.locate(streamId, events.at(-1)!.eventId);
    } catch (error) {
      if (error instanceof WrongExpectedVersionError) {
        throw new WrongExpectedRevisionError(streamId, expectedRevision, fromEsdbCurrent(error.actualVersion));
      }
      throw error;
    }
  }

  /** Revision and position of a stored event, searched from the end of its stream. */
  private async locate(streamId: string, eventId: string): Promise<AppendResult> {
    for await (const resolved of this.client.readStream(streamId, { direction: BACKWARDS, fromRevision: END })) {
      const e = resolved.event;
      if (e?.id === eventId) {
        const commit = e.position?.commit ?? resolved.commitPosition;
        if (commit === undefined) break;
        return { streamId, revision: Number(e.revision), position: toPortPosition(commit) };
      }
    }
    throw new Error(`Append to ${streamId} was acknowledged but event ${eventId} cannot be found in the stream`);
  }

  async readStream(streamId: string, options: ReadStreamOptions = {}): Promise<RecordedEvent[]> {
    this.assertOpen();
    if (options.maxCount !== undefined && options.maxCount <= 0) return [];
    const events: RecordedEvent[] = [];
    try {
      const read = this.client.readStream(streamId, {
        direction: FORWARDS,
        fromRevision: BigInt(Math.max(0, options.fromRevision ?? 0)),
        ...(options.maxCount !== undefined ? { maxCount: options.maxCount } : {}),
      });
      for await (const resolved of read) {
        const event = toRecordedEvent(resolved);
        if (event) events.push(event);
      }
    } catch (error) {
      if (error instanceof StreamNotFoundError) return [];
      throw error;
    }
    return events;
  }

  async readAll(options: ReadAllOptions = {}): Promise<RecordedEvent[]> {
    this.assertOpen();
    const maxCount = options.maxCount ?? Number.POSITIVE_INFINITY;
    const events: RecordedEvent[] = [];
    // The cursor moves over system events too, so a run of them cannot stall the loop.
    let cursor = Math.max(0, options.after ?? 0);
    while (events.length < maxCount) {
      let seen = 0;
      let moved = false;
      // fromPosition is inclusive, and ESDB cannot filter readAll server-side: skip ≤ cursor and `$` events here.
      for await (const resolved of this.client.readAll({ direction: FORWARDS, fromPosition: fromPortPosition(cursor), maxCount: PAGE })) {
        seen++;
        const commit = resolved.event?.position.commit ?? resolved.commitPosition;
        if (commit === undefined || toPortPosition(commit) <= cursor) continue;
        cursor = toPortPosition(commit);
        moved = true;
        const event = toRecordedEvent(resolved);
        if (event && events.length < maxCount) events.push(event);
      }
      if (seen < PAGE || !moved) break;
    }
    return events;
  }

  /**
   * Reads an index backwards from its end: a stream itself, or the standard system projections' streams `$ce-<category>`,
   * `$et-<type>` and `$bc-<correlationId>` with their links resolved (the server must run the standard projections:
   * RUN_PROJECTIONS=System, START_STANDARD_PROJECTIONS=true). The range is applied while reading, so a deep
   * `before` costs a walk over the newer entries of that index.
   */
  async readIndexBackward(key: EventIndexKey, options: ReadIndexOptions): Promise<RecordedEvent[]> {
    this.assertOpen();
    const before = options.before ?? Number.POSITIVE_INFINITY;
    const after = Math.max(0, options.after ?? 0);
    const found: RecordedEvent[] = [];
    if (options.maxCount <= 0) return found;
    if (key.kind === 'all') {
      let from: number | null = Number.isFinite(before) ? before : null;
      // Whether a backwards read includes its start position or not, an event is taken once: below the last taken.
      let upper = before;
      for (;;) {
        let seen = 0;
        for await (const resolved of this.client.readAll({
          direction: BACKWARDS,
          fromPosition: from === null ? END : fromPortPosition(from),
          maxCount: PAGE,
        })) {
          seen++;
          const event = toRecordedEvent(resolved);
          const commit = resolved.event?.position.commit ?? resolved.commitPosition;
          if (commit !== undefined) from = toPortPosition(commit);
          if (!event || event.position >= upper) continue;
          if (event.position <= after) return found;
          upper = event.position;
          found.push(event);
          if (found.length >= options.maxCount) return found;
        }
        if (seen < PAGE) return found;
      }
    }
    const streamName =
      key.kind === 'stream'
        ? key.streamId
        : key.kind === 'category'
          ? `$ce-${key.category}`
          : key.kind === 'type'
            ? `$et-${key.type}`
            : `$bc-${key.correlationId}`;
    try {
      for await (const resolved of this.client.readStream(streamName, {
        direction: BACKWARDS,
        fromRevision: END,
        resolveLinkTos: key.kind !== 'stream',
      })) {
        const event = toRecordedEvent(resolved, key.kind !== 'stream');
        if (!event || event.position >= before) continue;
        if (event.position <= after) break;
        found.push(event);
        if (found.length >= options.maxCount) break;
      }
    } catch (error) {
      if (error instanceof StreamNotFoundError) return found;
      throw error;
    }
    return found;
  }

  /** Walks $all backwards from the end until an event older than `time`: cheap for recent windows only. */
  async positionAt(time: string): Promise<number> {
    this.assertOpen();
    const ms = Date.parse(time);
    if (!Number.isFinite(ms)) throw new TypeError(`positionAt: ${time} is not a time`);
    let first: number | null = null;
    for await (const resolved of this.client.readAll({ direction: BACKWARDS, fromPosition: END })) {
      const event = toRecordedEvent(resolved);
      if (!event) continue;
      if (Date.parse(event.recordedAt) < ms) break;
      first = event.position;
    }
    return first ?? (await this.headPosition()) + 1;
  }

  subscribeToAll(handler: EventHandler, options: SubscribeOptions = {}): Subscription {
    this.assertOpen();
    const sub = new EsdbCatchUpSubscription(
      this.client,
      () => this.headPosition(),
      handler,
      options,
      (s) => this.subscriptions.delete(s),
    );
    this.subscriptions.add(sub);
    return sub;
  }

  async headPosition(): Promise<number> {
    this.assertOpen();
    // The very last record is often a system event ($stats...): walk back to the last user event.
    let from: number | null = null;
    for (;;) {
      let seen = 0;
      const read = this.client.readAll({
        direction: BACKWARDS,
        fromPosition: from === null ? END : fromPortPosition(from),
        maxCount: PAGE,
      });
      for await (const resolved of read) {
        seen++;
        const e = resolved.event;
        if (!e) continue;
        if (!isSystemEvent(e.streamId, e.type)) return toPortPosition(e.position.commit);
        from = toPortPosition(e.position.commit);
      }
      if (seen < PAGE) return 0;
    }
  }

  async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    await Promise.all([...this.subscriptions].map((s) => s.stop()));
    await this.client.dispose();
  }

  private assertOpen(): void {
    if (this.closed) throw new Error('The event store is closed');
  }
}

/** Connects with an ESDB connection string (e.g. `esdb://localhost:2113?tls=false`) and checks it answers. */
export async function openEventStoreDb(url: string): Promise<EventStore> {
  const store = new EventStoreDbEventStore(EventStoreDBClient.connectionString(url));
  try {
    await store.headPosition();
  } catch (error) {
    await store.close().catch(() => undefined);
    throw new Error(`EventStoreDB at ${url} does not answer: ${(error as Error).message}`, { cause: error });
  }
  return store;
}
