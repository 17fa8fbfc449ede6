import type { InboundOcppMessage } from '@evc/contracts';
import type { Reading } from './session.decider';

/** What a charger's transaction message says, whatever its protocol. */
export type TransactionReport =
  | {
      kind: 'start';
      chargerId: string;
      connectorId: number;
      idTag: string;
      transactionId: string;
      meterStartWh: number;
      timestamp: string;
      /** What the charger was told about the token (absent: not asked, e.g. a 2.0.1 start without an idToken). */
      authorization: InboundOcppMessage['authorization'] | null;
    }
  | { kind: 'readings'; chargerId: string; transactionId: string; readings: Reading[] }
  | { kind: 'stop'; chargerId: string; transactionId: string; meterStopWh: number | null; timestamp: string; reason: string | null };

type Obj = Record<string, unknown>;
const obj = (v: unknown): Obj => (v && typeof v === 'object' && !Array.isArray(v) ? (v as Obj) : {});
const arr = (v: unknown): unknown[] => (Array.isArray(v) ? v : []);
const iso = (v: unknown): string | null => {
  if (typeof v !== 'string') return null;
  const t = new Date(v);
  return Number.isNaN(t.getTime()) ? null : t.toISOString();
};
const int = (v: unknown): number | null => {
  const n = typeof v === 'string' ? Number(v) : v;
  return typeof n === 'number' && Number.isFinite(n) ? Math.round(n) : null;
};

/** One sampled value as a number in base units (Wh, W, %): 1.6 `unit` or 2.0.1 `unitOfMeasure{unit, multiplier}`. */
function sampled(v: Obj): { measurand: string; value: number } | null {
  const raw = typeof v.value === 'string' ? Number(v.value) : v.value;
  if (typeof raw !== 'number' || !Number.isFinite(raw)) return null;
  if (v.phase !== undefined) return null; // totals only
  const measurand = typeof v.measurand === 'string' ? v.measurand : 'Energy.Active.Import.Register';
  const uom = obj(v.unitOfMeasure);
  const unit = String(v.unit ?? uom.unit ?? '');
  const multiplier = typeof uom.multiplier === 'number' ? 10 ** uom.multiplier : 1;
  const scale = unit === 'kWh' || unit === 'kW' ? 1000 : 1;
  return { measurand, value: raw * multiplier * scale };
}

/** OCPP MeterValue[] → readings (one per timestamp that carries an energy register). */
export function readingsOf(meterValues: unknown): Reading[] {
  const readings: Reading[] = [];
  for (const mv of arr(meterValues)) {
    const timestamp = iso(obj(mv).timestamp);
    if (!timestamp) continue;
    let energyWh: number | null = null;
    let powerW: number | null = null;
    let socPercent: number | null = null;
    for (const s of arr(obj(mv).sampledValue)) {
      const v = sampled(obj(s));
      if (!v) continue;
      if (v.measurand === 'Energy.Active.Import.Register') energyWh = Math.round(v.value);
      else if (v.measurand === 'Power.Active.Import') powerW = Math.round(v.value);
      else if (v.measurand === 'SoC') socPercent = Math.round(v.value);
    }
    if (energyWh !== null) readings.push({ timestamp, energyWh, powerW, socPercent });
  }
  return readings;
}

const latestEnergy = (readings: Reading[]) => [...readings].sort((a, b) => a.timestamp.localeCompare(b.timestamp)).at(-1)?.energyWh ?? null;

/** The reports of one inbound message, in the order to apply them; [] for anything that is not a transaction. */
export function transactionReports(m: InboundOcppMessage): TransactionReport[] {
  const p = obj(m.payload);
  const chargerId = m.chargerId;
  switch (m.action) {
    case 'StartTransaction': {
      const connectorId = int(p.connectorId);
      const meterStartWh = int(p.meterStart);
      const timestamp = iso(p.timestamp);
      if (!m.transactionId || connectorId === null || meterStartWh === null || !timestamp || typeof p.idTag !== 'string') return [];
      return [{ kind: 'start', chargerId, connectorId, idTag: p.idTag, transactionId: m.transactionId, meterStartWh, timestamp, authorization: m.authorization ?? null }];
    }
    case 'MeterValues': {
      if (p.transactionId === undefined || p.transactionId === null) return [];
      return [{ kind: 'readings', chargerId, transactionId: String(p.transactionId), readings: readingsOf(p.meterValue) }];
    }
    case 'StopTransaction': {
      const timestamp = iso(p.timestamp);
      if (p.transactionId === undefined || !timestamp) return [];
      const transactionId = String(p.transactionId);
      return [
        { kind: 'readings', chargerId, transactionId, readings: readingsOf(p.transactionData) },
        { kind: 'stop', chargerId, transactionId, meterStopWh: int(p.meterStop), timestamp, reason: typeof p.reason === 'string' ? p.reason : null },
      ];
    }
    case 'TransactionEvent':
      return transactionEventReports(m, p);
    default:
      return [];
  }
}

/** 2.0.1: Started (or the first Updated with a token) opens, meterStart from its register, else 0; Ended stops. */
function transactionEventReports(m: InboundOcppMessage, p: Obj): TransactionReport[] {
  const info = obj(p.transactionInfo);
  const transactionId = m.transactionId ?? (info.transactionId !== undefined ? String(info.transactionId) : null);
  const timestamp = iso(p.timestamp);
  if (!transactionId || !timestamp) return [];
  const chargerId = m.chargerId;
  const readings = readingsOf(p.meterValue);
  const reports: TransactionReport[] = [];
  const idTag = obj(p.idToken).idToken;
  const connectorId = int(obj(p.evse).id);
  // A charger may start on the cable and send the token in a later Updated: the first event with one opens.
  if ((p.eventType === 'Started' || p.eventType === 'Updated') && typeof idTag === 'string' && connectorId !== null) {
    const begin = readings.find((r) => r.timestamp === timestamp) ?? readings[0];
    reports.push({ kind: 'start', chargerId, connectorId, idTag, transactionId, meterStartWh: begin?.energyWh ?? 0, timestamp, authorization: m.authorization ?? null });
  }
  reports.push({ kind: 'readings', chargerId, transactionId, readings });
  if (p.eventType === 'Ended') {
    reports.push({ kind: 'stop', chargerId, transactionId, meterStopWh: latestEnergy(readings), timestamp, reason: typeof info.stoppedReason === 'string' ? info.stoppedReason : null });
  }
  return reports;
}
