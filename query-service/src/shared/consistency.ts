import type { PositionTracker } from '@evc/projections';

/** A query given a command's position waits up to this long for the read models, so a user reads their own write. */
export const READ_YOUR_WRITES_TIMEOUT_MS = 2000;

/**
 * Waits until the read side has applied `position`. Answers false if it did not within the timeout; the caller then
 * serves what it has and says so in a header, rather than failing the read.
 */
export async function awaitPosition(positions: PositionTracker, position: number | undefined): Promise<boolean> {
  if (position === undefined || position <= 0) return true;
  return positions.waitFor(position, READ_YOUR_WRITES_TIMEOUT_MS);
}

export const STALE_HEADER = 'x-read-model-stale';
