import { BUS_TOPICS, boundedLogPayload, isPresenceNote, silentNote, type InboundChargerMessage, type OcppFrame } from '@evc/contracts';
import type { Bus, Consumer, DocumentStore, FrameLog } from '@evc/platform';
import { createLogger } from '@evc/platform/logging/logger';
import { CHARGERS } from '../network/index';

export const PRESENCE_GROUP = 'charger-presence';
export const MESSAGE_LOG_GROUP = 'ocpp-message-log';

/** 2 heartbeat intervals of 60 s, plus slack for the presence consumer's lag and the gateway's own watchdog first. */
export const PRESUMED_GONE_AFTER_MS = 150_000;
const SWEEP_EVERY_MS = 30_000;
/** A presence consumer further behind than this says so at each sweep. */
const PRESENCE_LAG_LOGGED_MS = 10_000;
const presenceLog = createLogger('charger-presence');

/**
 * How far behind the chargers the presence consumer reads: the age of the newest message it handled, while messages
 * keep coming. A consumer working through a backlog (the command side busy, or a restart replaying what it missed)
 * holds each charger's last sign of life as old as the backlog, so the sweep moves its cutoff back by as much; once
 * nothing has come for `idleMs` it has caught up (or every charger is quiet), and the lag counts as none.
 */
export class PresenceLag {
  private lagMs = 0;
  private handledAt = Number.NEGATIVE_INFINITY;

  constructor(private readonly idleMs: number = SWEEP_EVERY_MS) {}

  handled(receivedAt: string, now = Date.now()): void {
    const at = Date.parse(receivedAt);
    if (!Number.isFinite(at)) return;
    this.lagMs = Math.max(0, now - at);
    this.handledAt = now;
  }

  current(now = Date.now()): number {
    return now - this.handledAt <= this.idleMs ? this.lagMs : 0;
  }
}

/**
 * Last heartbeat and last sign of life of each charger on its staff view (`chargers`), from `ocpp.inbound` (group
 * charger-presence): heartbeats are not domain events. Writes with $set only these two fields, so it never
 * overwrites what the stations projection owns. Messages of one charger arrive in order, so the times only grow.
 *
 * Every 30 s it also sweeps: a charger shown online but not heard from for PRESUMED_GONE_AFTER_MS (its gateway node
 * died, or this process restarted and the embedded bus lost the close) is reported `$silent` on `ocpp.inbound`, in
 * order with the charger's own messages; the command side then records it offline until that connection speaks. The
 * time not heard from is counted from where this consumer has read to (PresenceLag): a backlog is not silence.
 */
export function startChargerPresence(bus: Bus, documents: DocumentStore, options: { sweepEveryMs?: number } = {}): Consumer {
  const chargers = CHARGERS.in(documents);
  const lag = new PresenceLag();
  const consumer = bus.subscribe<InboundChargerMessage>(
    { groupId: PRESENCE_GROUP, topics: [BUS_TOPICS.ocppInbound], fromBeginning: true },
    async ({ value }) => {
      lag.handled(value.receivedAt);
      if (isPresenceNote(value.message)) return; // connection notes and sweeps are not signs of life
      const set: { lastSeenAt: string; lastHeartbeatAt?: string } = { lastSeenAt: value.receivedAt };
      if (value.message.type === 'Heartbeat') set.lastHeartbeatAt = value.receivedAt;
      await chargers.updateOne({ _id: value.chargerId }, { $set: set });
    },
  );
  const every = options.sweepEveryMs ?? SWEEP_EVERY_MS;
  const sweep = () => {
    const now = Date.now();
    const behindMs = lag.current(now);
    if (behindMs > PRESENCE_LAG_LOGGED_MS)
      presenceLog.info('presence reads behind the chargers; the silent sweep waits as long', { behindMs });
    return sweepSilentChargers(bus, documents, now, behindMs);
  };
  const timer =
    every > 0
      ? setInterval(() => void sweep().catch((error: unknown) => presenceLog.error('silent sweep failed', { error: String(error) })), every)
      : null;
  timer?.unref();
  return {
    ready: consumer.ready,
    async stop() {
      if (timer) clearInterval(timer);
      await consumer.stop();
    },
  };
}

/**
 * Reports `$silent` for every charger shown online that nothing was heard from since `now - lagMs -
 * PRESUMED_GONE_AFTER_MS` (`lagMs`: how far behind the chargers the presence consumer reads).
 */
export async function sweepSilentChargers(bus: Bus, documents: DocumentStore, now = Date.now(), lagMs = 0): Promise<string[]> {
  const cutoff = new Date(now - lagMs - PRESUMED_GONE_AFTER_MS).toISOString();
  // Only those heard from before the cutoff are read (at 19,000 chargers online, copying every one out every 30 s held
  // the event loop and fed the garbage collector).
  const before = (field: string) => ({ $or: [{ [field]: { $lt: cutoff } }, { [field]: { $exists: false } }, { [field]: null }] });
  const online = await CHARGERS.in(documents)
    .find(
      { online: true, modelState: { $ne: 3 }, $and: [before('lastSeenAt'), before('lastConnectedAt')] },
      { projection: { connectionId: 1, lastSeenAt: 1, lastConnectedAt: 1 } },
    )
    .toArray();
  const gone = online.flatMap((c) => {
    const last =
      [c.lastSeenAt, c.lastConnectedAt]
        .filter((t) => typeof t === 'string')
        .sort()
        .at(-1) ?? '';
    return last < cutoff && typeof c.connectionId === 'string' ? [{ chargerId: c._id, connectionId: c.connectionId }] : [];
  });
  if (gone.length === 0) return [];
  const receivedAt = new Date(now).toISOString();
  await bus.publish<InboundChargerMessage>(
    BUS_TOPICS.ocppInbound,
    gone.map(({ chargerId, connectionId }) => ({ key: chargerId, value: silentNote(chargerId, connectionId, receivedAt) })),
  );
  return gone.map((c) => c.chargerId);
}

/**
 * The charger message log from `ocpp.frames` (group ocpp-message-log): each frame, its payload bounded, into the
 * profile's `FrameLog` (which keeps each charger's newest, and drops a redelivered frame).
 */
export function startOcppMessageLog(bus: Bus, frames: FrameLog): Consumer {
  return bus.subscribe<OcppFrame>({ groupId: MESSAGE_LOG_GROUP, topics: [BUS_TOPICS.ocppFrames], fromBeginning: true }, ({ value }) =>
    frames.append({ ...value, payload: boundedLogPayload(value.payload) ?? null }),
  );
}
