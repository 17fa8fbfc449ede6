import { BUS_TOPICS, OCPP_LOG_CAP, boundedLogPayload, isPresenceNote, silentNote, type InboundChargerMessage, type OcppFrame } from '@evc/contracts';
import type { Bus, Consumer, DocumentStore } from '@evc/platform';
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
/** Trim a charger's log after this many writes to it (so the log holds between CAP and CAP + TRIM_EVERY frames). */
const TRIM_EVERY = 50;

/** 2 heartbeat intervals of 60 s, plus slack for the presence consumer's lag and the gateway's own watchdog first. */
export const PRESUMED_GONE_AFTER_MS = 150_000;
const SWEEP_EVERY_MS = 30_000;

/**
 * Last heartbeat and last sign of life of each charger on its staff view (`chargers`), from `ocpp.inbound` (group
 * charger-presence): heartbeats are not domain events. Writes with $set only these two fields, so it never
 * overwrites what the stations projection owns. Messages of one charger arrive in order, so the times only grow.
 *
 * Every 30 s it also sweeps: a charger shown online but not heard from for PRESUMED_GONE_AFTER_MS (its gateway node
 * died, or this process restarted and the embedded bus lost the close) is reported `$silent` on `ocpp.inbound`, in
 * order with the charger's own messages; the command side then records it offline until that connection speaks.
 */
export function startChargerPresence(bus: Bus, documents: DocumentStore, options: { sweepEveryMs?: number } = {}): Consumer {
  const chargers = CHARGERS.in(documents);
  const consumer = bus.subscribe<InboundChargerMessage>({ groupId: PRESENCE_GROUP, topics: [BUS_TOPICS.ocppInbound], fromBeginning: true }, async ({ value }) => {
    if (isPresenceNote(value.message)) return; // connection notes and sweeps are not signs of life
    const set: { lastSeenAt: string; lastHeartbeatAt?: string } = { lastSeenAt: value.receivedAt };
    if (value.message.type === 'Heartbeat') set.lastHeartbeatAt = value.receivedAt;
    await chargers.updateOne({ _id: value.chargerId }, { $set: set });
  });
  const every = options.sweepEveryMs ?? SWEEP_EVERY_MS;
  const timer = every > 0 ? setInterval(() => void sweepSilentChargers(bus, documents).catch(() => undefined), every) : null;
  timer?.unref();
  return {
    ready: consumer.ready,
    async stop() {
      if (timer) clearInterval(timer);
      await consumer.stop();
    },
  };
}

/** Reports `$silent` for every charger shown online that nothing was heard from since `now - PRESUMED_GONE_AFTER_MS`. */
export async function sweepSilentChargers(bus: Bus, documents: DocumentStore, now = Date.now()): Promise<string[]> {
  const cutoff = new Date(now - PRESUMED_GONE_AFTER_MS).toISOString();
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

/**
 * The charger message log (`ocpp_messages`) from `ocpp.frames` (group ocpp-message-log): one document per frame,
 * keyed by the gateway's frame id (a redelivered frame is written again, not twice), the newest OCPP_LOG_CAP kept
 * per charger.
 */
export function startOcppMessageLog(bus: Bus, documents: DocumentStore, cap = OCPP_LOG_CAP): Consumer {
  const log = OCPP_MESSAGES.in(documents);
  void log.createIndex({ chargerId: 1, at: -1 });
  const writes = new Map<string, number>();
  return bus.subscribe<OcppFrame>({ groupId: MESSAGE_LOG_GROUP, topics: [BUS_TOPICS.ocppFrames], fromBeginning: true }, async ({ value }) => {
    const { payload, ...frame } = value;
    await log.replaceOne({ _id: value.frameId }, { _id: value.frameId, ...frame, payloadJson: JSON.stringify(boundedLogPayload(payload) ?? null) }, { upsert: true });
    const n = (writes.get(value.chargerId) ?? 0) + 1;
    writes.set(value.chargerId, n % TRIM_EVERY);
    if (n % TRIM_EVERY !== 1) return; // the first write after a start, then every TRIM_EVERY
    const [oldestKept] = await log.find({ chargerId: value.chargerId }, { sort: { at: -1, frameId: -1 }, skip: cap - 1, limit: 1 }).toArray();
    if (oldestKept) await log.deleteMany({ chargerId: value.chargerId, at: { $lt: oldestKept.at } });
  });
}
