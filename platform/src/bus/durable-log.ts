import { randomUUID } from 'node:crypto';
import { mkdir, open, readFile, readdir, rename, rm, type FileHandle } from 'node:fs/promises';
import path from 'node:path';
import { crc32 } from 'node:zlib';
import { GroupCommitWriter } from '../eventstore/embedded/group-commit';
import { HEADER_BYTES, scanRecord } from '../eventstore/embedded/record-codec';
import type { StoredMessage } from './partition-log';

/** One message of a durable topic as it is written: where it goes (topic, partition, offset) and what it is. */
export interface DurableRecord extends StoredMessage {
  /** Always the JSON text: what is on disk. */
  readonly value: string;
  topic: string;
  partition: number;
  offset: number;
}

/** What a restart finds: the retained messages of each durable topic and every group's committed offsets. */
export interface Recovered {
  messages: Map<string, DurableRecord[][]>;
  /** groupId → topic → committed offset per partition. */
  offsets: Map<string, Map<string, number[]>>;
}

export interface DurableLogOptions {
  dir: string;
  partitions: number;
  /** fdatasync every batch (default true; tests may turn it off). */
  fsync?: boolean;
  /** A new segment file starts past this size (default 64 MiB). */
  segmentBytes?: number;
  /** How often dirty committed offsets are written (default 100 ms). */
  offsetsEveryMs?: number;
}

const SEGMENT = /^segment-(\d{9})\.log$/;
const segmentName = (n: number) => `segment-${String(n).padStart(9, '0')}.log`;
const OFFSETS = 'offsets.json';

/** The value is JSON text already: it is embedded as it is (no second escaping on the hot path). */
function encode(record: DurableRecord): Buffer {
  const head = JSON.stringify({
    t: record.topic,
    p: record.partition,
    o: record.offset,
    k: record.key,
    h: record.headers,
    ts: record.timestamp,
  });
  const json = `${head.slice(0, -1)},"v":${record.value}}`;
  const bytes = Buffer.byteLength(json);
  const buf = Buffer.allocUnsafe(HEADER_BYTES + bytes);
  buf.write(json, HEADER_BYTES, 'utf8');
  buf.writeUInt32LE(bytes, 0);
  buf.writeUInt32LE(crc32(buf.subarray(HEADER_BYTES)), 4);
  return buf;
}

function decode(payload: Buffer): DurableRecord {
  const r = JSON.parse(payload.toString('utf8')) as {
    t: string;
    p: number;
    o: number;
    k: string;
    v: unknown;
    h: Record<string, string>;
    ts: string;
  };
  return { topic: r.t, partition: r.p, offset: r.o, key: r.k, value: JSON.stringify(r.v), headers: r.h, timestamp: r.ts };
}

interface Segment {
  n: number;
  /** "topic|partition" → the highest offset this segment holds. */
  highest: Map<string, number>;
}

/**
 * The embedded bus's write-ahead log for durable topics (`ocpp.inbound`, so that what a charger was told
 * is done survives a crash). Records are appended to `DATA_DIR/bus/segment-<n>.log` with the event store's framing
 * ([length][CRC32][JSON]) and group commit (one write + fdatasync for every publish waiting), and `publish`
 * resolves only once its records are on disk. Committed offsets go to `offsets.json` (tmp + fsync + rename, at most
 * every 100 ms, without fsync: lagging is safe, a restart redelivers a little more). A restart replays the segments (a torn tail of
 * the last one is cut off) from the lowest committed offset. A segment is deleted once every message in it is below
 * what the bus still retains for its partition (every group committed past it).
 */
export class DurableBusLog {
  private fh: FileHandle | null = null;
  private writer: GroupCommitWriter | null = null;
  private size = 0;
  private seq = 0;
  private segments: Segment[] = [];
  private offsets = new Map<string, Map<string, number[]>>();
  private offsetsDirty = false;
  private offsetsTimer: NodeJS.Timeout | null = null;
  private offsetsWriting: Promise<void> = Promise.resolve();
  private rolling: Promise<void> | null = null;
  private readonly waiting: { records: readonly DurableRecord[]; buffer: Buffer; resolve: () => void; reject: (error: unknown) => void }[] =
    [];
  private closed = false;

  private constructor(private readonly options: Required<DurableLogOptions>) {}

  /** Opens the log in `dir`, replaying what is there. */
  static async open(options: DurableLogOptions): Promise<{ log: DurableBusLog; recovered: Recovered }> {
    const full: Required<DurableLogOptions> = { fsync: true, segmentBytes: 64 * 1024 * 1024, offsetsEveryMs: 100, ...options };
    await mkdir(full.dir, { recursive: true });
    const log = new DurableBusLog(full);
    const recovered = await log.recover();
    await log.startSegment((log.segments.at(-1)?.n ?? 0) + 1);
    return { log, recovered };
  }

