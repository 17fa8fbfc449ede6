import type {
  AdminSessionsQuery,
  CursorPaged,
  MySessionsQuery,
  SessionAdminDetailView,
  SessionAdminView,
  SessionDetailView,
  SessionView,
} from '@evc/contracts';
import type { Doc, DocumentStore, Filter } from '@evc/platform';
import { SESSIONS, cairoDayStart, readingRows, type SessionDoc } from '@evc/projections';
import { keysetPage, type Keyset } from '../shared/cursor';
import { exactly } from '../shared/exact-view';

const escapeRegex = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
const OPEN_STATUSES = ['requested', 'accepted', 'charging', 'stopping'];
/** The customer's sessions: newest first, the session id breaking ties. */
const MY_ORDER: Keyset = { key: 'requestedAt', dir: -1, tie: '_id', tieDir: 1 };
/** Staff's order: the chosen column, the session id breaking ties. */
const adminOrder = (q: AdminSessionsQuery): Keyset => ({
  key: q.sort,
  dir: q.dir === 'asc' ? 1 : -1,
  numericKey: q.sort !== 'requestedAt',
  tie: '_id',
  tieDir: 1,
});
const LIST_PROJECTION = { readings: 0, timeline: 0 } as const;

/** A refused card start is recorded for staff, never shown to the token's owner (null also matches documents older than the field). */
export const NOT_REFUSED: Filter = { refusal: null };

/** The customer's detail: the document without its internals (field order as stored), its readings as rows. */
export function sessionDetailView(d: SessionDoc): SessionDetailView {
  const { _id, customerId, customerName, balanceAtStart, shortfall, refusal, eventPosition, readings, timeline, ...view } = d;
  return exactly<SessionDetailView>()({ ...view, readings: readingRows(readings), timeline });
}

/** The list line: the detail without readings, timeline and meter registers (lists do not even read them). */
export function sessionView(d: SessionDoc): SessionView {
  const {
    _id,
    customerId,
    customerName,
    balanceAtStart,
    shortfall,
    refusal,
    eventPosition,
    transactionId,
    meterStartWh,
    meterStopWh,
    readings,
    timeline,
    ...view
  } = d;
  return exactly<SessionView>()(view);
}

/** A date-only bound is a Cairo calendar day: `from` its start, `to` the start of the next day (exclusive). */
export function bound(value: string, end: boolean): string {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(value)) return new Date(value).toISOString();
  if (!end) return cairoDayStart(value);
  const next = new Date(`${value}T12:00:00Z`);
  next.setUTCDate(next.getUTCDate() + 1);
  return cairoDayStart(next.toISOString().slice(0, 10));
}

export function adminSessionsFilter(q: AdminSessionsQuery): Filter {
  const filter: Filter = {};
  if (q.status) filter.status = q.status;
  if (q.stationId) filter.stationId = q.stationId;
  if (q.chargerId) filter.chargerId = q.chargerId;
  if (q.customerId) filter.customerId = q.customerId;
  if (q.from || q.to) {
    const range: Doc = {};
    if (q.from) range.$gte = bound(q.from, false);
    if (q.to) range[/^\d{4}-\d{2}-\d{2}$/.test(q.to) ? '$lt' : '$lte'] = bound(q.to, true);
    filter.requestedAt = range;
  }
  if (q.q) {
    const $regex = escapeRegex(q.q);
    filter.$or = ['sessionId', 'chargerId', 'stationNameEn', 'stationNameAr', 'customerName'].map((field) => ({
      [field]: { $regex, $options: 'i' },
    }));
  }
  return filter;
}

/** Sessions for their customer (own only) and for staff (sessions.read; the customer link with customers.read). */
export class SessionsQueries {
  constructor(private readonly documents: DocumentStore) {}

  private get sessions() {
    return SESSIONS.in(this.documents);
  }

  async mine(customerId: string, q: MySessionsQuery): Promise<CursorPaged<SessionView>> {
    const filter: Filter = { customerId, ...NOT_REFUSED, ...(q.status === 'active' ? { status: { $in: OPEN_STATUSES } } : {}) };
    const [{ docs, nextCursor }, totalCount] = await Promise.all([
      keysetPage(MY_ORDER, filter, q, (where, options) => this.sessions.find(where, { ...options, projection: LIST_PROJECTION }).toArray()),
      this.sessions.countDocuments(filter),
    ]);
    return { dataList: docs.map(sessionView), totalCount, nextCursor };
  }

  /** One of the customer's sessions; null for anyone else's (the caller answers 404, never 403). */
  async mineOne(customerId: string, sessionId: string): Promise<SessionDetailView | null> {
    const doc = await this.sessions.findOne({ _id: sessionId, customerId, ...NOT_REFUSED });
    return doc ? sessionDetailView(doc) : null;
  }

  async adminList(q: AdminSessionsQuery, showCustomerId: boolean): Promise<CursorPaged<SessionAdminView>> {
    const filter = adminSessionsFilter(q);
    const [{ docs, nextCursor }, totalCount] = await Promise.all([
      keysetPage(adminOrder(q), filter, q, (where, options) =>
        this.sessions.find(where, { ...options, projection: LIST_PROJECTION }).toArray(),
      ),
      this.sessions.countDocuments(filter),
    ]);
    return { dataList: docs.map((d) => ({ ...sessionView(d), ...owner(d, showCustomerId) })), totalCount, nextCursor };
  }

  async adminGet(sessionId: string, showCustomerId: boolean): Promise<SessionAdminDetailView | null> {
    const doc = await this.sessions.findOne({ _id: sessionId });
    return doc ? { ...sessionDetailView(doc), ...owner(doc, showCustomerId), shortfall: doc.shortfall ?? 0 } : null;
  }
}

/** Staff see whose session it is; the customer link only with customers.read. */
const owner = (d: SessionDoc, showCustomerId: boolean) => ({
  customerName: d.customerName,
  customerId: showCustomerId ? d.customerId : null,
  refusal: d.refusal ?? null,
});
