import { BUS_TOPICS, OCPP_LOG_CAP, boundedLogPayload, isPresenceNote, silentNote, type InboundChargerMessage, type OcppFrame } from '@evc/contracts';
import type { Bus, Consumer, DocumentStore } from '@evc/platform';
import { createLogger } from '@evc/platform/logging/logger';
import { breather } from '@evc/platform/runtime/time-slice';
import { RM } from '../read-models/collections';
import { readModel } from '../read-models/read-model';
import { CHARGERS } from '../read-models/stations.projection';

/**
 * One frame of the charger message log (`_id` = the gateway's frame id). The payload is kept as its JSON text: the log
 * is the largest read model (every frame of every charger), and a payload kept as objects (a MeterValues frame is some
 * twenty of them) is what the garbage collector had to walk at 19,000 chargers (issue 18). Logs written before keep
 * `payload`; `frameOf` reads both.
 */
export type OcppMessageDoc = Omit<OcppFrame, 'payload'> & { _id: string; payloadJson?: string; payload?: unknown };
export const OCPP_MESSAGES = readModel<OcppMessageDoc>(RM.ocppMessages);

/** The frame a message-log document holds, its payload parsed. */
export function frameOf({ _id, payloadJson, payload, ...frame }: OcppMessageDoc): OcppFrame {
  return { ...frame, payload: payloadJson === undefined ? (payload ?? null) : (JSON.parse(payloadJson) as unknown) };
}

