import { randomUUID } from 'node:crypto';
import { charge, type BatteryState, type PowerProfile } from './power-curve';

type Json = Record<string, unknown>;

export interface ChargingOptions {
  /** Seconds between meter values while charging (default 10). */
  meterIntervalS: number;
  /** From an accepted remote start to the transaction start (the driver plugs in), ms (default 2,000). */
  plugInDelayMs: number;
  /** The car's battery, Wh (default 60,000). */
  batteryWh: number;
  /** The car arrives with a random state of charge in this range, percent (default 20-50). */
  startSocPct: [number, number];
}

export const DEFAULT_CHARGING: ChargingOptions = { meterIntervalS: 10, plugInDelayMs: 2_000, batteryWh: 60_000, startSocPct: [20, 50] };

/** Queues a call to the server in order with every other (the charger's outbox); resolves with its answer. */
export type Send = (action: string, build: () => Json) => Promise<unknown>;

interface Transaction {
  /** 1.6: given by the server's StartTransaction answer (null until then); 2.0.1: chosen here. */
  id: string | null;
  idTag: string;
  meterStartWh: number;
  battery: BatteryState;
  lastAt: number;
  seqNo: number;
  remoteStartId: number | null;
  timer: NodeJS.Timeout | null;
  /** The transaction's own cap (TxProfile), W. */
  capW: number | null;
}

/** A smart-charging profile as the simulated charger holds it: a cap in W from now on (1.6 and 2.0.1 read alike). */
export interface ProfileCap {
  connectorId: number;
  purpose: string;
  limitW: number;
  transactionId: string | null;
}

/** A power curve held to a cap. */
const cappedTo = (profile: PowerProfile, capW: number): PowerProfile =>
  capW < profile.maxPowerW ? { ...profile, maxPowerW: Math.max(0, capW) } : profile;

interface ConnectorSim {
  id: number;
  /** 1.6 ChargePointStatus (2.0.1 reports Occupied for Preparing / Charging / SuspendedEV / Finishing). */
  status: string;
  /** The energy register, Wh (absolute, as a real meter). */
  registerWh: number;
  transaction: Transaction | null;
  /** Waiting for the cable after an accepted remote start. */
  plugging: NodeJS.Timeout | null;
  reservation: { id: number; idTag: string; timer: NodeJS.Timeout } | null;
}

/**
 * The connectors of one simulated charger: remote start / stop, reservations, and meter values while charging along
 * the power curve. Every message goes through `send`, so they reach the server in the order they happened (also
 * after being queued offline).
 */
export class ChargingPoint {
  readonly connectors: ConnectorSim[];
  /** Meter samples taken while charging (each one a MeterValues / TransactionEvent Updated). */
  sampled = 0;
  /** TxDefaultProfile caps by connector (0: every connector), W: what a new transaction may draw until given its own. */
  private readonly defaultCaps = new Map<number, number>();
  /** Told each time a connector's power changes (W), for tests that watch the site's total. */
  onPower: (connectorId: number, powerW: number) => void = () => undefined;

  constructor(
    private readonly v201: boolean,
    connectorIds: number[],
    private readonly profile: PowerProfile,
    private readonly options: ChargingOptions,
    private readonly send: Send,
    private readonly onError: (error: unknown) => void,
  ) {
    this.connectors = connectorIds.map((id) => ({
      id,
      status: 'Available',
      registerWh: 1_000_000 + Math.floor(Math.random() * 9_000_000),
      transaction: null,
      plugging: null,
      reservation: null,
    }));
  }

  /** StatusNotification payload of a connector as it is now. */
  statusPayload(connectorId: number): Json {
    const c = this.connector(connectorId);
    const status = c?.status ?? 'Available';
    const timestamp = new Date().toISOString();
    const error = status === 'Faulted' ? (this.faultDetails.get(connectorId) ?? { errorCode: 'OtherError' }) : { errorCode: 'NoError' };
    if (!this.v201) return { connectorId, ...error, status, timestamp };
    const connectorStatus =
      status === 'Available' || status === 'Reserved' || status === 'Faulted' || status === 'Unavailable' ? status : 'Occupied';
    return { timestamp, connectorStatus, evseId: connectorId, connectorId: 1 };
  }

