import {
  OPEN_BOOKING_STATUSES,
  cairoWallClock,
  type AdminBookingsQuery,
  type BookingAdminView,
  type BookingView,
  type MyBookingsQuery,
  type Paged,
} from '@evc/contracts';
import type { Doc, DocumentStore, Filter } from '@evc/platform';
import { BOOKINGS, type BookingDoc } from '@evc/projections';
import { runAdminList, type AdminList, type ListAnswer } from '../shared/admin-list';
import { bound } from '../charging/index';
import { exactly } from '../shared/exact-view';

const OPEN = [...OPEN_BOOKING_STATUSES];

/** The customer's view: the document without its bookkeeping (field order as stored). */
export function bookingView(d: BookingDoc): BookingView {
  const { _id, customerId, customerName, searchText, reservationCommandId, eventPosition, ...view } = d;
  return exactly<BookingView>()(view);
}

/** Staff see whose booking it is; the customer link only with customers.read. */
const adminView = (d: BookingDoc, showCustomerId: boolean): BookingAdminView => ({
  ...bookingView(d),
  customerName: d.customerName,
  customerId: showCustomerId ? d.customerId : null,
});

/** A Cairo wall-clock time for the CSV (a person reads it in a spreadsheet). */
const cairo = (iso: string | null) => (iso ? Object.values(cairoWallClock(iso)).join(' ') : '');

export function adminBookingsFilter(q: AdminBookingsQuery): Filter {
  const filter: Filter = {};
  if (q.status) filter.status = q.status;
  if (q.stationId) filter.stationId = q.stationId;
  if (q.customerId) filter.customerId = q.customerId;
  if (q.from || q.to) {
    const range: Doc = {};
    if (q.from) range.$gte = bound(q.from, false);
    if (q.to) range[/^\d{4}-\d{2}-\d{2}$/.test(q.to) ? '$lt' : '$lte'] = bound(q.to, true);
    filter.startsAt = range;
  }
  return filter;
}

/** Bookings for their customer (own only: another's answers like a missing one) and for staff. */
export class BookingsQueries {
  constructor(private readonly documents: DocumentStore) {}

  private get bookings() {
    return BOOKINGS.in(this.documents);
  }

  async mine(customerId: string, q: MyBookingsQuery): Promise<Paged<BookingView>> {
    const status = q.status === 'open' ? { $in: OPEN } : q.status === 'history' ? { $nin: OPEN } : undefined;
    const filter: Filter = { customerId, ...(status ? { status } : {}) };
    const [docs, totalCount] = await Promise.all([
      this.bookings.find(filter, { sort: { startsAt: -1, _id: 1 }, skip: (q.page - 1) * q.pageSize, limit: q.pageSize }).toArray(),
      this.bookings.countDocuments(filter),
    ]);
    return { dataList: docs.map(bookingView), totalCount };
  }

  async mineOne(customerId: string, bookingId: string): Promise<BookingView | null> {
    const doc = await this.bookings.findOne({ _id: bookingId, customerId });
    return doc ? bookingView(doc) : null;
  }

  adminList(q: AdminBookingsQuery, showCustomerId: boolean): Promise<ListAnswer<BookingAdminView>> {
    const list: AdminList<BookingDoc, BookingAdminView> = {
      collection: this.bookings,
      sortable: { startsAt: 'startsAt', confirmedAt: 'confirmedAt', fee: 'fee', durationMinutes: 'durationMinutes' },
      defaultSort: { startsAt: -1, _id: 1 },
      filter: adminBookingsFilter(q),
      toView: (d) => adminView(d, showCustomerId),
      columns: [
        { header: 'Booking', value: (r) => r.bookingId },
        { header: 'Customer', value: (r) => r.customerName },
        { header: 'Station', value: (r) => r.stationNameEn },
        { header: 'Station (Arabic)', value: (r) => r.stationNameAr },
        { header: 'Charger', value: (r) => r.chargerId },
        { header: 'Connector', value: (r) => r.connectorCode ?? r.connectorId },
        { header: 'Type', value: (r) => `${r.connectorType} ${r.current}` },
        { header: 'Start (Cairo)', value: (r) => cairo(r.startsAt) },
        { header: 'Minutes', value: (r) => r.durationMinutes },
        { header: 'Status', value: (r) => r.status },
        { header: 'Charger answer', value: (r) => r.reservationStatus },
        { header: 'Ended (Cairo)', value: (r) => cairo(r.endedAt) },
        { header: 'Fee (EGP)', value: (r) => (r.fee / 100).toFixed(2) },
      ],
    };
    return runAdminList(list, q);
  }

  async adminGet(bookingId: string, showCustomerId: boolean): Promise<BookingAdminView | null> {
    const doc = await this.bookings.findOne({ _id: bookingId });
    return doc ? adminView(doc, showCustomerId) : null;
  }
}
