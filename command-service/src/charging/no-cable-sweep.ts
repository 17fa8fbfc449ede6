import { CHARGING_TIMING } from '@evc/contracts';
import type { Consumer, EventStore } from '@evc/platform';
import { createLogger } from '@evc/platform/logging/logger';
import { eachInIndex } from '../shared/index-pages';
import type { ChargingSessions } from './charging-sessions';

const log = createLogger('charging-no-cable');
/** Events decoded per read: small steps, between which the event loop serves sockets. */
const PAGE = 200;

type Decisive = { position: number; data: { sessionId: string; at?: string } };

/** Every event of a type after `after` (and before `before`), newest first through the type index. */
const eachOfType = (store: EventStore, type: string, range: { after: number; before?: number }, each: (e: Decisive) => void) =>
  eachInIndex(store, { kind: 'type', type }, { ...range, pageSize: PAGE }, (e) => each(e as Decisive));

/** When a start was accepted; `now` for an event that does not say (the wait counts from the sweep that found it). */
const acceptedAt = (e: Decisive, now: number) => Date.parse(e.data.at ?? '') || now;

/**
 * Accepted sessions that never got their StartTransaction, found once after a restart through the type indexes of
 * the three events that decide it (a session's few, not the whole log: a first sweep that
 * decodes every meter reading and start of the network makes a burst of starts wait). A candidate that was in fact
 * settled meanwhile costs one read of its stream: the sweep fails only a session still `accepted`. Answers the
 * position of the newest accepted event the index showed.
 */
export async function acceptedInLog(store: EventStore, into: Map<string, number>, now: number): Promise<number> {
  const settled = new Set<string>();
  for (const type of ['SessionCharging', 'SessionStartFailed'])
    await eachOfType(store, type, { after: 0 }, (e) => settled.add(e.data.sessionId));
  let newest = 0;
  await eachOfType(store, 'SessionStartAccepted', { after: 0 }, (e) => {
    newest = Math.max(newest, e.position);
    if (!settled.has(e.data.sessionId) && !into.has(e.data.sessionId)) into.set(e.data.sessionId, acceptedAt(e, now));
  });
  return newest;
}

/** How long after a restart the sweep keeps looking for accepted sessions an index showed late. */
export const INDEX_TRAIL_WINDOW_MS = 10 * 60_000;

/**
 * The sessions accepted before this process began sweeping (those after it the command results feed live): first
 * through the type indexes (acceptedInLog), then, for INDEX_TRAIL_WINDOW_MS, the accepted index's newer entries that
 * lie at or before the log's head at that first tick. EventStoreDB's indexes are system projections that may trail an
 * append (more so when the server itself restarted), so an accepted session written just before a crash may show
 * there only later; the embedded store's indexes never trail, and these later reads find nothing.
 */
export class AcceptedBeforeStart {
  private head: number | null = null;
  private newest = 0;
  private startedAt = 0;

  constructor(
    private readonly store: EventStore,
    private readonly into: Map<string, number>,
  ) {}

  /** Whether later ticks still look (the window after the first tick has not passed). */
  looking(now: number): boolean {
    return this.head === null || now - this.startedAt < INDEX_TRAIL_WINDOW_MS;
  }

  async step(now: number): Promise<void> {
    if (this.head === null) {
      const head = await this.store.headPosition();
      this.newest = await acceptedInLog(this.store, this.into, now);
      this.head = head;
      this.startedAt = now;
      return;
    }
    if (!this.looking(now)) return;
    const head = this.head;
    let newest = this.newest;
    // Only entries at or before that head: the ones after it the command results fed live (a burst of starts after a
    // restart would otherwise be decoded again here, page by page, on every tick of the window).
    await eachOfType(this.store, 'SessionStartAccepted', { after: this.newest, before: head + 1 }, (e) => {
      newest = Math.max(newest, e.position);
      if (!this.into.has(e.data.sessionId)) this.into.set(e.data.sessionId, acceptedAt(e, now));
    });
    this.newest = newest;
  }
}

/**
 * Every `everyMs`, fails accepted sessions whose cable did not come within CHARGING_TIMING.plugInWithinMs
 * (`no_cable`, the connector released). The set is fed by the command results; after a restart it is rebuilt from
 * the type indexes on the first tick (AcceptedBeforeStart). Unref'd: it never keeps the process alive.
 */
export function startNoCableSweep(
  store: EventStore,
  sessions: ChargingSessions,
  options: { everyMs?: number; plugInWithinMs?: number } = {},
): Consumer {
  const beforeStart = new AcceptedBeforeStart(store, sessions.awaitingCable);
  let running: Promise<void> | null = null;
  const tick = () =>
    (running ??= (async () => {
      try {
        const now = sessions.clock.now();
        await beforeStart.step(now.getTime());
        await sessions.sweepNoCable(now, options.plugInWithinMs ?? CHARGING_TIMING.plugInWithinMs);
      } catch (error) {
        log.error('no-cable sweep failed; next tick retries', { error: String(error) });
      } finally {
        running = null;
      }
    })());
  const timer = setInterval(() => void tick(), options.everyMs ?? 10_000);
  timer.unref();
  return {
    ready: Promise.resolve(),
    async stop() {
      clearInterval(timer);
      await running;
    },
  };
}
