import { open, readFile, unlink } from 'node:fs/promises';

/**
 * One process owns a store directory. The lock is a file created with O_EXCL holding the owner's pid.
 * A lock left by a dead process (SIGKILL, power loss) is taken over; a live owner makes open fail.
 * Known limit: two processes taking over the same stale lock at the same instant can race; the
 * read-back check below narrows that window to the unlink+create of the other process.
 */
export class StoreLockedError extends Error {
  readonly code = 'eventstore.locked';
  constructor(
    readonly lockPath: string,
    readonly ownerPid: number,
  ) {
    super(
      ownerPid === process.pid
        ? `${lockPath} is already held by this process: the store is open twice (close the other instance first)`
        : `${lockPath} is held by running process ${ownerPid}: another process owns this event store directory`,
    );
    this.name = 'StoreLockedError';
  }
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: the process exists but belongs to someone else.
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

async function createExclusive(lockPath: string): Promise<boolean> {
  try {
    const fh = await open(lockPath, 'wx');
    try {
      await fh.writeFile(`${process.pid}\n`);
      await fh.sync();
    } finally {
      await fh.close();
    }
    return true;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'EEXIST') return false;
    throw error;
  }
}

async function readOwner(lockPath: string): Promise<number | null> {
  try {
    const pid = Number.parseInt((await readFile(lockPath, 'utf8')).trim(), 10);
    return Number.isInteger(pid) && pid > 0 ? pid : null;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
    throw error;
  }
}

/** Takes the lock or throws StoreLockedError; returns the release function. */
export async function acquireLock(lockPath: string): Promise<() => Promise<void>> {
  for (let attempt = 0; attempt < 3; attempt++) {
    if (await createExclusive(lockPath)) {
      if ((await readOwner(lockPath)) === process.pid) return () => unlink(lockPath).catch(() => undefined);
      continue;
    }
    const owner = await readOwner(lockPath);
    // An unreadable/empty lock is a crash between create and write: treat it as stale.
    if (owner !== null && (owner === process.pid || isAlive(owner))) throw new StoreLockedError(lockPath, owner);
    await unlink(lockPath).catch((error: NodeJS.ErrnoException) => {
      if (error.code !== 'ENOENT') throw error;
    });
  }
  throw new Error(`Could not take ${lockPath}: it keeps changing owner`);
}
