import { writeSync } from 'node:fs';
import type { FileHandle } from 'node:fs/promises';

/** One write+fsync never carries more than this (a single larger append still goes alone). */
const MAX_BATCH_BYTES = 16 * 1024 * 1024;

interface Batch {
  buffers: Buffer[];
  bytes: number;
  lastPosition: number;
  promise: Promise<void>;
  resolve: () => void;
  reject: (error: Error) => void;
}

function newBatch(): Batch {
  let resolve!: () => void;
  let reject!: (error: Error) => void;
  const promise = new Promise<void>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  // Every batch promise is awaited by its appenders; this only keeps a batch that lost all its
  // listeners (impossible today) from crashing the process with an unhandled rejection.
  promise.catch(() => undefined);
  return { buffers: [], bytes: 0, lastPosition: 0, promise, resolve, reject };
}

export class StoreFailedError extends Error {
  readonly code = 'eventstore.failed';
  constructor(cause: Error) {
    super(`The event log could not be written (${cause.message}); the store accepts no more appends. Reopen it to recover.`, { cause });
    this.name = 'StoreFailedError';
  }
}

/**
 * Group commit: records queued while a write+fsync is in flight go out together in the next single
 * write+fsync, so N concurrent appenders share one fsync instead of paying one each.
 *
 * Records are written strictly in enqueue order at consecutive offsets, which is what lets the store
 * assign positions and file offsets synchronously at enqueue time. On a write or fsync error the
 * writer fails for good: the file's tail is in an unknown state (a failed fsync may have dropped dirty
 * pages, and retrying it can falsely succeed), so only a reopen, which re-verifies the log, is safe.
 */
export class GroupCommitWriter {
  private readonly queue: Batch[] = [];
  private inFlight: Batch | null = null;
  private running: Promise<void> | null = null;
  private failure: StoreFailedError | null = null;
  private durablePosition: number;
  /** Number of write(+fsync) rounds done: appends per round = group commit's gain. */
  writes = 0;

  constructor(
    private readonly fh: FileHandle,
    private offset: number,
    startPosition: number,
    private readonly fsync: boolean,
    /** Called after each batch is durable, before its appenders resume. */
    private readonly onDurable: (lastPosition: number, endOffset: number) => void,
  ) {
    this.durablePosition = startPosition;
  }

  get failed(): StoreFailedError | null {
    return this.failure;
  }

  /** Queues encoded records ending at `lastPosition`; resolves when they are on disk. */
  enqueue(buffer: Buffer, lastPosition: number): Promise<void> {
    if (this.failure) return Promise.reject(this.failure);
    let batch = this.queue.at(-1);
    if (!batch || (batch.bytes > 0 && batch.bytes + buffer.length > MAX_BATCH_BYTES)) {
      batch = newBatch();
      this.queue.push(batch);
    }
    batch.buffers.push(buffer);
    batch.bytes += buffer.length;
    batch.lastPosition = lastPosition;
    this.running ??= this.run();
    return batch.promise;
  }

  /** Resolves when the record at `position` (already enqueued) is durable. */
  whenDurable(position: number): Promise<void> {
    if (position <= this.durablePosition) return Promise.resolve();
    if (this.failure) return Promise.reject(this.failure);
    if (this.inFlight && position <= this.inFlight.lastPosition) return this.inFlight.promise;
    const batch = this.queue.find((b) => position <= b.lastPosition);
    return batch ? batch.promise : Promise.reject(new Error(`Position ${position} was never enqueued`));
  }

  /** Resolves when everything enqueued so far has been written (or has failed). */
  async drain(): Promise<void> {
    while (this.running) await this.running;
  }

  private async run(): Promise<void> {
    // Yield once so appends issued in the same tick as the first one join its batch.
    await Promise.resolve();
    try {
      for (let batch = this.queue.shift(); batch; batch = this.queue.shift()) {
        this.inFlight = batch;
        try {
          await this.writeBatch(batch);
        } catch (error) {
          this.failure = new StoreFailedError(error as Error);
          batch.reject(this.failure);
          for (const queued of this.queue.splice(0)) queued.reject(this.failure);
          return;
        } finally {
          this.inFlight = null;
        }
        this.durablePosition = batch.lastPosition;
        this.onDurable(batch.lastPosition, this.offset);
        batch.resolve();
      }
    } finally {
      this.running = null;
    }
  }

  private async writeBatch(batch: Batch): Promise<void> {
    const data = batch.buffers.length === 1 ? batch.buffers[0]! : Buffer.concat(batch.buffers, batch.bytes);
    // The write goes to the page cache here, synchronously (some microseconds); only the fdatasync waits on the disk
    // in the thread pool. Each trip through the pool wakes one of its threads and this one again: on this machine a
    // write made here, with only the sync in the pool, costs less CPU a batch than both through it.
    let written = 0;
    while (written < data.length) written += writeSync(this.fh.fd, data, written, data.length - written, this.offset + written);
    // fdatasync also persists the new file size, which is all the metadata an append needs.
    if (this.fsync) await this.fh.datasync();
    this.offset += data.length;
    this.writes++;
  }
}
