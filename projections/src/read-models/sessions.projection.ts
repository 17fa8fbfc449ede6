import type { MeterReadingView, SessionDetailView, SessionEvent, SessionRequested } from '@evc/contracts';
import type { Collection, Doc, DocumentStore, RecordedEvent } from '@evc/platform';
import type { Projection, ProjectionContext } from '../runner/projection';
import { actorView, fullName } from './actor-view';
import { CHARGING_RM } from './charging-collections';
import { RM } from './collections';

/** The `sessions` document: the detail view plus who it belongs to and the last session event applied. */
export type SessionDoc = Doc &
  SessionDetailView & {
    _id: string;
    customerId: string;
    customerName: string | null;
    balanceAtStart: number;
    /** Position of the last session-stream event applied: an event at or before it is a replay and is skipped. */
    eventPosition: number;
  };

const SESSION_EVENTS = [
  'SessionRequested',
  'SessionStartAccepted',
  'SessionStartFailed',
  'SessionCharging',
  'MeterReadingRecorded',
  'SessionStopRequested',
  'SessionStopped',
  'SessionBilled',
  'SessionTransactionAliased',
] as const;

/** What the customer would pay now: max(minimum, round(energy × price / 1000)), as the stop computes it. */
export const sessionCost = (energyWh: number, pricePerKwh: number, minimumCharge: number) => Math.max(minimumCharge, Math.round((energyWh * pricePerKwh) / 1000));

/** Readings sorted by timestamp, one per timestamp (a repeated reading replaces the same slot). */
export function withReading(readings: MeterReadingView[], reading: MeterReadingView): MeterReadingView[] {
  const last = readings.at(-1);
  if (!last || last.timestamp < reading.timestamp) return [...readings, reading];
  const rest = readings.filter((r) => r.timestamp !== reading.timestamp);
  return [...rest, reading].sort((a, b) => (a.timestamp < b.timestamp ? -1 : a.timestamp > b.timestamp ? 1 : 0));
}

async function requested(event: RecordedEvent, documents: DocumentStore): Promise<SessionDoc> {
  const d = (event.data as SessionRequested['data']);
  const [station, account, car] = await Promise.all([
    documents.collection(RM.stations).findOne({ _id: d.stationId }, { projection: { nameEn: 1, nameAr: 1 } }),
    documents.collection(RM.accounts).findOne({ _id: d.customerId }, { projection: { firstName: 1, lastName: 1 } }),
    d.carId ? documents.collection(CHARGING_RM.cars).findOne({ _id: d.carId }, { projection: { brandNameEn: 1, typeNameEn: 1, brandNameAr: 1, typeNameAr: 1 } }) : null,
  ]);
  return {
    _id: d.sessionId,
    sessionId: d.sessionId,
    customerId: d.customerId,
    customerName: account ? fullName(account) : null,
    origin: d.origin,
    status: 'requested',
    failure: null,
    stopReason: null,
    chargerId: d.chargerId,
    stationId: d.stationId,
    stationNameEn: String(station?.nameEn ?? d.stationId),
    stationNameAr: String(station?.nameAr ?? d.stationId),
    connectorId: d.connectorId,
    connectorType: d.connectorType,
    current: d.prices.current,
    carId: d.carId,
    carLabel: car ? `${String(car.brandNameEn)} ${String(car.typeNameEn)}`.trim() : null,
    carLabelAr: car ? `${String(car.brandNameAr)} ${String(car.typeNameAr)}`.trim() : null,
    target: d.target,
    pricePerKwh: d.prices.pricePerKwh,
    minimumCharge: d.prices.minimumCharge,
    balanceAtStart: d.balanceAtStart,
    requestedAt: d.at,
    startedAt: null,
    stoppedAt: null,
    energyWh: 0,
    powerW: null,
    socPercent: null,
    cost: 0,
    billed: false,
    lastReadingAt: null,
    transactionId: null,
    meterStartWh: null,
    meterStopWh: null,
    readings: [],
    timeline: [],
    eventPosition: 0,
  };
}

const OPEN = new Set(['requested', 'accepted', 'charging', 'stopping']);

/** The session after one of its events (pure: the caller supplies the timeline entry). */
export function evolveSession(doc: SessionDoc, e: SessionEvent): Partial<SessionDoc> {
  switch (e.type) {
    case 'SessionStartAccepted':
      return doc.status === 'requested' ? { status: 'accepted' } : {};
    case 'SessionStartFailed':
      return OPEN.has(doc.status) ? { status: 'failed', failure: e.data.reason } : {};
    case 'SessionCharging':
      return {
        ...(doc.status === 'requested' || doc.status === 'accepted' ? { status: 'charging' as const } : {}),
        startedAt: e.data.startedAt,
        transactionId: e.data.transactionId,
        meterStartWh: e.data.meterStartWh,
        cost: doc.status === 'stopped' ? doc.cost : sessionCost(doc.energyWh, doc.pricePerKwh, doc.minimumCharge),
      };
    case 'MeterReadingRecorded': {
      const reading = { timestamp: e.data.timestamp, energyWh: e.data.energyWh, powerW: e.data.powerW, socPercent: e.data.socPercent };
      const readings = withReading(doc.readings, reading);
      const latest = readings.at(-1)!;
      if (doc.status === 'stopped') return { readings };
      const energyWh = Math.max(0, latest.energyWh - (doc.meterStartWh ?? readings[0]!.energyWh));
      return {
        readings,
        energyWh,
        powerW: latest.powerW,
        socPercent: latest.socPercent,
        lastReadingAt: latest.timestamp,
        cost: sessionCost(energyWh, doc.pricePerKwh, doc.minimumCharge),
      };
    }
    case 'SessionStopRequested':
      return OPEN.has(doc.status) ? { status: 'stopping', stopReason: e.data.reason } : {};
    case 'SessionStopped':
      return {
        status: 'stopped',
        stopReason: e.data.reason,
        stoppedAt: e.data.stoppedAt,
        meterStopWh: e.data.meterStopWh,
        energyWh: e.data.energyWh,
        cost: e.data.cost,
        transactionId: doc.transactionId ?? e.data.transactionId,
      };
    case 'SessionBilled':
      return { billed: true, cost: e.data.amount };
    default:
      return {};
  }
}

