import type { CarView, NotificationView, NotificationsQuery, NotificationsView, Paged, PaymentView, StationView } from '@evc/contracts';
import type { DocumentStore } from '@evc/platform';
import { CARS, CHARGERS, NOTIFICATIONS, PAYMENTS, STATIONS, type CarDoc, type NotificationDoc, type PaymentDoc } from '@evc/projections';
import { keysetPage, type Keyset } from '../shared/cursor';
import { exactly } from '../shared/exact-view';
import { STATION_HIDDEN, stationView } from '../network/index';

interface Page {
  page: number;
  pageSize: number;
}
/** Newest first; the log position breaks ties of the same instant. */
const NOTIFICATION_ORDER: Keyset = { key: 'incomingDate', dir: -1, tie: 'position', tieDir: -1, numericTie: true };
const escapeRegex = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

// The customer's own documents, without the owner and the read model's bookkeeping (field order as stored).
export function paymentView(d: PaymentDoc): PaymentView {
  const { _id, customerId, position, ...view } = d;
  return exactly<PaymentView>()(view);
}

export function notificationView(d: NotificationDoc): NotificationView {
  const { _id, customerId, position, ...view } = d;
  return exactly<NotificationView>()(view);
}

export function carView(d: CarDoc): CarView {
  const { _id, customerId, position, ...view } = d;
  return exactly<CarView>()(view);
}

/** A customer's payments, notifications and cars (always filtered by the signed-in customer), and charger lookup. */
export class CustomerQueries {
  constructor(private readonly documents: DocumentStore) {}

  async payment(customerId: string, paymentId: string): Promise<PaymentView | null> {
    const doc = await PAYMENTS.in(this.documents).findOne({ _id: paymentId, customerId });
    return doc ? paymentView(doc) : null;
  }

  async notifications(customerId: string, q: NotificationsQuery): Promise<NotificationsView> {
    const notifications = NOTIFICATIONS.in(this.documents);
    const [{ docs, nextCursor }, totalCount, unseenCount] = await Promise.all([
      keysetPage(NOTIFICATION_ORDER, { customerId }, q, (where, options) => notifications.find(where, options).toArray()),
      notifications.countDocuments({ customerId }),
      notifications.countDocuments({ customerId, isSeen: false }),
    ]);
    return { dataList: docs.map(notificationView), totalCount, unseenCount, nextCursor };
  }

  async cars(customerId: string, q: Page): Promise<Paged<CarView>> {
    const cars = CARS.in(this.documents);
    const [docs, totalCount] = await Promise.all([
      cars.find({ customerId }, { sort: { createdAt: -1, _id: 1 }, skip: (q.page - 1) * q.pageSize, limit: q.pageSize }).toArray(),
      cars.countDocuments({ customerId }),
    ]);
    return { dataList: docs.map(carView), totalCount };
  }

  /** The public station holding the charger with this serial (any case); null when none, deleted, or its station is gone. */
  /** The station of the charger whose serial number or charger id (both printed on chargers) is `code`, in any case. */
  async stationOfCharger(code: string): Promise<StationView | null> {
    const exact = { $regex: `^${escapeRegex(code.trim())}$`, $options: 'i' };
    const charger = await CHARGERS.in(this.documents).findOne(
      { $or: [{ serialNumber: exact }, { chargerId: exact }], modelState: { $ne: 3 } },
      { projection: { stationId: 1 } },
    );
    if (!charger) return null;
    const station = await STATIONS.in(this.documents).findOne({ _id: charger.stationId }, { projection: STATION_HIDDEN });
    return station ? stationView(station) : null;
  }
}
