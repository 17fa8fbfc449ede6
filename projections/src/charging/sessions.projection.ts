import { sessionCost, type IdTokenStatus, type MeterReadingView, type SessionDetailView, type SessionEvent } from '@evc/contracts';
import type { DocumentStore } from '@evc/platform';
import type { EventHandler, Projection, ProjectionContext, RecordedEventOf } from '../runner/projection';
import { actorView, fullName, ACCOUNTS, CUSTOMER_ACCOUNTS } from '../identity/index';
import { CARS } from './cars.projection';
import { readModel } from '../shared/read-model';
import { STATIONS } from '../network/index';
import { READ_MODELS } from '../shared/read-models';

/**
 * A session's readings as stored: one column per figure, a reading at the same index in each. A session an hour in
 * holds some 360 readings; kept as 360 objects, each with its timestamp string, thousands of sessions make millions of
 * objects for the launcher's garbage collector to mark again every few seconds. As columns they are
 * four arrays a session, and `at` and `wh` are plain numbers. A timestamp in the canonical spelling (ISO-8601 UTC with
 * milliseconds, which the gateway writes) is kept as its epoch milliseconds; any other spelling as its text, so the
 * view shows it as recorded. The API shows the readings as rows (`readingRows`).
 */
export type ReadingColumns = { at: (number | string)[]; wh: number[]; w: (number | null)[]; soc: (number | null)[] };

/** The `sessions` document: the detail view (its readings as columns) plus who it belongs to and the last event applied. */
export type SessionDoc = Omit<SessionDetailView, 'readings'> & {
  _id: string;
  readings: ReadingColumns;
  customerId: string;
  customerName: string | null;
  balanceAtStart: number;
  /** The cost the wallet could not cover at billing (SessionBilled's shortfall); absent when it paid all. */
  shortfall?: number;
  /** The status a refused card start was given (staff see it; its customer never does); null for every other session. */
  refusal: IdTokenStatus | null;
  /** Position of the last session-stream event applied: an event at or before it is a replay and is skipped. */
  eventPosition: number;
};
export const SESSIONS = readModel<SessionDoc>(READ_MODELS.sessions);

/** How a reading's timestamp is stored (ReadingColumns). */
function readingTime(timestamp: string): number | string {
  const ms = Date.parse(timestamp);
  return Number.isFinite(ms) && new Date(ms).toISOString() === timestamp ? ms : timestamp;
}

/** The stored readings as the view's rows, oldest first. */
export function readingRows(columns: ReadingColumns): MeterReadingView[] {
  return columns.at.map((at, i) => ({
    timestamp: typeof at === 'number' ? new Date(at).toISOString() : at,
    energyWh: columns.wh[i]!,
    powerW: columns.w[i] ?? null,
    socPercent: columns.soc[i] ?? null,
  }));
}

/** Rows as stored columns. */
export function readingColumns(rows: readonly MeterReadingView[]): ReadingColumns {
  return {
    at: rows.map((r) => readingTime(r.timestamp)),
    wh: rows.map((r) => r.energyWh),
    w: rows.map((r) => r.powerW),
    soc: rows.map((r) => r.socPercent),
  };
}

/** Readings sorted by timestamp, one per timestamp (a repeated reading replaces the same slot). */
export function withReading(readings: MeterReadingView[], reading: MeterReadingView): MeterReadingView[] {
  const last = readings.at(-1);
  if (!last || last.timestamp < reading.timestamp) return [...readings, reading];
  const rest = readings.filter((r) => r.timestamp !== reading.timestamp);
  return [...rest, reading].sort((a, b) => (a.timestamp < b.timestamp ? -1 : a.timestamp > b.timestamp ? 1 : 0));
}