function timelineReason(event: RecordedEvent): string | null {
  const data = event.data as { reason?: unknown; detail?: unknown };
  if (typeof data.reason === 'string') return data.reason;
  return event.metadata.reason ?? null;
}

/** The customer's last charge (customer_accounts.lastChargeAt): the latest start of charging. */
async function noteLastCharge(documents: DocumentStore, customerId: string, startedAt: string) {
  const customers = documents.collection(RM.customers);
  const customer = await customers.findOne({ _id: customerId }, { projection: { lastChargeAt: 1 } });
  if (!customer || (typeof customer.lastChargeAt === 'string' && customer.lastChargeAt >= startedAt)) return false;
  await customers.updateOne({ _id: customerId }, { $set: { lastChargeAt: startedAt } });
  return true;
}

async function applySessionEvent(event: RecordedEvent, documents: DocumentStore, sessions: Collection<SessionDoc>, changed: ProjectionContext['changed']) {
  const e = { type: event.type, data: event.data } as SessionEvent;
  const existing = await sessions.findOne({ _id: e.data.sessionId });
  if (existing && existing.eventPosition >= event.position) return; // a replay after a crash
  const doc = existing ?? (e.type === 'SessionRequested' ? await requested(event, documents) : null);
  if (!doc) return;
  const patch = evolveSession(doc, e);
  const timeline =
    e.type === 'MeterReadingRecorded'
      ? doc.timeline
      : [...doc.timeline, { type: e.type, at: (e.data as { at: string }).at, actor: await actorView(documents, event.metadata.actor), reason: timelineReason(event) }];
  if (existing) {
    // Only what this event changed is written (the readings and the rest of the document stay as stored).
    const set: Partial<SessionDoc> = { ...patch, eventPosition: event.position };
    if (timeline !== doc.timeline) set.timeline = timeline;
    await sessions.updateOne({ _id: doc._id }, { $set: set });
  } else {
    await sessions.replaceOne({ _id: doc._id }, { ...doc, ...patch, timeline, eventPosition: event.position }, { upsert: true });
  }
  changed(CHARGING_RM.sessions, doc._id, [doc.customerId]);
  if (e.type === 'SessionCharging' && (await noteLastCharge(documents, doc.customerId, e.data.startedAt))) changed(RM.customers, doc.customerId, [doc.customerId]);
}

/**
 * `sessions`: one document per session with its status, running then final energy and cost, the readings (sorted
 * by timestamp) and a timeline of its events with who and why; station names, the car label and the customer's
 * name are copied in (and follow renames). Also the customer's `lastChargeAt` in `customer_accounts`.
 */
export const sessionsProjection: Projection = {
  name: 'sessions',
  collections: [CHARGING_RM.sessions],
  handles: [...SESSION_EVENTS, 'StationUpdated', 'ProfileUpdated'],
  async setup(documents) {
    const sessions = documents.collection(CHARGING_RM.sessions);
    await sessions.createIndex({ customerId: 1, requestedAt: -1 });
    await sessions.createIndex({ requestedAt: -1 });
    await sessions.createIndex({ stationId: 1 });
    await sessions.createIndex({ chargerId: 1 });
    await sessions.createIndex({ status: 1 });
  },
  async apply(event, { documents, changed }) {
    const sessions = documents.collection<SessionDoc>(CHARGING_RM.sessions);
    if (event.type === 'StationUpdated') {
      const d = event.data as { stationId: string; nameEn: string; nameAr: string };
      const result = await sessions.updateMany({ stationId: d.stationId }, { $set: { stationNameEn: d.nameEn, stationNameAr: d.nameAr } });
      if (result.modifiedCount > 0) changed(CHARGING_RM.sessions, undefined, []);
      return;
    }
    if (event.type === 'ProfileUpdated') {
      const d = event.data as { accountId: string; firstName?: string; lastName?: string };
      const result = await sessions.updateMany({ customerId: d.accountId }, { $set: { customerName: fullName(d) } });
      if (result.modifiedCount > 0) changed(CHARGING_RM.sessions, undefined, [d.accountId]);
      return;
    }
    await applySessionEvent(event, documents, sessions, changed);
  },
};
