import type { PowerShareCause, ProfileAnswerStatus } from '@evc/contracts';
import type { Projection, ProjectionContext, RecordedEventOf } from '../runner/projection';
import { mergeOne } from '../shared/merge';
import { readModel } from '../shared/read-model';
import { READ_MODELS } from '../shared/read-models';

/**
 * One session as smart charging sees it (`_id` = its id): where it charges, the power it last reported and the
 * share the station's last recomputation gave it. `customerId` is null for a card session the product refused
 * (never shown to the token's owner).
 */
export type SessionPowerDoc = {
  _id: string;
  sessionId: string;
  stationId: string;
  chargerId: string;
  connectorId: number;
  customerId: string | null;
  /** Between the charger's start of the transaction and its end. */
  charging: boolean;
  ended: boolean;
  powerW: number | null;
  readAt: string | null;
  allottedW: number | null;
  waiting: boolean;
  sharedWith: number;
  counted: 'profile' | 'full-power' | null;
  cause: PowerShareCause | null;
  sharedAt: string | null;
  answer: ProfileAnswerStatus | null;
};
export const SESSION_POWER = readModel<SessionPowerDoc>(READ_MODELS.sessionPower);

const NOT_SHARED = { allottedW: null, waiting: false, sharedWith: 0, counted: null, answer: null } as const;

/** The customer a change names: the driver, or nobody (staff only) for a refused card session. */
const whose = (doc: Pick<SessionPowerDoc, 'customerId'> | null): string[] => (doc?.customerId ? [doc.customerId] : []);

/**
 * `session_power`: each session's station, latest power and share. Sessions come from the charging context's events,
 * shares from smart charging's `PowerShared` (a session left out of a recomputation no longer has a share). Writes
 * are set-style, a reading older than the one kept is ignored: replays leave the documents as they were.
 */
export const sessionPowerProjection: Projection = {
  name: 'session-power',
  collections: [READ_MODELS.sessionPower],
  async setup(documents) {
    await SESSION_POWER.in(documents).createIndex({ stationId: 1, charging: 1 });
  },
  on: {
    async SessionRequested({ data }, { documents, changed }) {
      const customerId = data.refusal ? null : data.customerId;
      await mergeOne(
        SESSION_POWER.in(documents),
        data.sessionId,
        { sessionId: data.sessionId, stationId: data.stationId, chargerId: data.chargerId, connectorId: data.connectorId, customerId },
        {
          setOnInsert: { charging: false, ended: false, powerW: null, readAt: null, cause: null, sharedAt: null, ...NOT_SHARED },
        },
      );
      changed(READ_MODELS.sessionPower, data.sessionId, whose({ customerId }));
    },
    async SessionCharging({ data }, { documents, changed }) {
      const sessions = SESSION_POWER.in(documents);
      const doc = await sessions.findOne({ _id: data.sessionId });
      if (!doc || doc.ended) return;
      await mergeOne(sessions, data.sessionId, { charging: true }, { upsert: false });
      changed(READ_MODELS.sessionPower, data.sessionId, whose(doc));
    },
    async MeterReadingRecorded({ data }, { documents, changed }) {
      const sessions = SESSION_POWER.in(documents);
      const doc = await sessions.findOne({ _id: data.sessionId });
      if (!doc || doc.ended || data.powerW === null || (doc.readAt !== null && doc.readAt > data.timestamp)) return;
      await mergeOne(sessions, data.sessionId, { powerW: data.powerW, readAt: data.timestamp }, { upsert: false });
      changed(READ_MODELS.sessionPower, data.sessionId, whose(doc));
    },
    SessionStopped: ended,
    SessionStartFailed: ended,
    async PowerShared({ data, metadata }, { documents, changed }) {
      const sessions = SESSION_POWER.in(documents);
      const given = new Set(data.allotments.map((a) => a.sessionId));
      const before = await sessions.find({ stationId: data.stationId, allottedW: { $ne: null } }).toArray();
      for (const doc of before.filter((d) => !given.has(d.sessionId))) {
        await mergeOne(sessions, doc._id, { ...NOT_SHARED, cause: data.cause, sharedAt: metadata.occurredAt }, { upsert: false });
        changed(READ_MODELS.sessionPower, doc._id, whose(doc));
      }
      for (const a of data.allotments) {
        const doc = await sessions.findOne({ _id: a.sessionId });
        if (!doc || doc.ended) continue;
        await mergeOne(
          sessions,
          a.sessionId,
          {
            allottedW: a.waiting ? 0 : a.limitW,
            waiting: a.waiting,
            sharedWith: a.sharedWith,
            counted: a.counted,
            cause: data.cause,
            sharedAt: metadata.occurredAt,
          },
          { upsert: false },
        );
        changed(READ_MODELS.sessionPower, a.sessionId, whose(doc));
      }
    },
    async SiteGridLimitRemoved({ data, metadata }, { documents, changed }) {
      const sessions = SESSION_POWER.in(documents);
      for (const doc of await sessions.find({ stationId: data.stationId, allottedW: { $ne: null } }).toArray()) {
        await mergeOne(sessions, doc._id, { ...NOT_SHARED, cause: 'limit-changed', sharedAt: metadata.occurredAt }, { upsert: false });
        changed(READ_MODELS.sessionPower, doc._id, whose(doc));
      }
    },
    async ChargingProfileAnswered({ data }, { documents, changed }) {
      const sessions = SESSION_POWER.in(documents);
      const doc = await sessions.findOne({ _id: data.sessionId });
      if (!doc) return;
      await mergeOne(sessions, data.sessionId, { answer: data.status }, { upsert: false });
      changed(READ_MODELS.sessionPower, data.sessionId, whose(doc));
    },
  },
};

/** The session's transaction ended (or never started): it draws nothing more and has no share. */
async function ended({ data }: RecordedEventOf<'SessionStopped' | 'SessionStartFailed'>, { documents, changed }: ProjectionContext) {
  const sessions = SESSION_POWER.in(documents);
  const doc = await sessions.findOne({ _id: data.sessionId });
  if (!doc) return;
  await mergeOne(sessions, data.sessionId, { charging: false, ended: true, powerW: null, ...NOT_SHARED }, { upsert: false });
  changed(READ_MODELS.sessionPower, data.sessionId, whose(doc));
}