  /** RemoteStartTransaction / RequestStartTransaction: Preparing, then after the plug-in delay the transaction. */
  remoteStart(connectorId: number | undefined, idTag: string, remoteStartId: number | null): 'Accepted' | 'Rejected' {
    const c = connectorId === undefined ? this.connectors.find((k) => k.status === 'Available') : this.connector(connectorId);
    if (!c || c.transaction || c.plugging) return 'Rejected';
    if (c.status !== 'Available' && !(c.status === 'Reserved' && c.reservation?.idTag === idTag)) return 'Rejected';
    this.clearReservation(c);
    this.setStatus(c, 'Preparing');
    c.plugging = setTimeout(() => {
      c.plugging = null;
      this.startTransaction(c, idTag, remoteStartId);
    }, this.options.plugInDelayMs);
    c.plugging.unref();
    return 'Accepted';
  }

  /** A card presented at the charger (no remote start): the transaction starts at once. */
  startLocal(connectorId: number, idTag: string): boolean {
    const c = this.connector(connectorId);
    if (!c || c.transaction || c.plugging) return false;
    // A reserved connector takes only its reservation's token (which uses the reservation up).
    if (c.status !== 'Available' && c.status !== 'Preparing' && !(c.status === 'Reserved' && c.reservation?.idTag === idTag)) return false;
    this.clearReservation(c);
    this.startTransaction(c, idTag, null);
    return true;
  }

  /** The driver plugs the cable in without starting yet (Preparing), as the first step of a card session. */
  plugIn(connectorId: number): boolean {
    const c = this.connector(connectorId);
    if (!c || c.transaction || c.plugging || c.status !== 'Available') return false;
    this.setStatus(c, 'Preparing');
    return true;
  }

  /** The driver stops at the charger (a card session): StopTransaction / TransactionEvent Ended, reason Local. */
  stopLocal(connectorId: number): boolean {
    const c = this.connector(connectorId);
    if (!c?.transaction) return false;
    this.stopTransaction(c, 'Local');
    return true;
  }

  /** A connector's status as the simulated charger reports it (OCPP 1.6 words). */
  statusOf(connectorId: number): string | null {
    return this.connector(connectorId)?.status ?? null;
  }

  /** RemoteStopTransaction / RequestStopTransaction by transaction id. */
  remoteStop(transactionId: string): 'Accepted' | 'Rejected' {
    const c = this.connectors.find((k) => k.transaction?.id === transactionId);
    if (!c) return 'Rejected';
    this.stopTransaction(c, 'Remote');
    return 'Accepted';
  }

  /**
   * ReserveNow (1.6 and 2.0.1 answer alike): Accepted on an available connector, or one already reserved under the same
   * reservation id (a repeat replaces it); Faulted / Unavailable as the connector is; else Occupied. Reserved until the
   * expiry (2.0.1 then says so with ReservationStatusUpdate Expired), then Available.
   */
  reserve(
    connectorId: number | undefined,
    idTag: string,
    reservationId: number,
    expiry: string,
  ): 'Accepted' | 'Occupied' | 'Faulted' | 'Unavailable' | 'Rejected' {
    const c = connectorId === undefined ? this.connectors.find((k) => k.status === 'Available') : this.connector(connectorId);
    if (!c) return 'Rejected';
    if (c.status === 'Faulted' || c.status === 'Unavailable') return c.status;
    const again = c.status === 'Reserved' && c.reservation?.id === reservationId;
    if (!again && (c.status !== 'Available' || c.transaction || c.plugging)) return 'Occupied';
    this.clearReservation(c);
    const timer = setTimeout(
      () => {
        if (c.reservation?.id !== reservationId) return;
        c.reservation = null;
        if (this.v201)
          this.send('ReservationStatusUpdate', () => ({ reservationId, reservationUpdateStatus: 'Expired' })).catch(this.onError);
        this.setStatus(c, 'Available');
      },
      Math.max(0, Date.parse(expiry) - Date.now()),
    );
    timer.unref();
    c.reservation = { id: reservationId, idTag, timer };
    if (!again) this.setStatus(c, 'Reserved');
    return 'Accepted';
  }

