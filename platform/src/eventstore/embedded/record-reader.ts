import { readSync } from 'node:fs';
import type { FileHandle } from 'node:fs/promises';
import type { RecordedEvent } from '../../ports/event-store';
import { CorruptRecordError, HEADER_BYTES, MAX_RECORD_BYTES, decodeIndexFields, decodePayload, scanRecord } from './record-codec';

/** One read syscall covers up to this many bytes of consecutive records. */
const READ_CHUNK_BYTES = 4 * 1024 * 1024;
/**
 * A span of records up to this size is read at once on the calling thread (a stream's few records: the log is in the
 * page cache, so a read is a copy of some microseconds); longer ones through the thread pool. A trip through the pool
 * wakes one of its threads and this one again, and a burst of starts reads a few records a start of customers not
 * seen since the product started.
 */
export const SYNC_READ_MAX_BYTES = 64 * 1024;

/**
 * Reads the records at positions first..last (consecutive) with as few reads as possible.
 * `offsetOf(p)` is the file offset of record p, and offsetOf(last + 1) the end of record `last`.
 * Checksums are verified again: a record damaged on disk after open surfaces as an error, not as bad data.
 */
export async function readConsecutive(
  fh: FileHandle,
  first: number,
  last: number,
  offsetOf: (position: number) => number,
): Promise<RecordedEvent[]> {
  if (offsetOf(last + 1) - offsetOf(first) <= SYNC_READ_MAX_BYTES)
    return decodeChunk(readChunkSync(fh.fd, offsetOf(first), offsetOf(last + 1)), offsetOf(first), first, last);
  const events: RecordedEvent[] = [];
  let p = first;
  while (p <= last) {
    const start = offsetOf(p);
    let q = p; // last position in this chunk
    while (q < last && offsetOf(q + 2) - start <= READ_CHUNK_BYTES) q++;
    const end = offsetOf(q + 1);
    const buf = Buffer.allocUnsafe(end - start);
    let filled = 0;
    while (filled < buf.length) {
      const { bytesRead } = await fh.read(buf, filled, buf.length - filled, start + filled);
      if (bytesRead === 0) throw new CorruptRecordError(start + filled, 'unexpected end of file');
      filled += bytesRead;
    }
    events.push(...decodeChunk(buf, start, p, q));
    p = q + 1;
  }
  return events;
}

function readChunkSync(fd: number, start: number, end: number): Buffer {
  const buf = Buffer.allocUnsafe(end - start);
  readFully(fd, buf, start);
  return buf;
}

/** The records at positions first..last, which `buf` holds from file offset `start` on. */
function decodeChunk(buf: Buffer, start: number, first: number, last: number): RecordedEvent[] {
  const events: RecordedEvent[] = [];
  for (let at = 0, pos = first; pos <= last; pos++) {
    const scan = scanRecord(buf, at);
    if (scan.kind !== 'record') {
      throw new CorruptRecordError(start + at, scan.kind === 'corrupt' ? scan.reason : 'truncated record');
    }
    const event = decodePayload(scan.payload, start + at);
    if (event.position !== pos) throw new CorruptRecordError(start + at, `found position ${event.position}, expected ${pos}`);
    events.push(event);
    at += scan.size;
  }
  return events;
}

/**
 * The event id of the record at `offset`, read at once (synchronously: the caller is deciding an append, which must
 * not yield). Only the event id index's hash candidates come here, a rare path; the checksum is verified as always.
 */
export function readEventIdSync(fd: number, offset: number): string {
  const header = Buffer.allocUnsafe(HEADER_BYTES);
  readFully(fd, header, offset);
  const length = header.readUInt32LE(0);
  if (length > MAX_RECORD_BYTES) throw new CorruptRecordError(offset, `implausible length ${length}`);
  const record = Buffer.allocUnsafe(HEADER_BYTES + length);
  header.copy(record);
  readFully(fd, record.subarray(HEADER_BYTES), offset + HEADER_BYTES);
  const scan = scanRecord(record, 0);
  if (scan.kind !== 'record') throw new CorruptRecordError(offset, scan.kind === 'corrupt' ? scan.reason : 'truncated record');
  return decodeIndexFields(scan.payload, offset).eventId;
}

function readFully(fd: number, buf: Buffer, offset: number): void {
  for (let filled = 0; filled < buf.length; ) {
    const bytesRead = readSync(fd, buf, filled, buf.length - filled, offset + filled);
    if (bytesRead === 0) throw new CorruptRecordError(offset + filled, 'unexpected end of file');
    filled += bytesRead;
  }
}

/** Groups ascending positions into runs of consecutive ones: [1,2,3,7,8] → [[1,3],[7,8]]. */
export function consecutiveRuns(positions: readonly number[]): Array<[number, number]> {
  const runs: Array<[number, number]> = [];
  for (const p of positions) {
    const run = runs.at(-1);
    if (run && run[1] + 1 === p) run[1] = p;
    else runs.push([p, p]);
  }
  return runs;
}
