import type { ConnectorStatus } from '../network/index';
import { addDays, cairoInstant } from '../shared/cairo-time';

/** The target a station has until staff set one: the share AFIR asks of public chargers, in basis points. */
export const DEFAULT_TARGET_BP = 9700;

/**
 * How each reported connector status counts while the charger is online. Up: the connector serves or can serve a
 * driver now (Available, Reserved for one, or in any step of a session: Preparing, Charging, SuspendedEV/EVSE,
 * Finishing). Down: it cannot (Unavailable, Faulted, or a status the charger has not told). A charger that is offline
 * is down whatever its connectors last said; declared maintenance is outside the time in service.
 */
export const STATUS_COUNTS: Record<ConnectorStatus, 'up' | 'down'> = {
  available: 'up',
  preparing: 'up',
  charging: 'up',
  suspended: 'up',
  finishing: 'up',
  reserved: 'up',
  unavailable: 'down',
  faulted: 'down',
  unknown: 'down',
};

/** What uptime is computed from: a charger's presence and its connectors' statuses, each at the server's time. */
export type UptimeSignal =
  | { at: string; chargerId: string; kind: 'online' | 'offline' }
  | { at: string; chargerId: string; kind: 'status'; connectorId: number; status: ConnectorStatus };

/** A declared window: the whole station (chargerId null), a charger (connectorId null) or one connector. */
export interface MaintenanceWindow {
  from: string;
  to: string;
  chargerId: string | null;
  connectorId: number | null;
}

/** Milliseconds up, down and in declared maintenance; the time in service is up + down. */
export interface UptimeFigures {
  upMs: number;
  downMs: number;
  maintenanceMs: number;
}
export interface ConnectorFigures extends UptimeFigures {
  chargerId: string;
  connectorId: number;
}

export const NO_TIME: UptimeFigures = { upMs: 0, downMs: 0, maintenanceMs: 0 };

export const addFigures = (a: UptimeFigures, b: UptimeFigures): UptimeFigures => ({
  upMs: a.upMs + b.upMs,
  downMs: a.downMs + b.downMs,
  maintenanceMs: a.maintenanceMs + b.maintenanceMs,
});
export const sumFigures = (list: readonly UptimeFigures[]): UptimeFigures => list.reduce(addFigures, NO_TIME);

/** Up over time in service (0…1), or null when nothing was in service. */
export const availabilityOf = (f: UptimeFigures): number | null => (f.upMs + f.downMs === 0 ? null : f.upMs / (f.upMs + f.downMs));

/** Below a target in basis points, compared in integers (no rounding decides it). */
export const belowTarget = (f: UptimeFigures, targetBp: number): boolean =>
  f.upMs + f.downMs > 0 && f.upMs * 10_000 < targetBp * (f.upMs + f.downMs);

/**
 * The instant a Cairo day begins: midnight, or 01:00 on the day summer time begins (Egypt moves its clocks from 00:00
 * to 01:00, so that day has no midnight).
 */
export const cairoDayStart = (date: string): string | null => cairoInstant(date, '00:00') ?? cairoInstant(date, '01:00');

/** Every Cairo date of a month (`YYYY-MM`). */
export function datesOfMonth(month: string): string[] {
  const dates: string[] = [];
  for (let d = `${month}-01`; d.startsWith(month); d = addDays(d, 1)) dates.push(d);
  return dates;
}

interface Interval {
  from: number;
  to: number;
}

/** The declared windows that cover a connector, merged into disjoint intervals. */
function coverOf(maintenance: readonly MaintenanceWindow[], chargerId: string, connectorId: number): Interval[] {
  const own = maintenance
    .filter((w) => (w.chargerId === null || w.chargerId === chargerId) && (w.connectorId === null || w.connectorId === connectorId))
    .map((w) => ({ from: Date.parse(w.from), to: Date.parse(w.to) }))
    .filter((w) => w.to > w.from)
    .sort((a, b) => a.from - b.from);
  const merged: Interval[] = [];
  for (const w of own) {
    const last = merged.at(-1);
    if (last && w.from <= last.to) last.to = Math.max(last.to, w.to);
    else merged.push({ ...w });
  }
  return merged;
}

const overlap = (a: number, b: number, cover: readonly Interval[]) =>
  cover.reduce((ms, w) => ms + Math.max(0, Math.min(b, w.to) - Math.max(a, w.from)), 0);

/**
 * Each connector's figures over [from, to), from the signals of its charger (in the order they happened: the last
 * status before `from` and the presence before it must be among them). A connector counts from its first reported
 * status: before that it was not yet in service. Connector 0 (the charger as a whole in OCPP 1.6) is not a
 * connector; its connectors report their own statuses.
 */
export function measureConnectors(
  signals: readonly UptimeSignal[],
  maintenance: readonly MaintenanceWindow[],
  from: string,
  to: string,
): ConnectorFigures[] {
  const start = Date.parse(from);
  const end = Date.parse(to);
  const ordered = signals.map((s, i) => ({ s, i, at: Date.parse(s.at) })).sort((a, b) => a.at - b.at || a.i - b.i);
  const byCharger = new Map<string, typeof ordered>();
  for (const o of ordered) byCharger.set(o.s.chargerId, [...(byCharger.get(o.s.chargerId) ?? []), o]);
  const out: ConnectorFigures[] = [];
  for (const [chargerId, list] of byCharger) {
    const connectors = [...new Set(list.flatMap(({ s }) => (s.kind === 'status' && s.connectorId > 0 ? [s.connectorId] : [])))].sort(
      (a, b) => a - b,
    );
    for (const connectorId of connectors) {
      const cover = coverOf(maintenance, chargerId, connectorId);
      const figures: ConnectorFigures = { chargerId, connectorId, ...NO_TIME };
      let online = false;
      let status: ConnectorStatus | null = null;
      let since = -Infinity;
      const count = (until: number) => {
        const a = Math.max(since, start);
        const b = Math.min(until, end);
        if (status === null || b <= a) return;
        const planned = overlap(a, b, cover);
        if (online && STATUS_COUNTS[status] === 'up') figures.upMs += b - a - planned;
        else figures.downMs += b - a - planned;
        figures.maintenanceMs += planned;
      };
      for (const { s, at } of list) {
        if (s.kind === 'status' && s.connectorId !== connectorId) {
          // another connector speaking still says the charger is online
          if (!online) {
            count(at);
            online = true;
            since = at;
          }
          continue;
        }
        count(at);
        since = at;
        if (s.kind === 'status') {
          status = s.status;
          online = true;
        } else online = s.kind === 'online';
      }
      count(end);
      out.push(figures);
    }
  }
  return out;
}

/** One Cairo day's figures per connector; a day still running counts up to `now`, a day to come is left out. */
export interface DayFigures {
  date: string;
  connectors: ConnectorFigures[];
}

export function measureDays(
  signals: readonly UptimeSignal[],
  maintenance: readonly MaintenanceWindow[],
  dates: readonly string[],
  now: string,
): DayFigures[] {
  const out: DayFigures[] = [];
  for (const date of dates) {
    const from = cairoDayStart(date);
    const next = cairoDayStart(addDays(date, 1));
    if (!from || !next) continue;
    const to = Date.parse(next) < Date.parse(now) ? next : now;
    if (Date.parse(to) <= Date.parse(from)) continue;
    out.push({ date, connectors: measureConnectors(signals, maintenance, from, to) });
  }
  return out;
}
