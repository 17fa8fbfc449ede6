import { mkdir, open, stat } from 'node:fs/promises';
import { constants } from 'node:fs';
import { join } from 'node:path';
import type { EventStore } from '../../ports/event-store';
import { EventIdIndex } from './event-id-index';
import { FileEventStore, RECENT_RECORD_BYTES } from './file-event-store';
import { OffsetIndex } from './indexes';
import { acquireLock } from './lock-file';
import { replayLog } from './log-replay';
import { SearchIndexes } from './search-indexes';

export interface FileEventStoreOptions {
  /** Directory owned by the store: holds `events.log` and the `LOCK` file. Created if missing. */
  dir: string;
  /** fsync before acknowledging an append. Default true; `false` is for tests only (no durability). */
  fsync?: boolean;
  /** Bytes of the latest appended records kept in memory for reads (default RECENT_RECORD_BYTES, 32 MiB; 0: none). */
  recentRecordBytes?: number;
}

export const LOG_FILE = 'events.log';
export const LOCK_FILE = 'LOCK';

/**
 * Opens (or creates) the embedded store: takes the directory lock, replays the log to rebuild the
 * indexes, and cuts a torn tail left by a crash (the only damage fsync-before-ack lets a crash cause).
 */
export async function openFileEventStore(options: FileEventStoreOptions): Promise<EventStore> {
  const fsync = options.fsync ?? true;
  await mkdir(options.dir, { recursive: true });
  const release = await acquireLock(join(options.dir, LOCK_FILE));
  const file = join(options.dir, LOG_FILE);
  let fh;
  try {
    const existed = await stat(file).then(
      () => true,
      () => false,
    );
    fh = await open(file, constants.O_RDWR | constants.O_CREAT, 0o644);
    // A new file's directory entry must be durable too, or a crash could lose the whole log.
    if (!existed && fsync) await syncDir(options.dir);

    const offsets = new OffsetIndex();
    const streams = new Map<string, number[]>();
    const eventIds = new EventIdIndex();
    const search = new SearchIndexes();
    let lastPosition = 0;
    const { validEnd, tornTail } = await replayLog(fh, file, (event, offset) => {
      offsets.set(event.position, offset);
      const positions = streams.get(event.streamId);
      if (positions) positions.push(event.position);
      else streams.set(event.streamId, [event.position]);
      eventIds.add(event.eventId, event.position);
      search.add(event);
      lastPosition = event.position;
    });
    if (tornTail) {
      console.warn(
        `[eventstore] ${file}: cutting ${tornTail.bytes} bytes of torn tail at byte ${tornTail.offset} (${tornTail.reason}); ` +
          `these were never acknowledged. ${lastPosition} events kept.`,
      );
      await fh.truncate(validEnd);
      await fh.sync();
    }
    return new FileEventStore({
      fh,
      offsets,
      streams,
      eventIds,
      search,
      lastPosition,
      endOffset: validEnd,
      fsync,
      release,
      recentRecordBytes: options.recentRecordBytes ?? RECENT_RECORD_BYTES,
    });
  } catch (error) {
    await fh?.close().catch(() => undefined);
    await release();
    throw error;
  }
}

async function syncDir(dir: string): Promise<void> {
  const dh = await open(dir, 'r');
  try {
    await dh.sync();
  } finally {
    await dh.close();
  }
}
