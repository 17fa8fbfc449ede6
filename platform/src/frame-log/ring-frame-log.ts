import type { OcppFrame } from '@evc/contracts';
import { frameShare, frameSlack, type FrameLog, type FrameLogLimits } from '../ports/frame-log';

/** A charger's bytes start at this (a heartbeat's call and answer are some 250 bytes each) and grow as it needs. */
const MIN_BYTES = 2048;
const MIN_RECORDS = 16;

/** A connection's frames in a charger's ring: the newest one's id (redeliveries are not above it) and its index. */
interface Connection {
  readonly id: string;
  newestFrameId: string;
  /** The index (counted since the ring began) of its newest frame in the ring. */
  newest: number;
}

/**
 * One charger's frames, oldest first, as UTF-8 JSON records back to back in one Buffer (memory outside the
 * JavaScript heap), with their byte offsets in a typed array: a few objects a charger however many frames it keeps,
 * where a document a frame was some ten objects for the garbage collector to mark and, outliving the young generation,
 * to promote. Dropping the oldest moves a cursor; the bytes are reused when the buffer is next compacted.
 */
class ChargerFrames {
  private bytes: Buffer = Buffer.allocUnsafeSlow(MIN_BYTES);
  /** Byte offset of each record; the live ones are `starts[first .. first + count)`. */
  private starts = new Uint32Array(MIN_RECORDS);
  private first = 0;
  count = 0;
  /** Where the next record's bytes go. */
  private end = 0;
  /** Records dropped since the ring began: the index of the oldest live one. */
  private dropped = 0;
  readonly connections: Connection[] = [];

  constructor(readonly chargerId: string) {}

  connection(id: string): Connection | undefined {
    // A charger has one connection at a time; a few while its old frames are still held.
    for (let i = this.connections.length - 1; i >= 0; i--) if (this.connections[i]!.id === id) return this.connections[i];
    return undefined;
  }

  /** Appends one record (`known`: its connection, if the ring holds it); answers the connection it is the newest of. */
  push(frame: OcppFrame, known: Connection | undefined): Connection {
    const text = JSON.stringify([
      frame.frameId,
      frame.connectionId,
      frame.direction,
      frame.kind,
      frame.messageId,
      frame.action,
      frame.payload ?? null,
      frame.error ?? null,
      frame.at,
    ]);
    const length = Buffer.byteLength(text);
    this.reserve(length);
    this.bytes.write(text, this.end, 'utf8');
    this.starts[this.first + this.count] = this.end;
    this.end += length;
    this.count++;
    const index = this.dropped + this.count - 1;
    if (!known) {
      const connection = { id: frame.connectionId, newestFrameId: frame.frameId, newest: index };
      this.connections.push(connection);
      return connection;
    }
    known.newestFrameId = frame.frameId;
    known.newest = index;
    return known;
  }

  /** Drops the `n` oldest records; answers the connections none of whose frames is left. */
  drop(n: number): Connection[] {
    const k = Math.min(n, this.count);
    this.first += k;
    this.count -= k;
    this.dropped += k;
    if (this.count === 0) {
      this.first = 0;
      this.end = 0;
    }
    // A large frame gone leaves a buffer far larger than the rest need: given back at once.
    if (this.bytes.length > MIN_BYTES && (this.end - this.oldestByte()) * 4 < this.bytes.length) this.compact(0);
    const gone: Connection[] = [];
    while (this.connections.length > 0 && this.connections[0]!.newest < this.dropped) gone.push(this.connections.shift()!);
    return gone;
  }

  /** The i-th live record (0 = oldest), decoded. */
  at(i: number): OcppFrame {
    const slot = this.first + i;
    const from = this.starts[slot]!;
    const to = i + 1 < this.count ? this.starts[slot + 1]! : this.end;
    const [frameId, connectionId, direction, kind, messageId, action, payload, error, at] = JSON.parse(
      this.bytes.toString('utf8', from, to),
    ) as [string, string, OcppFrame['direction'], OcppFrame['kind'], string, string, unknown, string | null, string];
    return { frameId, chargerId: this.chargerId, connectionId, direction, kind, messageId, action, payload, error, at };
  }

  /** Bytes held outside the heap (for the figures). */
  get capacity(): number {
    return this.bytes.length + this.starts.byteLength;
  }

  /** Room for one more record of `length` bytes: the live records moved to the front, the buffer resized if needed. */
  private reserve(length: number) {
    if (this.first + this.count === this.starts.length) {
      if (this.count + 1 > this.starts.length / 2) {
        const starts = new Uint32Array(this.starts.length * 2);
        starts.set(this.starts.subarray(this.first, this.first + this.count));
        this.starts = starts;
      } else this.starts.copyWithin(0, this.first, this.first + this.count);
      this.first = 0;
    }
    if (this.end + length > this.bytes.length) this.compact(length);
  }