async function requested({ data: d }: RecordedEventOf<'SessionRequested'>, documents: DocumentStore): Promise<SessionDoc> {
  const [station, account, car] = await Promise.all([
    STATIONS.in(documents).findOne({ _id: d.stationId }, { projection: { nameEn: 1, nameAr: 1 } }),
    ACCOUNTS.in(documents).findOne({ _id: d.customerId }, { projection: { firstName: 1, lastName: 1 } }),
    d.carId
      ? CARS.in(documents).findOne({ _id: d.carId }, { projection: { brandNameEn: 1, typeNameEn: 1, brandNameAr: 1, typeNameAr: 1 } })
      : null,
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
    stationNameEn: station?.nameEn ?? d.stationId,
    stationNameAr: station?.nameAr ?? d.stationId,
    connectorId: d.connectorId,
    connectorType: d.connectorType,
    current: d.prices.current,
    carId: d.carId,
    carLabel: car ? `${car.brandNameEn} ${car.typeNameEn}`.trim() : null,
    carLabelAr: car ? `${car.brandNameAr} ${car.typeNameAr}`.trim() : null,
    target: d.target,
    pricePerKwh: d.prices.pricePerKwh,
    minimumCharge: d.prices.minimumCharge,
    balanceAtStart: d.balanceAtStart,
    refusal: d.refusal ?? null,
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
    readings: readingColumns([]),
    timeline: [],
    eventPosition: 0,
  };
}

const OPEN = new Set(['requested', 'accepted', 'charging', 'stopping']);

const readingOf = (e: { data: MeterReadingView }): MeterReadingView => ({
  timestamp: e.data.timestamp,
  energyWh: e.data.energyWh,
  powerW: e.data.powerW,
  socPercent: e.data.socPercent,
});

/** What a running session shows from its readings: energy since the start (or since the first reading), power, cost. */
function runningFigures(
  doc: Pick<SessionDoc, 'meterStartWh'> & Parameters<typeof sessionCost>[1],
  latest: MeterReadingView,
  first: MeterReadingView,
) {
  const energyWh = Math.max(0, latest.energyWh - (doc.meterStartWh ?? first.energyWh));
  return {
    energyWh,
    powerW: latest.powerW,
    socPercent: latest.socPercent,
    lastReadingAt: latest.timestamp,
    cost: sessionCost(energyWh, doc),
  };
}

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
        cost: doc.status === 'stopped' ? doc.cost : sessionCost(doc.energyWh, doc),
      };
    case 'MeterReadingRecorded': {
      const rows = withReading(readingRows(doc.readings), readingOf(e));
      const readings = readingColumns(rows);
      if (doc.status === 'stopped') return { readings };
      return { readings, ...runningFigures(doc, rows.at(-1)!, rows[0]!) };
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
      // The cost stays the session's; what the wallet could not pay of it is kept apart for staff.
      return { billed: true, cost: e.data.amount + (e.data.shortfall ?? 0), ...(e.data.shortfall ? { shortfall: e.data.shortfall } : {}) };
    default:
      return {};
  }
}

/** The event's own reason (a failure or stop reason), else the author's. */
const timelineReason = (event: SessionRecordedEvent): string | null =>
  'reason' in event.data ? event.data.reason : (event.metadata.reason ?? null);

/** The customer's last charge (customer_accounts.lastChargeAt): the latest start of charging. */
async function noteLastCharge(documents: DocumentStore, customerId: string, startedAt: string) {
  const customers = CUSTOMER_ACCOUNTS.in(documents);
  const customer = await customers.findOne({ _id: customerId }, { projection: { lastChargeAt: 1 } });
  if (!customer || (customer.lastChargeAt !== undefined && customer.lastChargeAt >= startedAt)) return false;
  await customers.updateOne({ _id: customerId }, { $set: { lastChargeAt: startedAt } });
  return true;
}

type SessionRecordedEvent = RecordedEventOf<SessionEvent['type']>;

/**
 * A running session's next reading, the one every charger sends every few seconds: appended (`$push` onto each column) with the figures
 * it moves, without reading or rewriting the readings before it. A session an hour in holds some 360 readings, and
 * copying them out, rebuilding the list and copying it back in made each reading cost in proportion to the session's
 * age. Anything else (a reading out of order or repeated, one after the stop, one before the meter start is known)
 * takes the full path below. For a running session `lastReadingAt` is its newest reading's time (evolveSession).
 */
