import { SITE_LOAD_CHART, limitAt, type Actor, type GridLimitPeriod, type PowerShareCause } from '@evc/contracts';
import type { DocumentStore } from '@evc/platform';
import type { Projection, ProjectionContext, RecordedEventOf } from '../runner/projection';
import { mergeOne } from '../shared/merge';
import { readModel } from '../shared/read-model';
import { READ_MODELS } from '../shared/read-models';
import { SESSION_POWER } from './session-power.projection';

/** One station's grid limit (0: none) with who set it and why, its drawn power now and the last sharing of it. */
export type SiteLoadDoc = {
  _id: string;
  stationId: string;
  limitW: number;
  periods: GridLimitPeriod[];
  limitReason: string | null;
  limitSetAt: string | null;
  limitSetBy: Actor | null;
  /** The sum of the charging sessions' latest power. */
  drawnW: number;
  /** The last recomputation: the limit it shared, what it counted (shares and full-power chargers), why it ran. */
  effectiveLimitW: number | null;
  countedW: number;
  overSubscribed: boolean;
  overSubscribedReason: string | null;
  /** Chargers the last recomputation counted at their full power (they refuse profiles). */
  fullPowerChargers: string[];
  lastCause: PowerShareCause | null;
  lastSharedAt: string | null;
  /** The newest minute with a point: older points than the chart's longest window before it are dropped. */
  lastMinute: string | null;
  /** The last event applied: a replay of an older one changes nothing (totals are sums of the state now). */
  position: number;
};
export const SITE_LOAD = readModel<SiteLoadDoc>(READ_MODELS.siteLoad);

/** One minute of a station's chart (`_id` = `<stationId>@<minute>`): the highest and the last total, the limit then. */
export type SiteLoadPointDoc = { _id: string; stationId: string; at: string; drawnW: number; lastW: number; limitW: number | null };
export const SITE_LOAD_POINTS = readModel<SiteLoadPointDoc>(READ_MODELS.siteLoadPoints);

/** A station before any limit or load: what the read side answers for a station with no document yet. */
export const EMPTY_SITE_LOAD: Omit<SiteLoadDoc, '_id' | 'stationId'> = {
  limitW: 0,
  periods: [],
  limitReason: null,
  limitSetAt: null,
  limitSetBy: null,
  drawnW: 0,
  effectiveLimitW: null,
  countedW: 0,
  overSubscribed: false,
  overSubscribedReason: null,
  fullPowerChargers: [],
  lastCause: null,
  lastSharedAt: null,
  lastMinute: null,
  position: 0,
};

const minuteOf = (iso: string) => new Date(Math.floor(Date.parse(iso) / SITE_LOAD_CHART.pointMs) * SITE_LOAD_CHART.pointMs).toISOString();
const KEEP_MS = SITE_LOAD_CHART.maxHours * 3_600_000;

async function siteOf(documents: DocumentStore, stationId: string): Promise<SiteLoadDoc> {
  return (await SITE_LOAD.in(documents).findOne({ _id: stationId })) ?? { _id: stationId, stationId, ...EMPTY_SITE_LOAD };
}

/**
 * Writes the station's drawn power now (the sum over its charging sessions, which `session_power` keeps) and the
 * chart's point for the minute of `at`. A new minute drops the points older than the chart's longest window. All of
 * it follows from the events alone (their times, never the clock), so a rebuild writes the same points.
 */
