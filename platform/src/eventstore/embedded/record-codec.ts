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

const KEYS = {
  position: Buffer.from('{"position":'),
  streamId: Buffer.from(',"streamId":"'),
  revision: Buffer.from('","revision":'),
  eventId: Buffer.from(',"eventId":"'),
  type: Buffer.from('","type":"'),
  recordedAt: Buffer.from('","recordedAt":"'),
  metadata: Buffer.from('","metadata":'),
  correlation: Buffer.from('"correlationId":"'),
  data: Buffer.from(',"data":'),
};
const QUOTE = 0x22;
const BACKSLASH = 0x5c;

/** Digits of a non-negative integer at [from, to), or -1. */
function integerAt(payload: Buffer, from: number, to: number): number {
  if (to <= from) return -1;
  let n = 0;
  for (let i = from; i < to; i++) {
    const d = payload[i]! - 0x30;
    if (d < 0 || d > 9) return -1;
    n = n * 10 + d;
  }
  return n;
}

/** A string value at [from, to) without escapes (else null: the caller parses the record fully). */
function plainAt(payload: Buffer, from: number, to: number): string | null {
  if (to < from) return null;
  const backslash = payload.indexOf(BACKSLASH, from);
  return backslash >= 0 && backslash < to ? null : payload.toString('utf8', from, to);
}

/**
 * Replay needs only the index fields, which encodeRecord writes first and in a fixed order (position, streamId,
 * revision, eventId, type, recordedAt, then metadata, then data), plus the metadata's correlation id. They are read by
 * scanning for the keys, without parsing JSON: several times cheaper than parsing the record. Inside a JSON string a
 * `"` is always escaped, so a key sequence cannot occur within the values before it; a value with escapes, or
 * anything unexpected, falls back to the full parse.
 */
export function decodeIndexFields(payload: Buffer, offset: number): IndexFields {
  const fast = scanIndexFields(payload);
  if (fast) return fast;
  const event = decodePayload(payload, offset);
  const { position, streamId, revision, eventId, type, recordedAt } = event;
  return { position, streamId, revision, eventId, type, recordedAt, correlationId: event.metadata?.correlationId };
}

function scanIndexFields(payload: Buffer): IndexFields | null {
  if (payload.indexOf(KEYS.position) !== 0) return null;
  const p0 = KEYS.position.length;
  const s0 = payload.indexOf(KEYS.streamId, p0);
  const r0 = s0 < 0 ? -1 : payload.indexOf(KEYS.revision, s0 + KEYS.streamId.length);
  const e0 = r0 < 0 ? -1 : payload.indexOf(KEYS.eventId, r0 + KEYS.revision.length);
  const t0 = e0 < 0 ? -1 : payload.indexOf(KEYS.type, e0 + KEYS.eventId.length);
  const a0 = t0 < 0 ? -1 : payload.indexOf(KEYS.recordedAt, t0 + KEYS.type.length);
  const m0 = a0 < 0 ? -1 : payload.indexOf(KEYS.metadata, a0 + KEYS.recordedAt.length);
  if (m0 < 0) return null;
  const position = integerAt(payload, p0, s0);
  const revision = integerAt(payload, r0 + KEYS.revision.length, e0);
  const streamId = plainAt(payload, s0 + KEYS.streamId.length, r0);
  const eventId = plainAt(payload, e0 + KEYS.eventId.length, t0);
  const type = plainAt(payload, t0 + KEYS.type.length, a0);
  const recordedAt = plainAt(payload, a0 + KEYS.recordedAt.length, m0);
  if (position < 0 || revision < 0 || streamId === null || eventId === null || type === null || recordedAt === null) return null;
  const fields: IndexFields = { position, streamId, revision, eventId, type, recordedAt };
  const key = payload.indexOf(KEYS.correlation, m0);
  if (key >= 0 && key < payload.indexOf(KEYS.data, m0)) {
    const start = key + KEYS.correlation.length;
    const correlationId = plainAt(payload, start, payload.indexOf(QUOTE, start));
    if (correlationId === null) return null;
    fields.correlationId = correlationId;
  }
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
