import type { OcppFrame } from '@evc/contracts';

/**
 * The charger message log: every OCPP-J frame in and out, each charger's newest kept for staff. A port of
 * its own rather than a read model on `DocumentStore`: it is the largest thing the read side holds and the one written
 * most often (every frame of every charger), and what suits it differs by profile. MongoDB keeps it on disk (a
 * collection, `document-frame-log.ts`); the embedded profile keeps it off the JavaScript heap (`ring-frame-log.ts`), so
 * the garbage collector of the one process that also runs the read models neither marks nor promotes it.
 */
export interface FrameLog {
  /**
   * Keeps a frame. The gateway numbers a connection's frames in order (`<connectionId>-<sequence>`): a frame whose id
   * is not above the newest one kept of its connection is a redelivery, and is not kept twice.
   */
  append(frame: OcppFrame): Promise<void>;
  /** A charger's frames, newest first (`skip`, then at most `limit`), and how many it holds. */
  page(chargerId: string, range: { skip: number; limit: number }): Promise<{ frames: OcppFrame[]; total: number }>;
  /** The frames of these messages (a call and its answer share a connection and message id), oldest first. */
  ofMessages(refs: readonly { connectionId: string; messageId: string }[]): Promise<OcppFrame[]>;
  /** How many frames are held over all chargers. */
  size(): Promise<number>;
}

/** How much the message log keeps. */
export interface FrameLogLimits {
  /** The newest frames kept per charger (OCPP_LOG_CAP). */
  perCharger: number;
  /**
   * Most frames held over all chargers, or null (no overall bound: MongoDB keeps the log on disk). Under a bound each
   * charger keeps an equal share of it, between `minPerCharger` and `perCharger` frames (OCPP_LOG_MAX_FRAMES).
   */
  total: number | null;
  /** The least a charger keeps however many share the overall bound (its last few exchanges). */
  minPerCharger: number;
}

/** What a charger may hold now: its share of the overall bound among `chargers`, within the limits. */
export function frameShare({ perCharger, total, minPerCharger }: FrameLogLimits, chargers: number): number {
  return total === null ? perCharger : Math.max(minPerCharger, Math.min(perCharger, Math.floor(total / Math.max(1, chargers))));
}

/** How far a charger may pass its share before it is trimmed back to it: a tenth of the share, at most 50. */
export function frameSlack(share: number): number {
  return Math.max(1, Math.min(50, Math.floor(share / 10)));
}