async function recordLoad(
  { documents, changed }: ProjectionContext,
  { stationId, at, position }: { stationId: string; at: string; position: number },
  patch = {},
) {
  const stored = await siteOf(documents, stationId);
  if (position <= stored.position) return;
  const site = { ...stored, ...patch };
  const charging = await SESSION_POWER.in(documents).find({ stationId, charging: true }).toArray();
  const drawnW = charging.reduce((sum, s) => sum + (s.powerW ?? 0), 0);
  const minute = minuteOf(at);
  const points = SITE_LOAD_POINTS.in(documents);
  const id = `${stationId}@${minute}`;
  const point = await points.findOne({ _id: id });
  const limitW = limitAt(site.limitW, site.periods, at) || null;
  await mergeOne(points, id, {
    stationId,
    at: minute,
    drawnW: Math.max(point?.drawnW ?? 0, drawnW),
    lastW: drawnW,
    limitW: point && point.limitW !== null && limitW !== null ? Math.min(point.limitW, limitW) : limitW,
  });
  const newMinute = site.lastMinute === null || minute > site.lastMinute;
  if (newMinute) await points.deleteMany({ stationId, at: { $lt: new Date(Date.parse(minute) - KEEP_MS).toISOString() } });
  await mergeOne(SITE_LOAD.in(documents), stationId, { ...site, drawnW, lastMinute: newMinute ? minute : site.lastMinute, position });
  changed(READ_MODELS.siteLoadPoints, stationId);
  changed(READ_MODELS.siteLoad, stationId);
}

/** A session's power or presence changed: its station's load (found through `session_power`, which runs first). */
async function sessionMoved(
  { data, metadata, position }: RecordedEventOf<'SessionCharging' | 'MeterReadingRecorded' | 'SessionStopped' | 'SessionStartFailed'>,
  context: ProjectionContext,
) {
  const session = await SESSION_POWER.in(context.documents).findOne({ _id: data.sessionId });
  if (session) await recordLoad(context, { stationId: session.stationId, at: metadata.occurredAt, position });
}

/**
 * `site_load` and `site_load_points`: each station's limit and load, and its chart of the last hours. Staff
 * activity: changes name no customer (staff follow them on `/api/live/me`).
 */
export const siteLoadProjection: Projection = {
  name: 'site-load',
  collections: [READ_MODELS.siteLoad, READ_MODELS.siteLoadPoints],
  async setup(documents) {
    await SITE_LOAD_POINTS.in(documents).createIndex({ stationId: 1, at: 1 });
  },
  on: {
    async SiteGridLimitSet({ data, metadata, position }, context) {
      const limit = {
        limitW: data.limitW,
        periods: data.limitW > 0 ? data.periods : [],
        limitReason: metadata.reason ?? null,
        limitSetAt: metadata.occurredAt,
        limitSetBy: metadata.actor,
      };
      await recordLoad(context, { stationId: data.stationId, at: metadata.occurredAt, position }, limit);
    },
    async SiteGridLimitRemoved({ data, metadata, position }, context) {
      const limit = {
        limitW: 0,
        periods: [],
        limitReason: metadata.reason ?? null,
        limitSetAt: metadata.occurredAt,
        limitSetBy: metadata.actor,
        effectiveLimitW: null,
        countedW: 0,
        overSubscribed: false,
        overSubscribedReason: null,
        fullPowerChargers: [],
      };
      await recordLoad(context, { stationId: data.stationId, at: metadata.occurredAt, position }, limit);
    },
    async PowerShared({ data, metadata, position }, context) {
      const countedW = data.allotments.reduce((sum, a) => sum + (a.waiting ? 0 : a.limitW), 0);
      const fullPower = data.allotments.some((a) => a.counted === 'full-power');
      const overSubscribed = data.effectiveLimitW > 0 && countedW > data.effectiveLimitW;
      const sharing = {
        effectiveLimitW: data.effectiveLimitW > 0 ? data.effectiveLimitW : null,
        countedW,
        overSubscribed,
        overSubscribedReason: overSubscribed || fullPower ? (metadata.reason ?? null) : null,
        fullPowerChargers: [...new Set(data.allotments.filter((a) => a.counted === 'full-power').map((a) => a.chargerId))].sort(),
        lastCause: data.cause,
        lastSharedAt: metadata.occurredAt,
      };
      await recordLoad(context, { stationId: data.stationId, at: metadata.occurredAt, position }, sharing);
    },
    SessionCharging: sessionMoved,
    MeterReadingRecorded: sessionMoved,
    SessionStopped: sessionMoved,
    SessionStartFailed: sessionMoved,
  },
};
