import {
  ANY,
  NO_STREAM,
  START,
  STREAM_EXISTS,
  type AllStreamResolvedEvent,
  type AppendExpectedRevision,
  type ReadPosition,
  type ResolvedEvent,
} from '@eventstore/db-client';
import type { EventMetadata } from '@evc/contracts';
import type { ExpectedRevision, RecordedEvent } from '../../ports/event-store';

/**
 * Position mapping. ESDB positions $all events by (commitPosition, preparePosition): byte offsets in its
 * transaction log. For events written through gRPC appends (no explicit transactions) the two are equal,
 * so the port's `position` is the commit position as a number, and position p maps back to
 * { commit: p, prepare: p }, which is how checkpointing libraries (e.g. Eventuous) resume too. Numbers are
 * exact up to 2^53 bytes (8 PiB) of log, far beyond this product. Positions are strictly increasing but
 * not contiguous, which the port allows (only the embedded store happens to number 1, 2, 3, ...).
 */
export function toPortPosition(commit: bigint): number {
  if (commit > BigInt(Number.MAX_SAFE_INTEGER)) throw new RangeError(`ESDB position ${commit} exceeds 2^53`);
  return Number(commit);
}

export function fromPortPosition(position: number): ReadPosition {
  if (position <= 0) return START;
  const p = BigInt(position);
  return { commit: p, prepare: p };
}

export function toEsdbRevision(expected: ExpectedRevision): AppendExpectedRevision {
  switch (expected) {
    case 'no_stream':
      return NO_STREAM;
    case 'any':
      return ANY;
    case 'stream_exists':
      return STREAM_EXISTS;
    default:
      return BigInt(expected);
  }
}

/** ESDB reports the actual revision as a bigint, or 'no_stream' / -1 when the stream is absent. */
export function fromEsdbCurrent(actual: unknown): number | 'no_stream' {
  if (typeof actual === 'bigint') return actual < 0n ? 'no_stream' : Number(actual);
  if (typeof actual === 'number') return actual < 0 ? 'no_stream' : actual;
  return 'no_stream';
}

/** System events ($stats, $settings, $metadata, projections' output...) never reach the port. */
export function isSystemEvent(streamId: string, type: string): boolean {
  return streamId.startsWith('$') || type.startsWith('$');
}

/**
 * The metadata as ESDB stores it: the port's fields plus `$correlationId` / `$causationId`, the properties the
 * standard `$by_correlation_id` projection (the `$bc-<id>` streams an explorer search reads) looks for.
 */
export function toEsdbMetadata(metadata: EventMetadata): Record<string, unknown> {
  return { ...metadata, $correlationId: metadata.correlationId, $causationId: metadata.causationId };
}

function fromEsdbMetadata(stored: unknown): EventMetadata {
  const { $correlationId: _c, $causationId: _k, ...metadata } = (stored ?? {}) as Record<string, unknown>;
  return metadata as unknown as EventMetadata;
}

/**
 * A resolved ESDB event as the port's RecordedEvent, or null for links and system events.
 * Data and metadata were written as JSON (jsonEvent), so the client hands them back parsed.
 * `throughLinks`: the event a link of a system projection stream ($ce-, $et-, $bc-) points to.
 */
export function toRecordedEvent(resolved: AllStreamResolvedEvent | ResolvedEvent, throughLinks = false): RecordedEvent | null {
  const e = resolved.event;
  if (!e || (resolved.link && !throughLinks) || isSystemEvent(e.streamId, e.type)) return null;
  const commit = e.position?.commit ?? resolved.commitPosition;
  if (commit === undefined) throw new Error(`ESDB returned event ${e.id} without a position (server older than 22.6?)`);
  return {
    streamId: e.streamId,
    revision: Number(e.revision),
    position: toPortPosition(commit),
    eventId: e.id,
    type: e.type,
    data: e.isJson ? e.data : Buffer.from(e.data as Uint8Array).toString('base64'),
    metadata: fromEsdbMetadata(e.metadata),
    recordedAt: e.created.toISOString(),
  };
}
