import { HEADER_BYTES, decodeIndexFields, decodePayload } from './record-codec';
import type { RecordedEvent } from '../../ports/event-store';

/**
 * The encoded records of the latest appends, by position (contiguous, the oldest dropped first once over the byte cap).
 * Hot reads (a consumer's stream state, the projections' subscription) are almost always of events just appended:
 * decoding them from here spares a file read per call. These bytes are exactly what was written (and checksummed).
 *
 * They are copied into one buffer allocated once, used as a ring, rather than kept as the Buffers they were encoded
 * in. Those are slices of Node's shared 8 KiB pool: each kept record held its whole slab (many times the
 * records' own size, outside the heap), lived long enough to reach the old generation, and,
 * dropped, was memory outside the heap that only a full mark frees. V8 starts a full mark whenever that memory has
 * grown 64 MiB since the last: under a steady flow of readings, a long mark of the launcher's main thread comes
 * often (`npm run bench:ocpp`, scenario `ceiling`, shows it). The ring allocates nothing per record.
 */
export class RecentRecords {
  private readonly ring: Buffer;
  /**
   * Where each held record starts in an endless byte sequence of which the ring holds the last `capacity` bytes
   * (its place in the ring is that modulo the capacity), and its length; index i is position base + i.
   */
  private starts = new Float64Array(1024);
  private lengths = new Int32Array(1024);
  private head = 0;
  private count = 0;
  /** Position of the entry at index 0. */
  private base: number;
  /** Where the next record goes in the endless sequence. */
  private end = 0;

  constructor(
    next: number,
    private readonly capacity: number,
  ) {
    this.base = next;
    this.ring = Buffer.allocUnsafeSlow(Math.max(0, capacity));
  }

  add(position: number, record: Buffer): void {
    // Too big to hold: hold nothing, and start over from the next position. Not the next position: start over here.
    if (record.length > this.capacity) return this.startAt(position + 1);
    if (position !== this.base + this.count) this.startAt(position);
    // A record never wraps around the ring's end: it starts at the ring's beginning instead.
    let start = this.end;
    if ((start % this.capacity) + record.length > this.capacity) start += this.capacity - (start % this.capacity);
    this.end = start + record.length;
    // Records overwritten (any byte of them before the last `capacity` bytes) are no longer held.
    const oldest = this.end - this.capacity;
    while (this.head < this.count && this.starts[this.head]! < oldest) this.head++;
    if (this.count === this.starts.length) this.makeRoom();
    this.starts[this.count] = start;
    this.lengths[this.count] = record.length;
    this.count++;
    record.copy(this.ring, start % this.capacity);
  }

  private startAt(position: number): void {
    this.head = 0;
    this.count = 0;
    this.base = position;
  }

  /** Drops the entries before head, or grows the index when most of it is held. */
  private makeRoom(): void {
    const held = this.count - this.head;
    if (held * 2 <= this.starts.length) {
      this.starts.copyWithin(0, this.head, this.count);
      this.lengths.copyWithin(0, this.head, this.count);
    } else {
      const starts = new Float64Array(this.starts.length * 2);
      const lengths = new Int32Array(this.lengths.length * 2);
      starts.set(this.starts.subarray(this.head, this.count));
      lengths.set(this.lengths.subarray(this.head, this.count));
      this.starts = starts;
      this.lengths = lengths;
    }
    this.base += this.head;
    this.count = held;
    this.head = 0;
  }

  private payloadAt(position: number): Buffer {
    const i = position - this.base;
    const at = this.starts[i]! % this.capacity;
    return this.ring.subarray(at + HEADER_BYTES, at + this.lengths[i]!);
  }

  private holds(first: number, last: number): boolean {
    return first >= this.base + this.head && last < this.base + this.count;
  }

  /** The event id of the record at `position`, or null when it is not held. */
  eventIdAt(position: number): string | null {
    if (!this.holds(position, position)) return null;
    return decodeIndexFields(this.payloadAt(position), -1).eventId;
  }

  /** The events first..last, decoded afresh (callers may mutate them), or null when some are not held. */
  read(first: number, last: number): RecordedEvent[] | null {
    if (!this.holds(first, last)) return null;
    const events: RecordedEvent[] = [];
    for (let p = first; p <= last; p++) events.push(decodePayload(this.payloadAt(p), -1));
    return events;
  }
}
