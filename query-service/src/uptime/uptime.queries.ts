import {
  availabilityOf,
  belowTarget,
  cairoDate,
  datesOfMonth,
  DEFAULT_TARGET_BP,
  measureDays,
  sumFigures,
  type ConnectorFigures,
  type DayFigures,
  type MaintenanceWindow,
  type NetworkUptimeView,
  type StationUptimeView,
  type UptimeFigures,
  type UptimeFiguresView,
  type UptimeSignal,
} from '@evc/contracts';
import type { DocumentStore } from '@evc/platform';
import { CHARGERS, STATIONS, UPTIME_SIGNALS, UPTIME_STATIONS, type UptimeSignalDoc, type UptimeStationDoc } from '@evc/projections';
import { toCsv, type CsvColumn } from '../shared/csv';

/** Signals read before a month's start to know where each connector stood at its first instant. */
const LOOK_BACK = 200;

const view = (f: UptimeFigures): UptimeFiguresView => ({ ...f, availability: availabilityOf(f) });

const toSignal = (d: UptimeSignalDoc): UptimeSignal =>
  d.kind === 'status'
    ? { at: d.at, chargerId: d.chargerId, kind: 'status', connectorId: d.connectorId ?? 0, status: d.status ?? 'unknown' }
    : { at: d.at, chargerId: d.chargerId, kind: d.kind };

const windowsOf = (doc: UptimeStationDoc | null): MaintenanceWindow[] =>
  (doc?.maintenance ?? [])
    .filter((m) => !m.cancelled)
    .map(({ from, to, chargerId, connectorId }) => ({ from, to, chargerId, connectorId }));

interface Measured {
  stationId: string;
  nameEn: string;
  nameAr: string;
  chargerIds: string[];
  doc: UptimeStationDoc | null;
  days: DayFigures[];
}

/**
 * Availability at query time from the uptime read models: each station's chargers' presence and statuses over a
 * Cairo month (with where each connector stood when it began), measured by the one pure function in contracts.
 */
export class UptimeQueries {
  constructor(private readonly documents: DocumentStore) {}

  /** A month's bounds; `month` absent: the current Cairo month. */
  private monthOf(month: string | undefined, now: Date) {
    return month ?? cairoDate(now).slice(0, 7);
  }

  private async measure(stationId: string, nameEn: string, nameAr: string, month: string, now: Date): Promise<Measured> {
    const chargers = await CHARGERS.in(this.documents)
      .find({ stationId, modelState: { $ne: 3 } }, { projection: { _id: 1 }, sort: { _id: 1 } })
      .toArray();
    const chargerIds = chargers.map((c) => c._id);
    const dates = datesOfMonth(month);
    const doc = await UPTIME_STATIONS.in(this.documents).findOne({ _id: stationId });
    const days = dates.length === 0 ? [] : await this.days(chargerIds, windowsOf(doc), dates, now);
    return { stationId, nameEn, nameAr, chargerIds, doc, days };
  }

  private async days(chargerIds: string[], windows: MaintenanceWindow[], dates: string[], now: Date): Promise<DayFigures[]> {
    // The month's first Cairo instant is before its first midnight UTC: read from a day earlier, the measure clips.
    const from = new Date(Date.parse(`${dates[0]}T00:00:00.000Z`) - 86_400_000).toISOString();
    const signals = UPTIME_SIGNALS.in(this.documents);
    const before: UptimeSignalDoc[] = [];
    for (const chargerId of chargerIds) {
      const earlier = await signals.find({ chargerId, at: { $lt: from } }, { sort: { at: -1 }, limit: LOOK_BACK }).toArray();
      const presence = earlier.find((d) => d.kind !== 'status');
      const latest = new Map<number, UptimeSignalDoc>();
      for (const d of earlier) if (d.kind === 'status' && !latest.has(d.connectorId ?? 0)) latest.set(d.connectorId ?? 0, d);
      before.push(...[...(presence ? [presence] : []), ...latest.values()].sort((a, b) => a.at.localeCompare(b.at)));
    }
    const during = await signals
      .find({ chargerId: { $in: chargerIds }, at: { $gte: from, $lte: now.toISOString() } }, { sort: { at: 1, position: 1 } })
      .toArray();
    return measureDays([...before, ...during].map(toSignal), windows, dates, now.toISOString());
  }