export const PRESENCE_GROUP = 'charger-presence';
export const MESSAGE_LOG_GROUP = 'ocpp-message-log';
/** The most a charger's log may pass its share by before it is trimmed (a tenth of the share, at most this). */
const TRIM_EVERY = 50;

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
  const consumer = bus.subscribe<InboundChargerMessage>({ groupId: PRESENCE_GROUP, topics: [BUS_TOPICS.ocppInbound], fromBeginning: true }, async ({ value }) => {
    lag.handled(value.receivedAt);
    if (isPresenceNote(value.message)) return; // connection notes and sweeps are not signs of life
    const set: { lastSeenAt: string; lastHeartbeatAt?: string } = { lastSeenAt: value.receivedAt };
    if (value.message.type === 'Heartbeat') set.lastHeartbeatAt = value.receivedAt;
    await chargers.updateOne({ _id: value.chargerId }, { $set: set });
  });
  const every = options.sweepEveryMs ?? SWEEP_EVERY_MS;
  const sweep = () => {
    const now = Date.now();
    const behindMs = lag.current(now);
    if (behindMs > PRESENCE_LAG_LOGGED_MS) presenceLog.info('presence reads behind the chargers; the silent sweep waits as long', { behindMs });
    return sweepSilentChargers(bus, documents, now, behindMs);
  };
  const timer = every > 0 ? setInterval(() => void sweep().catch((error: unknown) => presenceLog.error('silent sweep failed', { error: String(error) })), every) : null;
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
    .find({ online: true, modelState: { $ne: 3 }, $and: [before('lastSeenAt'), before('lastConnectedAt')] }, { projection: { connectionId: 1, lastSeenAt: 1, lastConnectedAt: 1 } })
    .toArray();
  const gone = online.flatMap((c) => {
    const last = [c.lastSeenAt, c.lastConnectedAt].filter((t) => typeof t === 'string').sort().at(-1) ?? '';
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

/** Limits of the charger message log. */
export interface MessageLogLimits {
  /** The newest frames kept per charger (OCPP_LOG_CAP). */
  perCharger: number;
  /**
   * Most frames held over all chargers, or null (no overall bound: MongoDB keeps the log on disk). The embedded
   * profile holds the log in the launcher's heap, about 0.6 KB a frame (`npm run bench:message-log`): 1,000 frames
   * for each of 19,000 chargers would be some 13 GB, past the 4 GB heap (and old objects lengthen the collector's pauses), so there each charger keeps an equal share of this (OCPP_LOG_MAX_FRAMES), between minPerCharger
   * and perCharger frames.
   */
  total: number | null;
  /** The least a charger keeps however many share the overall bound (its last few exchanges). */
  minPerCharger: number;
}
export const MESSAGE_LOG_LIMITS: MessageLogLimits = { perCharger: OCPP_LOG_CAP, total: null, minPerCharger: 10 };

/** Most distinct actions, directions and kinds kept as shared texts (OCPP has some sixty actions; the rest are copied). */
const SHARED_WORDS = 512;

/**
 * The texts every frame of a charger repeats (its id and connection's id, the action, direction and kind) arrive as
 * fresh strings with each frame, parsed from the bus. The log keeps one of each and points every frame's document to
 * it: some 90 bytes and two objects less a frame, for the memory and for the collector that marks them. A charger's
 * texts are dropped with its last frame; the words are capped.
 */
function sharedTexts() {
  const chargers = new Map<string, { chargerId: string; connectionId: string }>();
  const words = new Map<string, string>();
  return {
    of(chargerId: string, connectionId: string) {
      const known = chargers.get(chargerId);
      if (known && known.connectionId === connectionId) return known;
      const next = { chargerId: known?.chargerId ?? chargerId, connectionId };
      chargers.set(next.chargerId, next);
      return next;
    },
    word<T extends string>(text: T): T {
      const kept = words.get(text);
      if (kept !== undefined) return kept as T;
      if (words.size < SHARED_WORDS) words.set(text, text);
      return text;
    },
    forget(chargerId: string) {
      chargers.delete(chargerId);
    },
  };
}

/**
 * The charger message log (`ocpp_messages`) from `ocpp.frames` (group ocpp-message-log): one document per frame,
 * keyed by the gateway's frame id (a redelivered frame is written again, not twice). Each charger keeps its newest
 * frames, `perCharger` of them or, under an overall bound, its share of `total` (the frames held are counted per
 * charger: a charger's count is read once, when it is first written to after a start). A charger is trimmed when it
 * passes its share by a tenth (at most TRIM_EVERY frames); when the whole log passes its bound by 15 %, every charger
 * above its share is (chargers that went quiet included): the log holds at most about 1.15 times the larger of `total`
 * and `minPerCharger` frames for each charger. At the ceiling's share (10 frames) a charger is trimmed every other
 * frame, so the consumer keeps the ids of each charger's frames in the order they came (a charger's frames come in
 * order of time) and deletes the oldest by id; a charger with frames from before the start is trimmed once by a query
 * (its newest by time), and its ids are read then.
 */
export function startOcppMessageLog(bus: Bus, documents: DocumentStore, limits: Partial<MessageLogLimits> = {}): Consumer {
  const { perCharger, total, minPerCharger } = { ...MESSAGE_LOG_LIMITS, ...limits };
  const log = OCPP_MESSAGES.in(documents);
  void log.createIndex({ chargerId: 1, at: -1 });
  const held = new Map<string, number>();
  let heldTotal = 0;
  let sweeping: Promise<void> | null = null;
  const texts = sharedTexts();
  /** The ids of a charger's frames, oldest first, when this consumer knows all of them (the count held agrees). */
  const order = new Map<string, string[]>();
  const setHeld = (chargerId: string, n: number) => {
    heldTotal += n - (held.get(chargerId) ?? 0);
    if (n > 0) held.set(chargerId, n);
    else {
      held.delete(chargerId);
      order.delete(chargerId);
      texts.forget(chargerId);
    }
  };
  const share = () => (total === null ? perCharger : Math.max(minPerCharger, Math.min(perCharger, Math.floor(total / Math.max(1, held.size)))));
  const slack = (keep: number) => Math.max(1, Math.min(TRIM_EVERY, Math.floor(keep / 10)));
  /** Keeps the newest `keep` frames of a charger (and any as old as the oldest of them). */
  async function trim(chargerId: string, keep: number) {
    const ids = order.get(chargerId);
    if (ids && ids.length === held.get(chargerId)) {
      const oldest = ids.splice(0, Math.max(0, ids.length - keep));
      if (oldest.length === 0) return;
      const { deletedCount } = await log.deleteMany({ _id: { $in: oldest } });
      if (deletedCount > 0) setHeld(chargerId, (held.get(chargerId) ?? 0) - deletedCount);
      return;
    }
    const [oldestKept] = await log.find({ chargerId }, { sort: { at: -1, frameId: -1 }, skip: keep - 1, limit: 1 }).toArray();
    if (!oldestKept) return;
    const { deletedCount } = await log.deleteMany({ chargerId, at: { $lt: oldestKept.at } });
    if (deletedCount > 0) setHeld(chargerId, (held.get(chargerId) ?? 0) - deletedCount);
    // What is left is what this consumer knows of the charger from now on (frames written meanwhile are among it).
    const left = await log.find({ chargerId }, { sort: { at: 1, frameId: 1 }, projection: { _id: 1 } }).toArray();
    if (left.length === held.get(chargerId)) order.set(chargerId, left.map((d) => d._id));
  }
  /** Trims every charger above its share; thousands of them may be, so the event loop gets its turns between trims. */
  async function sweep() {
    const keep = share();
    for (const [chargerId, n] of [...held]) {
      if (n <= keep) continue;
      await trim(chargerId, keep);
      const wait = breather();
      if (wait) await wait;
    }
  }
  const consumer = bus.subscribe<OcppFrame>({ groupId: MESSAGE_LOG_GROUP, topics: [BUS_TOPICS.ocppFrames], fromBeginning: true }, async ({ value }) => {
    const { payload, ...frame } = value;
    const { chargerId, connectionId } = texts.of(value.chargerId, value.connectionId);
    if (!held.has(chargerId)) {
      const before = await log.countDocuments({ chargerId });
      setHeld(chargerId, before);
      if (before === 0) order.set(chargerId, []);
    }
    const doc = { _id: value.frameId, ...frame, chargerId, connectionId, action: texts.word(frame.action), direction: texts.word(frame.direction), kind: texts.word(frame.kind), payloadJson: JSON.stringify(boundedLogPayload(payload) ?? null) };
    const written = await log.replaceOne({ _id: value.frameId }, doc, { upsert: true });
    if (written.upsertedCount > 0) {
      order.get(chargerId)?.push(doc._id);
      setHeld(chargerId, (held.get(chargerId) ?? 0) + 1);
    }
    const keep = share();
    if ((held.get(chargerId) ?? 0) > keep + slack(keep)) await trim(chargerId, keep);
    // A charger passes its share by at most a tenth; more than that over all means some went quiet above theirs.
    const bound = total === null ? Number.POSITIVE_INFINITY : Math.max(total, minPerCharger * held.size);
    if (heldTotal > bound * 1.15 && !sweeping) {
      sweeping = sweep()
        .catch((error: unknown) => console.error(`[message log] sweep failed; the next frame past the bound tries again: ${String(error)}`))
        .finally(() => (sweeping = null));
    }
  });
  return {
    ready: consumer.ready,
    async stop() {
      await consumer.stop();
      await sweeping;
    },
  };
}
