import { BOOKING_RULES, maxBookingFee, noShowAt, slotEndsAt, type BookingEvent, type BookingView } from '@evc/contracts';
import type { DocumentStore } from '@evc/platform';
import type { EventHandler, Projection, RecordedEventOf } from '../runner/projection';
import { fullName, ACCOUNTS } from '../identity/index';
import { CARS } from '../charging/index';
import { readModel } from '../shared/read-model';
import { CHARGERS, STATIONS } from '../network/index';
import { READ_MODELS } from '../shared/read-models';

/** The read model of bookings. */

/** The `bookings` document: the view plus whose it is, what staff search, and the last booking event applied. */
export type BookingDoc = BookingView & {
  _id: string;
  customerId: string;
  customerName: string | null;
  /** Lower-cased: booking id, charger, station names (both languages), customer name. */
  searchText: string;
  /** The latest ReserveNow command: an answer to an older one does not replace its status. */
  reservationCommandId: string | null;
  /** Position of the last booking-stream event applied: one at or before it is a replay and is skipped. */
  eventPosition: number;
};
export const BOOKINGS = readModel<BookingDoc>(READ_MODELS.bookings);

const searchTextOf = (d: Pick<BookingDoc, 'bookingId' | 'chargerId' | 'stationNameEn' | 'stationNameAr' | 'customerName'>) =>
  [d.bookingId, d.chargerId, d.stationNameEn, d.stationNameAr, d.customerName ?? ''].join(' ').toLowerCase();

async function confirmed(
  { data: d, revision, position }: RecordedEventOf<'BookingConfirmed'>,
  documents: DocumentStore,
): Promise<BookingDoc> {
  const [station, charger, account, car] = await Promise.all([
    STATIONS.in(documents).findOne({ _id: d.stationId }, { projection: { nameEn: 1, nameAr: 1, location: 1 } }),
    CHARGERS.in(documents).findOne({ _id: d.chargerId }, { projection: { connectors: 1 } }),
    ACCOUNTS.in(documents).findOne({ _id: d.customerId }, { projection: { firstName: 1, lastName: 1 } }),
    CARS.in(documents).findOne({ _id: d.carId }, { projection: { brandNameEn: 1, typeNameEn: 1, brandNameAr: 1, typeNameAr: 1 } }),
  ]);
  const doc: Omit<BookingDoc, 'searchText'> = {
    _id: d.bookingId,
    bookingId: d.bookingId,
    status: 'confirmed',
    customerId: d.customerId,
    customerName: account ? fullName(account) : null,
    carId: d.carId,
    carLabel: car ? `${car.brandNameEn} ${car.typeNameEn}`.trim() : null,
    carLabelAr: car ? `${car.brandNameAr} ${car.typeNameAr}`.trim() : null,
    stationId: d.stationId,
    stationNameEn: station?.nameEn ?? d.stationId,
    stationNameAr: station?.nameAr ?? d.stationId,
    location: station?.location ?? null,
    chargerId: d.chargerId,
    connectorId: d.connectorId,
    connectorCode: charger?.connectors.find((c) => c.connectorId === d.connectorId)?.code ?? null,
    connectorType: d.connectorType,
    current: d.current,
    ...slot(d.startsAt, d.durationMinutes, d.feePerMinute),
    feePerMinute: d.feePerMinute,
    confirmedAt: d.confirmedAt,
    reservationId: d.reservationId,
    reservationStatus: null,
    reservationDetail: null,
    reservationAttempts: 0,
    reservationCommandId: null,
    held: false,
    endedAt: null,
    endReason: null,
    cancelReason: null,
    minutes: 0,
    fee: 0,
    charged: false,
    sessionId: null,
    revision,
    eventPosition: position,
  };
  return { ...doc, searchText: searchTextOf(doc) };
}

function slot(startsAt: string, durationMinutes: number, feePerMinute: number) {
  return {
    startsAt,
    durationMinutes,
    endsAt: slotEndsAt(startsAt, durationMinutes),
    noShowAt: noShowAt(startsAt, durationMinutes, BOOKING_RULES.graceMinutes),
    maxFee: maxBookingFee(durationMinutes, feePerMinute),
  };
}