  private oldestByte(): number {
    return this.count > 0 ? this.starts[this.first]! : this.end;
  }

  /** Moves the live records to the front, with room for `length` bytes more, in a buffer resized if need be. */
  private compact(length: number) {
    const from = this.oldestByte();
    const live = this.end - from;
    const need = live + length;
    // Grown by half again past what is needed; shrunk when a quarter would do (a large frame has gone).
    const size =
      need > this.bytes.length || need * 4 < this.bytes.length
        ? Math.max(MIN_BYTES, Math.ceil((need * 1.5) / 1024) * 1024)
        : this.bytes.length;
    if (size !== this.bytes.length) {
      const bytes = Buffer.allocUnsafeSlow(size);
      this.bytes.copy(bytes, 0, from, this.end);
      this.bytes = bytes;
    } else this.bytes.copyWithin(0, from, this.end);
    for (let i = this.first; i < this.first + this.count; i++) this.starts[i] = this.starts[i]! - from;
    this.end = live;
  }
}

/**
 * The message log in memory outside the JavaScript heap: the embedded profile's. Kept as documents of the in-memory
 * store, a full log is a large share of what a full mark of the launcher's heap walks, and every frame becomes
 * old-generation garbage once trimmed. Here each charger's frames are one Buffer and
 * one offsets array (`ChargerFrames`); a frame is JSON text written in and parsed back only when staff read it.
 *
 * Retention as the documents' log: each charger keeps its newest `frameShare` frames, trimmed once it passes that by
 * `frameSlack`; when the whole log passes its bound by 15 %, every charger above its share is (those that went quiet
 * above it included). Redelivered frames (not above their connection's newest) are not kept twice. Lost with the
 * process, as the embedded read models are (the log is diagnostics, not facts; the chargers' messages are events).
 */
export function createRingFrameLog(limits: FrameLogLimits): FrameLog & { bytes(): number } {
  const rings = new Map<string, ChargerFrames>();
  /** Which charger's ring holds a connection's frames (for the event chain's lookup by message). */
  const connections = new Map<string, ChargerFrames>();
  let held = 0;

  const forget = (ring: ChargerFrames, gone: Connection[]) => {
    for (const c of gone) if (connections.get(c.id) === ring) connections.delete(c.id);
  };
  const trim = (ring: ChargerFrames, keep: number) => {
    const n = ring.count - keep;
    if (n <= 0) return;
    forget(ring, ring.drop(n));
    held -= n;
  };

  return {
    append(frame) {
      let ring = rings.get(frame.chargerId);
      if (!ring) rings.set(frame.chargerId, (ring = new ChargerFrames(frame.chargerId)));
      const known = ring.connection(frame.connectionId);
      if (known && frame.frameId <= known.newestFrameId) return Promise.resolve();
      const connection = ring.push(frame, known);
      connections.set(connection.id, ring);
      held++;
      const keep = frameShare(limits, rings.size);
      if (ring.count > keep + frameSlack(keep)) trim(ring, keep);
      const bound = limits.total === null ? Number.POSITIVE_INFINITY : Math.max(limits.total, limits.minPerCharger * rings.size);
      // Each trim is a cursor moved: the sweep over every charger is a loop of integer steps, done at once.
      if (held > bound * 1.15) for (const r of rings.values()) trim(r, keep);
      return Promise.resolve();
    },
    page(chargerId, { skip, limit }) {
      const ring = rings.get(chargerId);
      if (!ring) return Promise.resolve({ frames: [], total: 0 });
      const frames: OcppFrame[] = [];
      for (let i = ring.count - 1 - skip; i >= 0 && frames.length < limit; i--) frames.push(ring.at(i));
      return Promise.resolve({ frames, total: ring.count });
    },
    ofMessages(refs) {
      const wanted = new Set(refs.map((r) => `${r.connectionId}/${r.messageId}`));
      const scanned = new Set<ChargerFrames>();
      const frames: OcppFrame[] = [];
      for (const { connectionId } of refs) {
        const ring = connections.get(connectionId);
        if (!ring || scanned.has(ring)) continue;
        scanned.add(ring);
        for (let i = 0; i < ring.count; i++) {
          const f = ring.at(i);
          if (wanted.has(`${f.connectionId}/${f.messageId}`)) frames.push(f);
        }
      }
      return Promise.resolve(
        frames.sort((a, b) => (a.at < b.at ? -1 : a.at > b.at ? 1 : a.frameId < b.frameId ? -1 : a.frameId > b.frameId ? 1 : 0)),
      );
    },
    size() {
      return Promise.resolve(held);
    },
    bytes() {
      let n = 0;
      for (const r of rings.values()) n += r.capacity;
      return n;
    },
  };
}