  async network(month: string | undefined, now = new Date()): Promise<{ view: NetworkUptimeView; measured: Measured[] }> {
    const m = this.monthOf(month, now);
    const stations = await STATIONS.in(this.documents)
      .find({}, { projection: { _id: 1, nameEn: 1, nameAr: 1 }, sort: { _id: 1 } })
      .toArray();
    const measured: Measured[] = [];
    for (const s of stations) measured.push(await this.measure(s._id, s.nameEn, s.nameAr, m, now));
    const rows = measured.map((x) => {
      const figures = sumFigures(x.days.flatMap((d) => d.connectors));
      const targetBp = x.doc?.targetBp ?? DEFAULT_TARGET_BP;
      return {
        stationId: x.stationId,
        nameEn: x.nameEn,
        nameAr: x.nameAr,
        targetBp,
        belowTarget: belowTarget(figures, targetBp),
        chargers: x.chargerIds.length,
        figures: view(figures),
      };
    });
    // Worst first; a station with nothing in service goes last.
    rows.sort(
      (a, b) =>
        (a.figures.availability ?? 2) - (b.figures.availability ?? 2) ||
        b.figures.downMs - a.figures.downMs ||
        a.stationId.localeCompare(b.stationId),
    );
    return { view: { month: m, asOf: now.toISOString(), rows }, measured };
  }

  async station(stationId: string, month: string | undefined, now = new Date()): Promise<StationUptimeView | null> {
    const station = await STATIONS.in(this.documents).findOne({ _id: stationId }, { projection: { nameEn: 1, nameAr: 1 } });
    if (!station) return null;
    const m = this.monthOf(month, now);
    const x = await this.measure(stationId, station.nameEn, station.nameAr, m, now);
    const all = x.days.flatMap((d) => d.connectors);
    const figures = sumFigures(all);
    const targetBp = x.doc?.targetBp ?? DEFAULT_TARGET_BP;
    return {
      stationId,
      nameEn: station.nameEn,
      nameAr: station.nameAr,
      month: m,
      asOf: now.toISOString(),
      targetBp,
      belowTarget: belowTarget(figures, targetBp),
      figures: view(figures),
      days: x.days.map((d) => ({
        date: d.date,
        figures: view(sumFigures(d.connectors)),
        chargers: chargersOf(x.chargerIds, d.connectors),
      })),
      chargers: chargersOf(x.chargerIds, all),
      maintenance: [...(x.doc?.maintenance ?? [])].sort((a, b) => b.from.localeCompare(a.from)),
      revision: x.doc?.revision ?? null,
    };
  }

  /** One line per station and Cairo day: what an operator sends on (UTF-8 with a byte order mark; Arabic names as they are). */
  async csv(month: string | undefined, now = new Date()): Promise<{ month: string; csv: string }> {
    const { view: v, measured } = await this.network(month, now);
    type Line = { row: (typeof v.rows)[number]; date: string; figures: UptimeFigures };
    const lines: Line[] = [];
    for (const row of v.rows) {
      const x = measured.find((s) => s.stationId === row.stationId);
      for (const d of x?.days ?? []) lines.push({ row, date: d.date, figures: sumFigures(d.connectors) });
    }
    const hours = (ms: number) => (ms / 3_600_000).toFixed(2);
    const percent = (f: UptimeFigures) => {
      const a = availabilityOf(f);
      return a === null ? '' : (a * 100).toFixed(2);
    };
    const columns: CsvColumn<Line>[] = [
      { header: 'date (Cairo)', value: (l) => l.date },
      { header: 'station id', value: (l) => l.row.stationId },
      { header: 'station (English)', value: (l) => l.row.nameEn },
      { header: 'station (Arabic)', value: (l) => l.row.nameAr },
      { header: 'availability %', value: (l) => percent(l.figures) },
      { header: 'target %', value: (l) => (l.row.targetBp / 100).toFixed(2) },
      { header: 'below target', value: (l) => (belowTarget(l.figures, l.row.targetBp) ? 'yes' : 'no') },
      { header: 'up hours', value: (l) => hours(l.figures.upMs) },
      { header: 'down hours', value: (l) => hours(l.figures.downMs) },
      { header: 'maintenance hours', value: (l) => hours(l.figures.maintenanceMs) },
    ];
    return { month: v.month, csv: toCsv(columns, lines) };
  }
}

/** Each charger's and each of its connectors' figures, summed over the given stretches (a month's days, or one day). */
function chargersOf(chargerIds: readonly string[], connectors: readonly ConnectorFigures[]): StationUptimeView['chargers'] {
  const byConnector = new Map<string, ConnectorFigures[]>();
  for (const c of connectors) {
    const key = `${c.chargerId}\u0000${c.connectorId}`;
    byConnector.set(key, [...(byConnector.get(key) ?? []), c]);
  }
  return chargerIds.map((chargerId) => {
    const own = connectors.filter((c) => c.chargerId === chargerId);
    const connectorIds = [...new Set(own.map((c) => c.connectorId))].sort((a, b) => a - b);
    return {
      chargerId,
      figures: view(sumFigures(own)),
      connectors: connectorIds.map((connectorId) => ({
        connectorId,
        figures: view(sumFigures(byConnector.get(`${chargerId}\u0000${connectorId}`) ?? [])),
      })),
    };
  });
}
