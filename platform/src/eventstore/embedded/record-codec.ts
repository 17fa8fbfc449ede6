import { crc32 } from 'node:zlib';
import type { RecordedEvent } from '../../ports/event-store';

/**
 * On-disk record: [u32 LE payload length][u32 LE CRC32 of payload][payload: UTF-8 JSON].
 * The checksum covers the payload only; a corrupted length field makes the CRC check fail anyway
 * (the wrong slice is checksummed), and MAX_RECORD_BYTES bounds what a garbage length can make us read.
 */
export const HEADER_BYTES = 8;
/** Upper bound of one record; also what a corrupt length prefix can make the reader consider. */
export const MAX_RECORD_BYTES = 64 * 1024 * 1024;
/** Smallest valid payload is `{}`; anything shorter is a torn or zeroed header. */
const MIN_PAYLOAD_BYTES = 2;

export class CorruptRecordError extends Error {
  constructor(
    readonly offset: number,
    reason: string,
  ) {
    super(`Corrupt event log record at byte ${offset}: ${reason}`);
    this.name = 'CorruptRecordError';
  }
}

/**
 * Serialises an event. Key order is fixed (index fields first) so the file reads well with `strings`/`jq`.
 */
export function encodeRecord(event: RecordedEvent): Buffer {
  const json = JSON.stringify({
    position: event.position,
    streamId: event.streamId,
    revision: event.revision,
    eventId: event.eventId,
    type: event.type,
    recordedAt: event.recordedAt,
    metadata: event.metadata,
    data: event.data,
  });
  const payloadBytes = Buffer.byteLength(json);
  if (payloadBytes > MAX_RECORD_BYTES) {
    throw new RangeError(`Event ${event.eventId} is ${payloadBytes} bytes once encoded; the limit is ${MAX_RECORD_BYTES}`);
  }
  const buf = Buffer.allocUnsafe(HEADER_BYTES + payloadBytes);
  buf.write(json, HEADER_BYTES, 'utf8');
  buf.writeUInt32LE(payloadBytes, 0);
  buf.writeUInt32LE(crc32(buf.subarray(HEADER_BYTES)), 4);
  return buf;
}

export type ScanResult =
  | { kind: 'record'; payload: Buffer; size: number }
  /** Not enough bytes for the header or the announced payload: maybe the record continues in the next chunk. */
  | { kind: 'incomplete' }
  | { kind: 'corrupt'; reason: string };

/** Checks the record that starts at `at` in `buf` (which holds the file from `bufOffset` on). */
export function scanRecord(buf: Buffer, at: number): ScanResult {
  if (buf.length - at < HEADER_BYTES) return { kind: 'incomplete' };
  const length = buf.readUInt32LE(at);
  if (length < MIN_PAYLOAD_BYTES || length > MAX_RECORD_BYTES) return { kind: 'corrupt', reason: `implausible length ${length}` };
  const end = at + HEADER_BYTES + length;
  if (end > buf.length) return { kind: 'incomplete' };
  const payload = buf.subarray(at + HEADER_BYTES, end);
  if (crc32(payload) !== buf.readUInt32LE(at + 4)) return { kind: 'corrupt', reason: 'checksum mismatch' };
  return { kind: 'record', payload, size: HEADER_BYTES + length };
}

export interface IndexFields {
  position: number;
  streamId: string;
  revision: number;
  eventId: string;
  /** What the search indexes also take (type, time, correlation); absent only when a record lacks them. */
  type?: string;
  recordedAt?: string;
  correlationId?: string;
}

/** The head and metadata of a record are read from at most this many bytes (longer ones take the full parse). */
const HEAD_BYTES = 1024;
const METADATA_KEY = ',"metadata":';
const CORRELATION_KEY = '"correlationId":"';
const DATA_KEY = ',"data":';

/**
 * Replay needs only the index fields, which encodeRecord writes first (position, streamId, revision, eventId, type,
 * recordedAt, then metadata, then data), plus the metadata's correlation id. The record's first bytes are decoded
 * once; the head up to `,"metadata":` is parsed as JSON (small), and the correlation id is picked out of the metadata.
 * Inside a JSON string a `"` is always escaped, so these key sequences cannot occur within the values before them; an
 * escaped correlation id, a head longer than HEAD_BYTES, or anything unexpected falls back to the full parse.
 */
export function decodeIndexFields(payload: Buffer, offset: number): IndexFields {
  const fast = headFields(payload);
  if (fast) return fast;
  const event = decodePayload(payload, offset);
  const { position, streamId, revision, eventId, type, recordedAt } = event;
  return { position, streamId, revision, eventId, type, recordedAt, correlationId: event.metadata?.correlationId };
}

function headFields(payload: Buffer): IndexFields | null {
  const text = payload.toString('utf8', 0, Math.min(payload.length, HEAD_BYTES));
  const end = text.indexOf(METADATA_KEY);
  if (end <= 0) return null;
  let head: Partial<IndexFields>;
  try {
    head = JSON.parse(`${text.slice(0, end)}}`) as Partial<IndexFields>;
  } catch {
    return null;
  }
  if (
    typeof head.position !== 'number' ||
    typeof head.streamId !== 'string' ||
    typeof head.revision !== 'number' ||
    typeof head.eventId !== 'string'
  )
    return null;
  const fields = head as IndexFields;
  const key = text.indexOf(CORRELATION_KEY, end);
  const data = text.indexOf(DATA_KEY, end);
  if (key < 0 || (data >= 0 && key > data)) return data >= 0 ? fields : null; // no correlation id in the metadata (or not read yet)
  const start = key + CORRELATION_KEY.length;
  const close = text.indexOf('"', start);
  if (close < 0) return null;
  const correlationId = text.slice(start, close);
  if (correlationId.includes('\\')) return null;
  fields.correlationId = correlationId;
  return fields;
}

/** Parses a checksummed payload into an event (fresh object: callers may mutate it). */
export function decodePayload(payload: Buffer, offset: number): RecordedEvent {
  let raw: unknown;
  try {
    raw = JSON.parse(payload.toString('utf8'));
  } catch (error) {
    throw new CorruptRecordError(offset, `invalid JSON (${(error as Error).message})`);
  }
  const r = raw as Partial<RecordedEvent>;
  if (typeof r.position !== 'number' || typeof r.streamId !== 'string' || typeof r.revision !== 'number' || typeof r.eventId !== 'string') {
    throw new CorruptRecordError(offset, 'missing index fields');
  }
  return {
    streamId: r.streamId,
    revision: r.revision,
    position: r.position,
    eventId: r.eventId,
    type: r.type as string,
    data: r.data,
    metadata: r.metadata as RecordedEvent['metadata'],
    recordedAt: r.recordedAt as string,
  };
}
