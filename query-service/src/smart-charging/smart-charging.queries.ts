import { SITE_LOAD_CHART, limitAt, type SessionPowerView, type SiteLoadPoint, type SiteLoadView } from '@evc/contracts';
import type { DocumentStore } from '@evc/platform';
import {
  EMPTY_SITE_LOAD,
  SESSION_POWER,
  SITE_LOAD,
  SITE_LOAD_POINTS,
  STATIONS,
  type SessionPowerDoc,
  type SiteLoadDoc,
} from '@evc/projections';
import { ActorNames } from '../identity/index';

const HOUR_MS = 3_600_000;
const { pointMs } = SITE_LOAD_CHART;
const minuteOf = (ms: number) => Math.floor(ms / pointMs) * pointMs;

/**
 * The chart's minutes from `from` to `to`: a minute with a point shows its highest total and its limit; a minute
 * without one carries the last total on (power holds between readings) and shows the limit in force then (the
 * current settings after they were set, the previous point's limit before).
 */
export function chartPoints(
  stored: { at: string; drawnW: number; lastW: number; limitW: number | null }[],
  before: { lastW: number; limitW: number | null } | null,
  site: Pick<SiteLoadDoc, 'limitW' | 'periods' | 'limitSetAt'>,
  from: number,
  to: number,
): SiteLoadPoint[] {
  const byMinute = new Map(stored.map((p) => [Date.parse(p.at), p]));
  const setAt = site.limitSetAt ? Date.parse(site.limitSetAt) : -Infinity;
  const out: SiteLoadPoint[] = [];
  let drawnW = before?.lastW ?? 0;
  let limitW = before?.limitW ?? null;
  for (let t = minuteOf(from); t <= to; t += pointMs) {
    const point = byMinute.get(t);
    if (point) {
      out.push({ at: new Date(t).toISOString(), drawnW: point.drawnW, limitW: point.limitW });
      drawnW = point.lastW;
      limitW = point.limitW;
      continue;
    }
    if (t >= minuteOf(setAt)) limitW = limitAt(site.limitW, site.periods, t) || null;
    out.push({ at: new Date(t).toISOString(), drawnW, limitW });
  }
  return out;
}

const sessionLoad = (d: SessionPowerDoc) => ({
  sessionId: d.sessionId,
  chargerId: d.chargerId,
  connectorId: d.connectorId,
  powerW: d.powerW,
  readAt: d.readAt,
  allottedW: d.allottedW,
  waiting: d.waiting,
  counted: d.counted,
  answer: d.answer,
});

/** A station's load for staff, a session's share for its driver. */
export class SmartChargingQueries {
  private readonly names: ActorNames;

  constructor(private readonly documents: DocumentStore) {
    this.names = new ActorNames(documents);
  }

  /** Null for a station that does not exist. */
  async siteLoad(stationId: string, hours: number, now = new Date()): Promise<SiteLoadView | null> {
    const [doc, station] = await Promise.all([
      SITE_LOAD.in(this.documents).findOne({ _id: stationId }),
      STATIONS.in(this.documents).findOne({ _id: stationId }, { projection: { _id: 1 } }),
    ]);
    if (!doc && !station) return null;
    const site = doc ?? { _id: stationId, stationId, ...EMPTY_SITE_LOAD };
    const to = now.getTime();
    const from = minuteOf(to - hours * HOUR_MS) + pointMs;
    const fromIso = new Date(from).toISOString();
    const points = SITE_LOAD_POINTS.in(this.documents);
    const [sessions, stored, before] = await Promise.all([
      SESSION_POWER.in(this.documents)
        .find({ stationId, charging: true }, { sort: { chargerId: 1, connectorId: 1 } })
        .toArray(),
      points.find({ stationId, at: { $gte: fromIso } }, { sort: { at: 1 } }).toArray(),
      points.findOne({ stationId, at: { $lt: fromIso } }, { sort: { at: -1 } }),
    ]);
    const setBy = site.limitSetBy;
    const names = setBy ? await this.names.of([setBy.id]) : new Map<string, string>();
    return {
      stationId,
      limitW: site.limitW,
      periods: site.periods,
      limitReason: site.limitReason,
      limitSetAt: site.limitSetAt,
      limitSetBy: setBy ? { type: setBy.type, id: setBy.id, name: names.get(setBy.id) ?? null } : null,
      effectiveLimitW: limitAt(site.limitW, site.periods, now) || null,
      drawnW: sessions.reduce((sum, s) => sum + (s.powerW ?? 0), 0),
      allottedW: sessions.reduce((sum, s) => sum + (s.allottedW ?? 0), 0),
      overSubscribed: site.overSubscribed,
      overSubscribedReason: site.overSubscribedReason,
      fullPowerChargers: site.fullPowerChargers ?? [],
      lastCause: site.lastCause,
      lastSharedAt: site.lastSharedAt,
      sessions: sessions.map(sessionLoad),
      points: chartPoints(stored, before, site, from, to),
      windowHours: hours,
      now: now.toISOString(),
    };
  }

  /** The customer's own session only: anyone else's answers like a missing one. */
  async sessionPower(customerId: string, sessionId: string): Promise<SessionPowerView | null> {
    const doc = await SESSION_POWER.in(this.documents).findOne({ _id: sessionId, customerId });
    if (!doc) return null;
    const site = await SITE_LOAD.in(this.documents).findOne({ _id: doc.stationId }, { projection: { limitW: 1 } });
    return {
      sessionId,
      limited: (site?.limitW ?? 0) > 0,
      charging: doc.charging,
      allottedW: doc.allottedW,
      sharedWith: doc.sharedWith,
      waiting: doc.waiting,
      counted: doc.counted,
      cause: doc.cause,
      sharedAt: doc.sharedAt,
    };
  }
}
