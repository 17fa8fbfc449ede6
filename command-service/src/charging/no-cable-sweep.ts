import { CHARGING_TIMING } from '@evc/contracts';
import type { Consumer, EventStore } from '@evc/platform';
import { createLogger } from '@evc/platform/logging/logger';
import { breather } from '@evc/platform/runtime/time-slice';
import type { ChargingSessions } from './charging-sessions';

const log = createLogger('charging-no-cable');
/** Events decoded per read: small steps, between which the event loop serves sockets. */
const PAGE = 200;

/** Every event of a type, newest first through the type index, in pages between which sockets are served. */
async function eachOfType(store: EventStore, type: string, each: (data: { sessionId: string; at?: string }) => void) {
  for (let before: number | undefined; ; ) {
    const page = await store.readIndexBackward({ kind: 'type', type }, { maxCount: PAGE, ...(before === undefined ? {} : { before }) });
    for (const e of page) each(e.data as { sessionId: string; at?: string });
    if (page.length < PAGE) return;
    before = page.at(-1)!.position;
    const wait = breather();
    if (wait) await wait;
  }
}

/**
 * Accepted sessions that never got their StartTransaction, found once after a restart through the type indexes of
 * the three events that decide it (a session's few, not the whole log: issue 18, where a restart's first sweep
 * decoded every meter reading and start of the network while a burst of starts waited). A candidate that was in fact
 * settled meanwhile costs one read of its stream: the sweep fails only a session still `accepted`.
 */
export async function acceptedInLog(store: EventStore, into: Map<string, number>) {
  const settled = new Set<string>();
  for (const type of ['SessionCharging', 'SessionStartFailed']) await eachOfType(store, type, (d) => settled.add(d.sessionId));
  await eachOfType(store, 'SessionStartAccepted', (d) => {
    if (!settled.has(d.sessionId) && !into.has(d.sessionId)) into.set(d.sessionId, Date.parse(d.at ?? '') || Date.now());
  });
}

/**
 * Every `everyMs`, fails accepted sessions whose cable did not come within CHARGING_TIMING.plugInWithinMs
 * (`no_cable`, the connector released). The set is fed by the command results; after a restart it is rebuilt from
 * the type indexes on the first tick (acceptedInLog). Unref'd: it never keeps the process alive.
 */
export function startNoCableSweep(store: EventStore, sessions: ChargingSessions, options: { everyMs?: number; plugInWithinMs?: number } = {}): Consumer {
  let rebuilt = false;
  let running: Promise<void> | null = null;
  const tick = () =>
    (running ??= (async () => {
      try {
        if (!rebuilt) {
          await acceptedInLog(store, sessions.awaitingCable);
          rebuilt = true;
        }
        await sessions.sweepNoCable(Date.now(), options.plugInWithinMs ?? CHARGING_TIMING.plugInWithinMs);
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