  cancelReservation(reservationId: number): 'Accepted' | 'Rejected' {
    const c = this.connectors.find((k) => k.reservation?.id === reservationId);
    if (!c) return 'Rejected';
    this.clearReservation(c);
    this.setStatus(c, 'Available');
    return 'Accepted';
  }

  /** The reservation held on a connector now (for tests and the demo). */
  reservationOf(connectorId: number): { id: number; idTag: string } | null {
    const r = this.connector(connectorId)?.reservation;
    return r ? { id: r.id, idTag: r.idTag } : null;
  }

  /** What a Faulted connector reports (1.6 errorCode, info, vendorErrorCode): set by the fault switches (faults.ts). */
  readonly faultDetails = new Map<number, { errorCode: string; info?: string; vendorErrorCode?: string }>();

  /** A connector breaks (Faulted; its reservation is dropped) or is repaired (Available): reported at once. */
  setFault(connectorId: number, faulted: boolean): void {
    const c = this.connector(connectorId);
    if (!c || c.transaction) return;
    this.clearReservation(c);
    this.setStatus(c, faulted ? 'Faulted' : 'Available');
  }

  /**
   * SetChargingProfile: a TxProfile caps its transaction (Rejected when no such transaction runs on the connector), a
   * TxDefaultProfile caps the connector's next transactions (and running ones without a TxProfile). The power changes at
   * once and a meter value says so.
   */
  setProfile(cap: ProfileCap): 'Accepted' | 'Rejected' {
    if (cap.purpose === 'TxProfile') {
      const c = this.connector(cap.connectorId);
      const t = c?.transaction;
      if (!c || !t || (cap.transactionId !== null && t.id !== cap.transactionId)) return 'Rejected';
      this.recap(c, t, () => (t.capW = cap.limitW));
      return 'Accepted';
    }
    if (cap.purpose !== 'TxDefaultProfile') return 'Rejected';
    this.defaultCaps.set(cap.connectorId, cap.limitW);
    for (const c of this.connectors) if (c.transaction && c.transaction.capW === null) this.recap(c, c.transaction, () => undefined);
    return 'Accepted';
  }

  /** ClearChargingProfile of a connector (0: all), of one purpose or both: Unknown when there was none. */
  clearProfiles(connectorId: number | null, purpose: string | null): 'Accepted' | 'Unknown' {
    let cleared = false;
    if (purpose !== 'TxProfile')
      for (const id of [...this.defaultCaps.keys()])
        if (connectorId === null || connectorId === 0 || id === connectorId) cleared = this.defaultCaps.delete(id) || cleared;
    if (purpose !== 'TxDefaultProfile')
      for (const c of this.connectors)
        if (c.transaction?.capW != null && (connectorId === null || connectorId === 0 || c.id === connectorId)) {
          const t = c.transaction;
          this.recap(c, t, () => (t.capW = null));
          cleared = true;
        }
    for (const c of this.connectors) if (c.transaction) this.recap(c, c.transaction, () => undefined);
    return cleared ? 'Accepted' : 'Unknown';
  }

  /** What a connector draws now, W (0 when idle). */
  powerOf(connectorId: number): number {
    return Math.round(this.connector(connectorId)?.transaction?.battery.powerW ?? 0);
  }

  private capOf(c: ConnectorSim, t: Transaction): number {
    return t.capW ?? this.defaultCaps.get(c.id) ?? this.defaultCaps.get(0) ?? Number.POSITIVE_INFINITY;
  }

  private curveOf(c: ConnectorSim, t: Transaction): PowerProfile {
    return cappedTo(this.profile, this.capOf(c, t));
  }

  /** Charges up to now under the old cap, changes the cap, and reports the new power when it moved. */
  private recap(c: ConnectorSim, t: Transaction, change: () => void): void {
    const before = Math.round(t.battery.powerW);
    this.advance(c, t);
    change();
    t.battery = { ...t.battery, powerW: charge(t.battery, this.curveOf(c, t), this.options.batteryWh, 0).powerW };
    if (Math.round(t.battery.powerW) === before) return;
    this.onPower(c.id, Math.round(t.battery.powerW));
    this.sample(c, t);
  }

