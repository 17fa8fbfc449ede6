import type { FileHandle } from 'node:fs/promises';
import {
  CorruptRecordError,
  HEADER_BYTES,
  MAX_RECORD_BYTES,
  decodeIndexFields,
  decodePayload,
  scanRecord,
  type IndexFields,
} from './record-codec';

/** Big sequential reads: replay cost is parsing, not syscalls. */
const CHUNK_BYTES = 8 * 1024 * 1024;

export interface ReplayResult {
  /** Byte offset just after the last valid record: where the next append goes. */
  validEnd: number;
  /** Set when bytes after validEnd were discarded as a torn tail. */
  tornTail: { offset: number; bytes: number; reason: string } | null;
}

export class MidLogCorruptionError extends Error {
  readonly code = 'eventstore.corrupt';
  constructor(
    readonly file: string,
    readonly offset: number,
    readonly validRecordAt: number,
    reason: string,
  ) {
    super(
      `${file}: record at byte ${offset} is damaged (${reason}) but a valid record follows at byte ${validRecordAt}. ` +
        'This is not a torn tail from a crash, and truncating would drop stored events; the store refuses to open. ' +
        'Restore the file from a backup, or inspect it and cut it at the damaged offset by hand.',
    );
    this.name = 'MidLogCorruptionError';
  }
}

/**
 * Reads the whole log once, calling `onRecord` for each valid record in order, and finds where the valid
 * log ends. A damaged or partial record at the end is a torn tail (the last, unacknowledged group write
 * of a crashed process): it is reported so the caller truncates it. A damaged record followed by valid
 * ones is not something a crash produces with fsync-before-ack, so it throws MidLogCorruptionError.
 */
export async function replayLog(
  fh: FileHandle,
  file: string,
  onRecord: (event: IndexFields, offset: number) => void,
): Promise<ReplayResult> {
  const size = (await fh.stat()).size;
  let buf = Buffer.allocUnsafe(Math.min(CHUNK_BYTES, Math.max(size, HEADER_BYTES)));
  let bufStart = 0; // file offset of buf[0]
  let bufLen = 0;
  let expectedPosition = 1;

  for (;;) {
    // Refill: keep the unparsed remainder, append the next chunk.
    const fileRead = bufStart + bufLen;
    if (fileRead < size) {
      const want = Math.min(CHUNK_BYTES, size - fileRead);
      if (buf.length < bufLen + want) {
        const bigger = Buffer.allocUnsafe(bufLen + want);
        buf.copy(bigger, 0, 0, bufLen);
        buf = bigger;
      }
      const { bytesRead } = await fh.read(buf, bufLen, want, fileRead);
      bufLen += bytesRead;
    }
    const view = buf.subarray(0, bufLen);
    let at = 0;
    for (;;) {
      const scan = scanRecord(view, at);
      if (scan.kind === 'incomplete') break;
      const offset = bufStart + at;
      if (scan.kind === 'corrupt') return corruptAt(fh, file, size, offset, scan.reason, expectedPosition);
      let event: IndexFields;
      try {
        event = decodeIndexFields(scan.payload, offset);
      } catch (error) {
        if (error instanceof CorruptRecordError) return corruptAt(fh, file, size, offset, error.message, expectedPosition);
        throw error;
      }
      if (event.position !== expectedPosition) {
        // A checksummed record with the wrong sequence number is a bug or a spliced file, never a crash.
        throw new CorruptRecordError(offset, `position ${event.position} where ${expectedPosition} was expected`);
      }
      onRecord(event, offset);
      expectedPosition++;
      at += scan.size;
    }
    // Move the incomplete remainder to the front.
    buf.copy(buf, 0, at, bufLen);
    bufStart += at;
    bufLen -= at;
    if (bufStart + bufLen >= size) {
      if (bufLen === 0) return { validEnd: bufStart, tornTail: null };
      // A partial record at EOF is the usual torn tail; a damaged length prefix looks the same, so the
      // same "is anything valid after it?" check applies.
      return corruptAt(fh, file, size, bufStart, 'partial record at end of file', expectedPosition);
    }
  }
}

async function corruptAt(
  fh: FileHandle,
  file: string,
  size: number,
  offset: number,
  reason: string,
  nextPosition: number,
): Promise<ReplayResult> {
  const later = await findValidRecordAfter(fh, size, offset + 1, nextPosition);
  if (later !== null) throw new MidLogCorruptionError(file, offset, later, reason);
  return { validEnd: offset, tornTail: { offset, bytes: size - offset, reason } };
}

/**
 * Looks for any checksummed record with a plausible position after a damaged one. Used only on the error
 * path. Chunks overlap by OVERLAP so a record up to that size straddling a chunk border is still seen.
 */
async function findValidRecordAfter(fh: FileHandle, size: number, from: number, minPosition: number): Promise<number | null> {
  const OVERLAP = 1024 * 1024;
  for (let start = from; start < size; start += CHUNK_BYTES) {
    const len = Math.min(CHUNK_BYTES + OVERLAP, size - start);
    const buf = Buffer.allocUnsafe(len);
    const { bytesRead } = await fh.read(buf, 0, len, start);
    const view = buf.subarray(0, bytesRead);
    const limit = Math.min(bytesRead, CHUNK_BYTES);
    for (let at = 0; at < limit; at++) {
      const length = view.length - at >= 4 ? view.readUInt32LE(at) : 0;
      if (length < 2 || length > MAX_RECORD_BYTES) continue;
      const scan = scanRecord(view, at);
      if (scan.kind !== 'record') continue;
      try {
        if (decodePayload(scan.payload, start + at).position >= minPosition) return start + at;
      } catch {
        // A checksum collision on garbage that is not JSON: keep looking.
      }
    }
  }
  return null;
}