/** The booking after one of its events (pure). */
export function evolveBooking(doc: BookingDoc, e: BookingEvent): Partial<BookingDoc> {
  switch (e.type) {
    case 'BookingRescheduled':
      return slot(e.data.startsAt, e.data.durationMinutes, doc.feePerMinute);
    case 'BookingSlotStarted':
      return doc.status === 'confirmed' ? { status: 'active' } : {};
    case 'BookingReservationRequested':
      return {
        reservationStatus: 'pending',
        reservationDetail: null,
        reservationAttempts: e.data.attempt,
        reservationCommandId: e.data.commandId,
      };
    case 'BookingReservationAnswered': {
      const held = doc.held || e.data.status === 'accepted';
      if (e.data.commandId !== doc.reservationCommandId) return { held };
      return { reservationStatus: e.data.status, reservationDetail: e.data.detail, held };
    }
    case 'BookingFulfilled':
      return {
        status: 'fulfilled',
        endedAt: e.data.at,
        endReason: 'session_started',
        minutes: e.data.minutes,
        fee: e.data.fee,
        sessionId: e.data.sessionId,
      };
    case 'BookingCancelled':
      return {
        status: 'cancelled',
        endedAt: e.data.at,
        endReason: e.data.by,
        cancelReason: e.data.reason,
        minutes: e.data.minutes,
        fee: e.data.fee,
      };
    case 'BookingExpired':
      return { status: 'expired', endedAt: e.data.at, endReason: 'no_show', minutes: e.data.minutes, fee: e.data.fee };
    case 'BookingFailed':
      return { status: 'failed', endedAt: e.data.at, endReason: e.data.reason, reservationStatus: e.data.status };
    case 'BookingFeeCharged':
      return { charged: true };
    default:
      return {};
  }
}

const applyBookingEvent: EventHandler<BookingEvent['type']> = async (event, { documents, changed }) => {
  const bookings = BOOKINGS.in(documents);
  const existing = await bookings.findOne({ _id: event.data.bookingId });
  if (existing && existing.eventPosition >= event.position) return; // a replay after a crash
  if (!existing) {
    if (event.type !== 'BookingConfirmed') return;
    const doc = await confirmed(event, documents);
    await bookings.replaceOne({ _id: doc._id }, doc, { upsert: true });
    changed(READ_MODELS.bookings, doc._id, [doc.customerId]);
    return;
  }
  await bookings.updateOne(
    { _id: existing._id },
    { $set: { ...evolveBooking(existing, event), revision: event.revision, eventPosition: event.position } },
  );
  changed(READ_MODELS.bookings, existing._id, [existing.customerId]);
};

/**
 * `bookings`: one document per booking with its slot, the charger's answer to the reservation, how it ended and what
 * it cost; station names, the car label and the customer's name are copied in (and follow renames). Staff read the
 * history (author, time, reason) from the booking's stream in the audit panel.
 */
export const bookingsProjection: Projection = {
  name: 'bookings',
  collections: [READ_MODELS.bookings],
  async setup(documents) {
    const bookings = documents.collection(READ_MODELS.bookings);
    await bookings.createIndex({ customerId: 1, startsAt: -1 });
    await bookings.createIndex({ startsAt: -1 });
    await bookings.createIndex({ status: 1 });
    await bookings.createIndex({ stationId: 1 });
  },
  on: {
    BookingConfirmed: applyBookingEvent,
    BookingRescheduled: applyBookingEvent,
    BookingReminded: applyBookingEvent,
    BookingSlotStarted: applyBookingEvent,
    BookingReservationRequested: applyBookingEvent,
    BookingReservationAnswered: applyBookingEvent,
    BookingFulfilled: applyBookingEvent,
    BookingCancelled: applyBookingEvent,
    BookingExpired: applyBookingEvent,
    BookingFailed: applyBookingEvent,
    BookingFeeCharged: applyBookingEvent,
    BookingReservationCancelRequested: applyBookingEvent,
    BookingReleased: applyBookingEvent,
    async StationUpdated({ data: d }, { documents, changed }) {
      const bookings = BOOKINGS.in(documents);
      const docs = await bookings
        .find({ stationId: d.stationId }, { projection: { bookingId: 1, chargerId: 1, customerName: 1 } })
        .toArray();
      for (const b of docs) {
        await bookings.updateOne(
          { _id: b._id },
          {
            $set: {
              stationNameEn: d.nameEn,
              stationNameAr: d.nameAr,
              location: d.location,
              searchText: searchTextOf({ ...b, stationNameEn: d.nameEn, stationNameAr: d.nameAr }),
            },
          },
        );
      }
      if (docs.length > 0) changed(READ_MODELS.bookings, undefined, []);
    },
    async ProfileUpdated({ data: d }, { documents, changed }) {
      const bookings = BOOKINGS.in(documents);
      const customerName = fullName(d);
      const docs = await bookings
        .find({ customerId: d.accountId }, { projection: { bookingId: 1, chargerId: 1, stationNameEn: 1, stationNameAr: 1 } })
        .toArray();
      for (const b of docs)
        await bookings.updateOne({ _id: b._id }, { $set: { customerName, searchText: searchTextOf({ ...b, customerName }) } });
      if (docs.length > 0) changed(READ_MODELS.bookings, undefined, [d.accountId]);
    },
  },
};