  private async recover(): Promise<Recovered> {
    const messages = new Map<string, DurableRecord[][]>();
    const names = (await readdir(this.options.dir)).filter((f) => SEGMENT.test(f)).sort();
    for (const [i, name] of names.entries()) {
      const file = path.join(this.options.dir, name);
      const buf = await readFile(file);
      const segment: Segment = { n: Number(SEGMENT.exec(name)![1]), highest: new Map() };
      let at = 0;
      while (at < buf.length) {
        const scan = scanRecord(buf, at);
        if (scan.kind !== 'record') break;
        const record = decode(scan.payload);
        const parts = messages.get(record.topic) ?? Array.from({ length: this.options.partitions }, () => []);
        messages.set(record.topic, parts);
        parts[record.partition]?.push(record);
        segment.highest.set(`${record.topic}|${record.partition}`, record.offset);
        at += scan.size;
      }
      // Only the last segment can end torn (a crash mid-write); whatever follows the last whole record was never
      // acknowledged. Earlier segments were closed whole.
      if (at < buf.length && i === names.length - 1) {
        const fh = await open(file, 'r+');
        await fh.truncate(at);
        await fh.close();
      }
      this.segments.push(segment);
    }
    for (const parts of messages.values()) for (const records of parts) records.sort((a, b) => a.offset - b.offset);
    try {
      const saved = JSON.parse(await readFile(path.join(this.options.dir, OFFSETS), 'utf8')) as Record<string, Record<string, number[]>>;
      for (const [group, topics] of Object.entries(saved)) this.offsets.set(group, new Map(Object.entries(topics)));
    } catch {
      // No offsets yet (or a torn write, impossible with rename): every group starts over, which at-least-once allows.
    }
    return { messages, offsets: this.offsets };
  }

  private async startSegment(n: number): Promise<void> {
    const fh = await open(path.join(this.options.dir, segmentName(n)), 'a+');
    const { size } = await fh.stat();
    this.fh = fh;
    this.size = size;
    this.writer = new GroupCommitWriter(fh, size, this.seq, this.options.fsync, () => undefined);
    if (this.segments.at(-1)?.n !== n) this.segments.push({ n, highest: new Map() });
  }

  /** Writes the records (in order) and resolves once they are durable. */
  /**
   * Writes the records and resolves once they are durable. Appends are written in the order of the calls (offsets
   * were assigned in that order): while a new segment is being opened they wait in `waiting`, in order.
   */
  append(records: readonly DurableRecord[]): Promise<void> {
    if (this.closed) return Promise.reject(new Error('the bus log is closed'));
    const buffer = Buffer.concat(records.map(encode));
    if (this.rolling) return new Promise((resolve, reject) => this.waiting.push({ records, buffer, resolve, reject }));
    return this.write(records, buffer);
  }

  private write(records: readonly DurableRecord[], buffer: Buffer): Promise<void> {
    const segment = this.segments.at(-1)!;
    for (const r of records) segment.highest.set(`${r.topic}|${r.partition}`, r.offset);
    this.size += buffer.length;
    const done = this.writer!.enqueue(buffer, ++this.seq);
    if (this.size >= this.options.segmentBytes && !this.rolling) {
      this.rolling = this.roll();
      this.rolling.catch((error: unknown) => console.error(`[bus] could not start a new log segment: ${String(error)}`));
    }
    return done;
  }

  private async roll(): Promise<void> {
    const writer = this.writer!;
    const fh = this.fh!;
    try {
      await this.startSegment(this.segments.at(-1)!.n + 1);
    } finally {
      this.rolling = null;
      // What arrived meanwhile goes into the new segment (or fails with it), in the order it came.
      for (const w of this.waiting.splice(0)) this.write(w.records, w.buffer).then(w.resolve, w.reject);
    }
    await writer.drain();
    await fh.close();
  }

  /** A group's committed offsets of a durable topic moved; written at most every `offsetsEveryMs`. */
  noteCommitted(groupId: string, topic: string, committed: readonly number[]): void {
    const topics = this.offsets.get(groupId) ?? new Map<string, number[]>();
    this.offsets.set(groupId, topics);
    topics.set(topic, [...committed]);
    this.offsetsDirty = true;
    this.offsetsTimer ??= setTimeout(() => {
      this.offsetsTimer = null;
      void this.saveOffsets();
    }, this.options.offsetsEveryMs);
  }

  /**
   * Deletes closed segments whose every message is below `retainedFrom(topic, partition)` (the first offset the bus
   * still keeps in memory, i.e. every group committed past it).
   */
  async dropConsumed(retainedFrom: (topic: string, partition: number) => number): Promise<void> {
    const closedSegments = this.segments.slice(0, -1);
    for (const segment of closedSegments) {
      const consumed = [...segment.highest].every(([key, highest]) => {
        const [topic, partition] = key.split('|') as [string, string];
        return highest < retainedFrom(topic, Number(partition));
      });
      if (!consumed) break; // in order: a later segment is never consumed before an earlier one
      await rm(path.join(this.options.dir, segmentName(segment.n)), { force: true });
      this.segments.splice(this.segments.indexOf(segment), 1);
    }
  }

  private saveOffsets(): Promise<void> {
    if (!this.offsetsDirty) return this.offsetsWriting;
    this.offsetsDirty = false;
    const snapshot: Record<string, Record<string, number[]>> = {};
    for (const [group, topics] of this.offsets) snapshot[group] = Object.fromEntries(topics);
    this.offsetsWriting = this.offsetsWriting.then(async () => {
      const file = path.join(this.options.dir, OFFSETS);
      const tmp = `${file}.${randomUUID()}.tmp`;
      const fh = await open(tmp, 'w', 0o600);
      // No fsync: offsets may lag after a crash (a restart then redelivers a little more, which at-least-once
      // allows); only the messages themselves must be on disk before a charger is answered.
      try {
        await fh.writeFile(JSON.stringify(snapshot));
      } finally {
        await fh.close();
      }
      await rename(tmp, file);
    });
    return this.offsetsWriting.catch(() => undefined);
  }

  /** Flushes pending appends and offsets, then closes the file. */
  async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    if (this.offsetsTimer) clearTimeout(this.offsetsTimer);
    this.offsetsTimer = null;
    await this.rolling;
    await this.writer?.drain();
    this.offsetsDirty = true;
    await this.saveOffsets();
    await this.fh?.close();
  }
}
