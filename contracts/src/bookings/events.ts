import type { ConnectorType, CurrentType } from '../network/index';
import type { BookingEndReason, ReservationStatus } from './schemas';

/** Streams of the bookings context (docs/bookings.md). */
export const bookingStreams = {
  booking: (bookingId: string) => `booking-${bookingId}`,
  /** A connector's schedule: the slots bookings hold on it (no two overlap). */
  connectorSchedule: (chargerId: string, connectorId: number) => `connector-bookings-${chargerId}-${connectorId}`,
  /** A customer's open booking (one at a time). */
  customer: (customerId: string) => `customer-bookings-${customerId}`,
};

/** What a booking holds: the connector, the slot and the fee in force when it was confirmed. */
export interface BookingTerms {
  bookingId: string;
  customerId: string;
  carId: string;
  stationId: string;
  chargerId: string;
  connectorId: number;
  connectorType: ConnectorType;
  current: CurrentType;
  /** ISO-8601 UTC. */
  startsAt: string;
  durationMinutes: number;
  /** Piastres per minute (pricing's bookingFeePerMinute in force at confirmation). */
  feePerMinute: number;
  /** The token the charger holds the connector for (the customer's app token). */
  idTag: string;
  /** OCPP reservationId (1.6) / id (2.0.1), derived from the booking id. */
  reservationId: number;
}

/** Events of `booking-<bookingId>`. */
export type BookingConfirmed = { type: 'BookingConfirmed'; data: BookingTerms & { confirmedAt: string } };
/** Staff moved the start or changed the duration before the slot began. */
export type BookingRescheduled = {
  type: 'BookingRescheduled';
  data: {
    bookingId: string;
    startsAt: string;
    durationMinutes: number;
    previousStartsAt: string;
    previousDurationMinutes: number;
    at: string;
  };
};
/** A notification before the slot: the reminder, or "starting soon" (each once per start time). */
export type BookingReminded = {
  type: 'BookingReminded';
  data: { bookingId: string; kind: 'reminder' | 'starting_soon'; startsAt: string; at: string };
};
/** The slot began: the booking is active and the charger is asked to hold the connector. */
export type BookingSlotStarted = { type: 'BookingSlotStarted'; data: { bookingId: string; at: string } };
/** ReserveNow sent (again: a new command per attempt), expiring at the no-show time. */
export type BookingReservationRequested = {
  type: 'BookingReservationRequested';
  data: { bookingId: string; commandId: string; attempt: number; reservationId: number; expiresAt: string; at: string };
};
/** The charger's answer to a ReserveNow (or the network's: offline, timeout, error), once per command. */
export type BookingReservationAnswered = {
  type: 'BookingReservationAnswered';
  data: { bookingId: string; commandId: string; status: ReservationStatus; detail: string | null; at: string };
};
/** A session of the booking's customer started on the booked connector within the slot. */
export type BookingFulfilled = {
  type: 'BookingFulfilled';
  data: { bookingId: string; sessionId: string; minutes: number; fee: number; at: string };
};
export type BookingCancelled = {
  type: 'BookingCancelled';
  data: { bookingId: string; by: 'customer' | 'staff'; reason: string | null; minutes: number; fee: number; at: string };
};
/** A no-show: the start plus the grace period passed without a session. */
export type BookingExpired = {
  type: 'BookingExpired';
  data: { bookingId: string; minutes: number; fee: number; held: boolean; at: string };
};
/** The charger cannot hold the connector (it reported it faulted or unavailable): ended without a fee. */
export type BookingFailed = {
  type: 'BookingFailed';
  data: { bookingId: string; reason: BookingEndReason; status: ReservationStatus; at: string };
};
/** The fee was debited (wallet transaction `booking:<id>`). */
export type BookingFeeCharged = {
  type: 'BookingFeeCharged';
  data: { bookingId: string; customerId: string; amount: number; transactionId: string; at: string };
};
/** CancelReservation sent after the booking ended while the charger held (or may hold) the connector. */
export type BookingReservationCancelRequested = {
  type: 'BookingReservationCancelRequested';
  data: { bookingId: string; commandId: string; reservationId: number; at: string };
};
/** The connector's slot and the customer's open booking were given back (the booking no longer holds anything). */
export type BookingReleased = { type: 'BookingReleased'; data: { bookingId: string; at: string } };
export type BookingEvent =
  | BookingConfirmed
  | BookingRescheduled
  | BookingReminded
  | BookingSlotStarted
  | BookingReservationRequested
  | BookingReservationAnswered
  | BookingFulfilled
  | BookingCancelled
  | BookingExpired
  | BookingFailed
  | BookingFeeCharged
  | BookingReservationCancelRequested
  | BookingReleased;

/** Events of `connector-bookings-<chargerId>-<connectorId>`: the slots held, [startsAt, endsAt). */
export type ConnectorSlotClaimed = {
  type: 'ConnectorSlotClaimed';
  data: { chargerId: string; connectorId: number; bookingId: string; customerId: string; startsAt: string; endsAt: string; at: string };
};
export type ConnectorSlotReleased = {
  type: 'ConnectorSlotReleased';
  data: { chargerId: string; connectorId: number; bookingId: string; at: string };
};
export type ConnectorScheduleEvent = ConnectorSlotClaimed | ConnectorSlotReleased;

/** Events of `customer-bookings-<customerId>`: at most one open booking. */
export type CustomerBookingOpened = { type: 'CustomerBookingOpened'; data: { customerId: string; bookingId: string; at: string } };
export type CustomerBookingClosed = { type: 'CustomerBookingClosed'; data: { customerId: string; bookingId: string; at: string } };
export type CustomerBookingsEvent = CustomerBookingOpened | CustomerBookingClosed;

/** Every event of the bookings context. */
export type BookingsContextEvent = BookingEvent | ConnectorScheduleEvent | CustomerBookingsEvent;
