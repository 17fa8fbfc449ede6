import type { CarView, NotificationView, NotificationsView, Paged, PaymentView, StationView } from '@evc/contracts';
import type { Doc, DocumentStore } from '@evc/platform';
import { CHARGING_RM, RM } from '@evc/projections';

interface Page {
  page: number;
  pageSize: number;
}
const escapeRegex = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
const strip = (d: Doc, ...fields: string[]) => Object.fromEntries(Object.entries(d).filter(([k]) => k !== '_id' && !fields.includes(k)));
const STATION_INTERNAL = { _id: 0, geoCell: 0, searchText: 0, position: 0, updatedAt: 0, revision: 0 } as const;

/** A customer's payments, notifications and cars (always filtered by the signed-in customer), and charger lookup. */
export class CustomerQueries {
  constructor(private readonly documents: DocumentStore) {}

  async payment(customerId: string, paymentId: string): Promise<PaymentView | null> {
    const doc = await this.documents.collection(CHARGING_RM.payments).findOne({ _id: paymentId, customerId });
    return doc ? (strip(doc, 'customerId', 'position') as unknown as PaymentView) : null;
  }

  async notifications(customerId: string, q: Page): Promise<NotificationsView> {
    const notifications = this.documents.collection(CHARGING_RM.notifications);
    const [docs, totalCount, unseenCount] = await Promise.all([
      notifications.find({ customerId }, { sort: { incomingDate: -1, position: -1 }, skip: (q.page - 1) * q.pageSize, limit: q.pageSize }).toArray(),
      notifications.countDocuments({ customerId }),
      notifications.countDocuments({ customerId, isSeen: false }),
    ]);
    return { dataList: docs.map((d) => strip(d, 'customerId', 'position') as unknown as NotificationView), totalCount, unseenCount };
  }

  async cars(customerId: string, q: Page): Promise<Paged<CarView>> {
    const cars = this.documents.collection(CHARGING_RM.cars);
    const [docs, totalCount] = await Promise.all([
      cars.find({ customerId }, { sort: { createdAt: -1, _id: 1 }, skip: (q.page - 1) * q.pageSize, limit: q.pageSize }).toArray(),
      cars.countDocuments({ customerId }),
    ]);
    return { dataList: docs.map((d) => strip(d, 'customerId', 'position') as unknown as CarView), totalCount };
  }

  /** The public station holding the charger with this serial (any case); null when none, deleted, or its station is gone. */
  async stationOfSerial(serialNumber: string): Promise<StationView | null> {
    const charger = await this.documents
      .collection(RM.chargers)
      .findOne({ serialNumber: { $regex: `^${escapeRegex(serialNumber)}$`, $options: 'i' }, modelState: { $ne: 3 } }, { projection: { stationId: 1 } });
    if (!charger) return null;
    return (await this.documents.collection(RM.stations).findOne({ _id: String(charger.stationId) }, { projection: STATION_INTERNAL })) as StationView | null;
  }
}
