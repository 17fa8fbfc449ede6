import type { EventType, NotificationKind, NotificationView } from '@evc/contracts';
import type { DocumentStore } from '@evc/platform';
import type { EventHandler, Projection, RecordedEventOf } from '../runner/projection';
import { BOOKINGS, type BookingDoc } from './bookings.projection';
import { fileNotification } from '../charging/index';

interface Derived {
  kind: NotificationKind;
  params: NotificationView['params'];
}

/**
 * A handler filing the notification a booking event means for the booking's customer, into the same `notifications`
 * collection and shape as notifications.projection.ts (`_id` = the event's id, so a rebuild gives the same ones). The
 * booking document is read after the bookings projection applied the same event (allProjections' order).
 */
function notify<K extends EventType & `Booking${string}`>(
  derive: (event: RecordedEventOf<K>, booking: BookingDoc) => Derived | null,
): EventHandler<K> {
  return async (event, { documents, changed }) => {
    const booking = await bookingOf(documents, (event.data as { bookingId: string }).bookingId);
    if (!booking) return;
    const n = derive(event, booking);
    if (!n) return;
    const at = (event.data as { at?: string }).at ?? (event.data as { confirmedAt?: string }).confirmedAt ?? event.metadata.occurredAt;
    await fileNotification({ documents, changed }, event, { customerId: booking.customerId, kind: n.kind, params: n.params, at });
  };
}

const bookingOf = (documents: DocumentStore, bookingId: string) => BOOKINGS.in(documents).findOne({ _id: bookingId });
/** What every booking notification names: the booking (its link), the station, the start. */
const about = (b: BookingDoc) => ({
  bookingId: b.bookingId,
  stationNameEn: b.stationNameEn,
  stationNameAr: b.stationNameAr,
  startsAt: b.startsAt,
});

/** Answers the charger gave that the customer should hear of (faulted / unavailable end the booking: booking_failed). */
const REFUSALS = new Set(['occupied', 'rejected', 'offline', 'timeout', 'error']);

/**
 * Booking notifications: confirmed, reminder before the slot, starting soon, moved by staff (the new
 * start), cancelled (with the fee, and staff's reason),
 * expired (with the fee), fulfilled, failed (the charger reported the connector faulted or unavailable), and the
 * charger's first refusal to hold the connector. Written by this projection of its own, not notifications.projection.ts.
 */
export const bookingNotificationsProjection: Projection = {
  name: 'booking-notifications',
  collections: [],
  async setup() {},
  on: {
    BookingConfirmed: notify<'BookingConfirmed'>((_e, b) => ({
      kind: 'booking_confirmed',
      params: { ...about(b), amount: b.maxFee, durationMinutes: b.durationMinutes },
    })),
    BookingReminded: notify<'BookingReminded'>(({ data }, b) => ({
      kind: data.kind === 'reminder' ? 'booking_reminder' : 'booking_starting_soon',
      params: { ...about(b), startsAt: data.startsAt },
    })),
    // Staff moved the slot: the customer hears the new start (the old one in the params for the record).
    BookingRescheduled: notify<'BookingRescheduled'>(({ data }, b) => ({
      kind: 'booking_rescheduled',
      params: { ...about(b), startsAt: data.startsAt, previousStartsAt: data.previousStartsAt, durationMinutes: data.durationMinutes },
    })),
    // Staff's reason travels with the notification: the customer reads why, not only that.
    BookingCancelled: notify<'BookingCancelled'>(({ data }, b) => ({
      kind: 'booking_cancelled',
      params: { ...about(b), amount: data.fee, by: data.by, reason: data.reason },
    })),
    BookingExpired: notify<'BookingExpired'>(({ data }, b) => ({ kind: 'booking_expired', params: { ...about(b), amount: data.fee } })),
    BookingFulfilled: notify<'BookingFulfilled'>(({ data }, b) => ({
      kind: 'booking_fulfilled',
      params: { ...about(b), amount: data.fee, sessionId: data.sessionId },
    })),
    BookingFailed: notify<'BookingFailed'>(({ data }, b) => ({ kind: 'booking_failed', params: { ...about(b), reason: data.status } })),
    // Only the first attempt's answer: retries every minute must not flood the customer.
    BookingReservationAnswered: notify<'BookingReservationAnswered'>(({ data }, b) =>
      REFUSALS.has(data.status) && b.reservationAttempts === 1 && b.status === 'active'
        ? { kind: 'booking_reservation_refused', params: { ...about(b), reason: data.status } }
        : null,
    ),
  },
};