  private advance(c: ConnectorSim, t: Transaction): void {
    const now = Date.now();
    const before = t.battery.energyWh;
    t.battery = charge(t.battery, this.curveOf(c, t), this.options.batteryWh, (now - t.lastAt) / 1000);
    t.lastAt = now;
    c.registerWh += t.battery.energyWh - before;
  }

  /** Transactions running now (for stats and tests). */
  get charging(): number {
    return this.connectors.filter((c) => c.transaction).length;
  }

  transactionOf(connectorId: number): { id: string | null; idTag: string; energyWh: number; socPct: number } | null {
    const t = this.connector(connectorId)?.transaction;
    return t ? { id: t.id, idTag: t.idTag, energyWh: t.battery.energyWh, socPct: t.battery.socPct } : null;
  }

  close(): void {
    for (const c of this.connectors) {
      if (c.transaction?.timer) clearInterval(c.transaction.timer);
      if (c.plugging) clearTimeout(c.plugging);
      if (c.reservation) clearTimeout(c.reservation.timer);
    }
  }

  private connector(id: number): ConnectorSim | undefined {
    return this.connectors.find((c) => c.id === id);
  }

  private clearReservation(c: ConnectorSim): void {
    if (c.reservation) clearTimeout(c.reservation.timer);
    c.reservation = null;
  }

  private setStatus(c: ConnectorSim, status: string): void {
    c.status = status;
    const payload = this.statusPayload(c.id);
    this.send('StatusNotification', () => payload).catch(this.onError);
  }

  private meterValue(c: ConnectorSim, t: Transaction, timestamp: string, context: string): Json {
    const energy = Math.round(c.registerWh);
    const power = Math.round(t.battery.powerW);
    const soc = Math.round(t.battery.socPct * 10) / 10;
    if (this.v201) {
      return {
        timestamp,
        sampledValue: [
          { value: energy, context, measurand: 'Energy.Active.Import.Register', unitOfMeasure: { unit: 'Wh' } },
          { value: power, context, measurand: 'Power.Active.Import', unitOfMeasure: { unit: 'W' } },
          { value: soc, context, measurand: 'SoC', location: 'EV', unitOfMeasure: { unit: 'Percent' } },
        ],
      };
    }
    return {
      timestamp,
      sampledValue: [
        { value: String(energy), context, measurand: 'Energy.Active.Import.Register', unit: 'Wh' },
        { value: String(power), context, measurand: 'Power.Active.Import', unit: 'W' },
        { value: String(soc), context, measurand: 'SoC', location: 'EV', unit: 'Percent' },
      ],
    };
  }

  private startTransaction(c: ConnectorSim, idTag: string, remoteStartId: number | null): void {
    const [low, high] = this.options.startSocPct;
    const t: Transaction = {
      id: this.v201 ? randomUUID() : null,
      idTag,
      meterStartWh: Math.round(c.registerWh),
      battery: { energyWh: 0, socPct: low + Math.random() * (high - low), powerW: 0 },
      lastAt: Date.now(),
      seqNo: 0,
      remoteStartId,
      timer: null,
      capW: null,
    };
    t.battery = { ...t.battery, powerW: charge(t.battery, this.curveOf(c, t), this.options.batteryWh, 0).powerW };
    c.transaction = t;
    this.onPower(c.id, Math.round(t.battery.powerW));
    const timestamp = new Date().toISOString();
    if (this.v201) {
      const payload = {
        eventType: 'Started',
        timestamp,
        triggerReason: remoteStartId !== null ? 'RemoteStart' : 'Authorized',
        seqNo: t.seqNo++,
        transactionInfo: { transactionId: t.id, chargingState: 'Charging', ...(remoteStartId !== null ? { remoteStartId } : {}) },
        idToken: { idToken: idTag, type: remoteStartId !== null ? 'Central' : 'ISO14443' },
        evse: { id: c.id, connectorId: 1 },
        meterValue: [this.meterValue(c, t, timestamp, 'Transaction.Begin')],
      };
      this.send('TransactionEvent', () => payload).then((answer) => this.afterStart(c, t, answer), this.onError);
    } else {
      const payload = { connectorId: c.id, idTag, meterStart: t.meterStartWh, timestamp };
      this.send('StartTransaction', () => payload).then((answer) => {
        t.id = String((answer as { transactionId: number }).transactionId);
        this.afterStart(c, t, answer);
      }, this.onError);
    }
    this.setStatus(c, 'Charging');
    t.timer = setInterval(() => this.sample(c, t), this.options.meterIntervalS * 1000);
    t.timer.unref();
  }

