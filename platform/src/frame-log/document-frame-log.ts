import type { OcppFrame } from '@evc/contracts';
import type { DocumentStore } from '../ports/documents';
import { frameShare, frameSlack, type FrameLog, type FrameLogLimits } from '../ports/frame-log';
import { breather } from '../runtime/time-slice';

/** The collection the cluster's log is kept in (one document per frame). */
export const FRAME_LOG_COLLECTION = 'ocpp_messages';

/**
 * One frame of the log (`_id` = the gateway's frame id). The payload is kept as its JSON text: a payload kept as
 * objects (a MeterValues frame is some twenty of them) is what a collector has to walk. Logs written
 * before keep `payload`; `frameOf` reads both.
 */
export type FrameDoc = Omit<OcppFrame, 'payload'> & { _id: string; payloadJson?: string; payload?: unknown };

/** The frame a document holds, its payload parsed. */
export function frameOf({ _id, payloadJson, payload, ...frame }: FrameDoc): OcppFrame {
  return { ...frame, payload: payloadJson === undefined ? (payload ?? null) : (JSON.parse(payloadJson) as unknown) };
}

/**
 * The message log as a collection of a `DocumentStore` (the cluster's MongoDB; any store passes the contract suite).
 * Each charger keeps its newest frames: `perCharger`, or under an overall bound its share of `total`. The frames held
 * are counted per charger (a charger's count is read once, when it is first written to after a start). A charger is
 * trimmed when it passes its share by its slack; when the whole log passes its bound by 15 %, every charger above its
 * share is (chargers that went quiet included). The writer keeps the ids of each charger's frames in the order they
 * came (a charger's frames come in order of time) and deletes the oldest by id; a charger with frames from before the
 * start is trimmed once by a query (its newest by time), and its ids are read then. One writer per log (the
 * projections' consumer); readers may be anywhere.
 */
export function createDocumentFrameLog(documents: DocumentStore, limits: FrameLogLimits): FrameLog {
  const log = documents.collection<FrameDoc>(FRAME_LOG_COLLECTION);
  // Made by the writer, before its first frame (readers in other services open the log too).
  let indexed: Promise<unknown> | null = null;
  const held = new Map<string, number>();
  let heldTotal = 0;
  let sweeping: Promise<void> | null = null;
  const texts = sharedTexts();
  /** The ids of a charger's frames, oldest first, when this writer knows all of them (the count held agrees). */
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
  const share = () => frameShare(limits, held.size);

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
    // What is left is what this writer knows of the charger from now on (frames written meanwhile are among it).
    const left = await log.find({ chargerId }, { sort: { at: 1, frameId: 1 }, projection: { _id: 1 } }).toArray();
    if (left.length === held.get(chargerId))
      order.set(
        chargerId,
        left.map((d) => d._id),
      );
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

  return {
    async append(value) {
      await (indexed ??= Promise.all([log.createIndex({ chargerId: 1, at: -1 }), log.createIndex({ connectionId: 1, messageId: 1 })]));
      const { payload, ...frame } = value;
      const { chargerId, connectionId } = texts.of(value.chargerId, value.connectionId);
      if (!held.has(chargerId)) {
        const before = await log.countDocuments({ chargerId });
        setHeld(chargerId, before);
        if (before === 0) order.set(chargerId, []);
      }
      const doc = {
        _id: value.frameId,
        ...frame,
        chargerId,
        connectionId,
        action: texts.word(frame.action),
        direction: texts.word(frame.direction),
        kind: texts.word(frame.kind),
        payloadJson: JSON.stringify(payload ?? null),
      };
      const written = await log.replaceOne({ _id: value.frameId }, doc, { upsert: true });
      if (written.upsertedCount > 0) {
        order.get(chargerId)?.push(doc._id);
        setHeld(chargerId, (held.get(chargerId) ?? 0) + 1);
      }
      const keep = share();
      if ((held.get(chargerId) ?? 0) > keep + frameSlack(keep)) await trim(chargerId, keep);
      // A charger passes its share by at most its slack; more than that over all means some went quiet above theirs.
      const bound = limits.total === null ? Number.POSITIVE_INFINITY : Math.max(limits.total, limits.minPerCharger * held.size);
      if (heldTotal > bound * 1.15 && !sweeping) {
        sweeping = sweep()
          .catch((error: unknown) =>
            console.error(`[message log] sweep failed; the next frame past the bound tries again: ${String(error)}`),
          )
          .finally(() => (sweeping = null));
      }
    },
    async page(chargerId, { skip, limit }) {
      const [docs, total] = await Promise.all([
        log.find({ chargerId }, { sort: { at: -1, frameId: -1 }, skip, limit }).toArray(),
        log.countDocuments({ chargerId }),
      ]);
      return { frames: docs.map(frameOf), total };
    },
    async ofMessages(refs) {
      if (refs.length === 0) return [];
      const wanted = new Set(refs.map((r) => `${r.connectionId}/${r.messageId}`));
      const docs = await log
        .find(
          {
            connectionId: { $in: [...new Set(refs.map((r) => r.connectionId))] },
            messageId: { $in: [...new Set(refs.map((r) => r.messageId))] },
          },
          { sort: { at: 1, frameId: 1 } },
        )
        .toArray();
      return docs.filter((d) => wanted.has(`${d.connectionId}/${d.messageId}`)).map(frameOf);
    },
    async size() {
      return log.countDocuments({});
    },
  };
}

/** Most distinct actions, directions and kinds kept as shared texts (OCPP has some sixty actions; the rest are copied). */
const SHARED_WORDS = 512;

/**
 * The texts every frame of a charger repeats (its id and connection's id, the action, direction and kind) arrive as
 * fresh strings with each frame, parsed from the bus. The in-memory store keeps one of each and points every frame's
 * document to it: some 90 bytes and two objects less a frame. A charger's texts are dropped with its last frame; the
 * words are capped.
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