async function appendReading(event: RecordedEventOf<'MeterReadingRecorded'>, { documents, changed }: ProjectionContext): Promise<boolean> {
  const sessions = SESSIONS.in(documents);
  const doc = await sessions.findOne({ _id: event.data.sessionId }, { projection: { readings: 0, timeline: 0 } });
  if (!doc) return true; // no SessionRequested applied: nothing to show it on (as the full path)
  if (doc.eventPosition >= event.position) return true; // a replay after a crash
  const appendable =
    doc.status !== 'stopped' &&
    (doc.lastReadingAt === null || event.data.timestamp > doc.lastReadingAt) &&
    (doc.meterStartWh !== null || doc.lastReadingAt === null);
  if (!appendable) return false;
  const reading = readingOf(event);
  await sessions.updateOne(
    { _id: doc._id },
    {
      $push: {
        'readings.at': readingTime(reading.timestamp),
        'readings.wh': reading.energyWh,
        'readings.w': reading.powerW,
        'readings.soc': reading.socPercent,
      },
      $set: { ...runningFigures(doc, reading, reading), eventPosition: event.position },
    },
  );
  changed(READ_MODELS.sessions, doc._id, [doc.customerId]);
  return true;
}

const applySessionEvent: EventHandler<SessionEvent['type']> = async (event, { documents, changed }) => {
  const sessions = SESSIONS.in(documents);
  const existing = await sessions.findOne({ _id: event.data.sessionId });
  if (existing && existing.eventPosition >= event.position) return; // a replay after a crash
  const doc = existing ?? (event.type === 'SessionRequested' ? await requested(event, documents) : null);
  if (!doc) return;
  const patch = evolveSession(doc, event);
  const timeline =
    event.type === 'MeterReadingRecorded'
      ? doc.timeline
      : [
          ...doc.timeline,
          { type: event.type, at: event.data.at, actor: await actorView(documents, event.metadata.actor), reason: timelineReason(event) },
        ];
  if (existing) {
    // Only what this event changed is written (the readings and the rest of the document stay as stored).
    const set: Partial<SessionDoc> = { ...patch, eventPosition: event.position };
    if (timeline !== doc.timeline) set.timeline = timeline;
    await sessions.updateOne({ _id: doc._id }, { $set: set });
  } else {
    await sessions.replaceOne({ _id: doc._id }, { ...doc, ...patch, timeline, eventPosition: event.position }, { upsert: true });
  }
  changed(READ_MODELS.sessions, doc._id, [doc.customerId]);
  if (event.type === 'SessionCharging' && !doc.refusal && (await noteLastCharge(documents, doc.customerId, event.data.startedAt)))
    changed(READ_MODELS.customers, doc.customerId, [doc.customerId]);
};

/**
 * `sessions`: one document per session with its status, running then final energy and cost, the readings (sorted
 * by timestamp) and a timeline of its events with who and why; station names, the car label and the customer's
 * name are copied in (and follow renames). Also the customer's `lastChargeAt` in `customer_accounts`.
 */
export const sessionsProjection: Projection = {
  name: 'sessions',
  collections: [READ_MODELS.sessions],
  async setup(documents) {
    const sessions = documents.collection(READ_MODELS.sessions);
    await sessions.createIndex({ customerId: 1, requestedAt: -1 });
    await sessions.createIndex({ requestedAt: -1 });
    await sessions.createIndex({ stationId: 1 });
    await sessions.createIndex({ chargerId: 1 });
    await sessions.createIndex({ status: 1 });
  },
  on: {
    SessionRequested: applySessionEvent,
    SessionStartAccepted: applySessionEvent,
    SessionStartFailed: applySessionEvent,
    SessionCharging: applySessionEvent,
    async MeterReadingRecorded(event, context) {
      if (!(await appendReading(event, context))) await applySessionEvent(event, context);
    },
    SessionStopRequested: applySessionEvent,
    SessionStopped: applySessionEvent,
    SessionBilled: applySessionEvent,
    SessionTransactionAliased: applySessionEvent,
    async StationUpdated({ data: d }, { documents, changed }) {
      const result = await SESSIONS.in(documents).updateMany(
        { stationId: d.stationId },
        { $set: { stationNameEn: d.nameEn, stationNameAr: d.nameAr } },
      );
      if (result.modifiedCount > 0) changed(READ_MODELS.sessions, undefined, []);
    },
    async ProfileUpdated({ data: d }, { documents, changed }) {
      const result = await SESSIONS.in(documents).updateMany({ customerId: d.accountId }, { $set: { customerName: fullName(d) } });
      if (result.modifiedCount > 0) changed(READ_MODELS.sessions, undefined, [d.accountId]);
    },
  },
};