  /** A start the server did not accept (idTagInfo / idTokenInfo not Accepted) is ended at once, DeAuthorized. */
  private afterStart(c: ConnectorSim, t: Transaction, answer: unknown): void {
    const a = answer as { idTagInfo?: { status: string }; idTokenInfo?: { status: string } };
    const status = (this.v201 ? a.idTokenInfo : a.idTagInfo)?.status ?? 'Accepted';
    if (status !== 'Accepted' && c.transaction === t) this.stopTransaction(c, 'DeAuthorized');
  }

  private sample(c: ConnectorSim, t: Transaction): void {
    this.sampled++;
    this.advance(c, t);
    const now = t.lastAt;
    // Held at 0 W by a profile: the charger suspends (SuspendedEVSE); a full car suspends itself (SuspendedEV).
    const held = this.capOf(c, t) <= 0 && t.battery.socPct < 100;
    if (t.battery.powerW === 0 && c.status === 'Charging') this.setStatus(c, held ? 'SuspendedEVSE' : 'SuspendedEV');
    else if (t.battery.powerW > 0 && c.status === 'SuspendedEVSE') this.setStatus(c, 'Charging');
    const timestamp = new Date(now).toISOString();
    const meterValue = this.meterValue(c, t, timestamp, 'Sample.Periodic');
    if (this.v201) {
      const seqNo = t.seqNo++;
      const chargingState = t.battery.powerW > 0 ? 'Charging' : held ? 'SuspendedEVSE' : 'SuspendedEV';
      this.send('TransactionEvent', () => ({
        eventType: 'Updated',
        timestamp,
        triggerReason: 'MeterValuePeriodic',
        seqNo,
        transactionInfo: { transactionId: t.id, chargingState },
        evse: { id: c.id, connectorId: 1 },
        meterValue: [meterValue],
      })).catch(this.onError);
    } else {
      // The transaction id is read when the message is sent: a queued StartTransaction is answered before.
      this.send('MeterValues', () => ({
        connectorId: c.id,
        ...(t.id ? { transactionId: Number(t.id) } : {}),
        meterValue: [meterValue],
      })).catch(this.onError);
    }
  }

  private stopTransaction(c: ConnectorSim, reason: 'Remote' | 'Local' | 'DeAuthorized'): void {
    const t = c.transaction;
    if (!t) return;
    if (t.timer) clearInterval(t.timer);
    this.advance(c, t);
    c.transaction = null;
    this.onPower(c.id, 0);
    const now = t.lastAt;
    const timestamp = new Date(now).toISOString();
    const meterStop = Math.round(c.registerWh);
    this.setStatus(c, 'Finishing');
    if (this.v201) {
      const payload = {
        eventType: 'Ended',
        timestamp,
        triggerReason: reason === 'Remote' ? 'RemoteStop' : reason === 'DeAuthorized' ? 'Deauthorized' : 'StopAuthorized',
        seqNo: t.seqNo++,
        transactionInfo: { transactionId: t.id, chargingState: 'Idle', stoppedReason: reason },
        evse: { id: c.id, connectorId: 1 },
        meterValue: [this.meterValue(c, t, timestamp, 'Transaction.End')],
      };
      this.send('TransactionEvent', () => payload).catch(this.onError);
    } else {
      this.send('StopTransaction', () => ({ transactionId: Number(t.id ?? 0), idTag: t.idTag, meterStop, timestamp, reason })).catch(
        this.onError,
      );
    }
    // The driver unplugs.
    setTimeout(() => {
      if (!c.transaction && !c.plugging && c.status === 'Finishing') this.setStatus(c, 'Available');
    }, 200).unref();
  }
}
