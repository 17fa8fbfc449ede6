import { CHARGING_TIMING } from '@evc/contracts';
import type { Consumer, EventStore } from '@evc/platform';
import { createLogger } from '@evc/platform/logging/logger';
import { breather } from '@evc/platform/runtime/time-slice';
import type { ChargingSessions } from './charging-sessions';

const log = createLogger('charging-no-cable');
/** Events decoded per read: small steps, between which the event loop serves sockets (a restart reads the whole log). */
const PAGE = 200;

/** Accepted sessions that never got their StartTransaction, found in the log once (after a restart). */
async function acceptedInLog(store: EventStore, into: Map<string, number>) {
  const done = new Set<string>();
  for (let after = 0; ; ) {
    const page = await store.readAll({ after, maxCount: PAGE });
    for (const e of page) {
      if (!e.streamId.startsWith('session-')) continue;
      const sessionId = (e.data as { sessionId: string }).sessionId;
      if (e.type === 'SessionStartAccepted' && !done.has(sessionId)) into.set(sessionId, Date.parse((e.data as { at: string }).at));
      if (e.type === 'SessionCharging' || e.type === 'SessionStartFailed') {
        done.add(sessionId);
        into.delete(sessionId);
      }
    }
    if (page.length < PAGE) return;
    after = page.at(-1)!.position;
    const wait = breather();
    if (wait) await wait;
  }
}

/**
 * Every `everyMs`, fails accepted sessions whose cable did not come within CHARGING_TIMING.plugInWithinMs
 * (`no_cable`, the connector released). The set is fed by the command results; after a restart it is rebuilt from
 * the log on the first tick. Unref'd: it never keeps the process alive.
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
