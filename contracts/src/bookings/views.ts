import { z } from 'zod';
import { pagingQuerySchema } from '../shared/api';
import { adminListQuerySchema } from '../shared/list-query';
import { CONNECTOR_TYPES, CURRENT_TYPES } from '../network/index';
import { BOOKING_END_REASONS, BOOKING_STATUSES, RESERVATION_STATUSES } from './schemas';

/** A booking as its customer sees it (read model `bookings`); money in piastres, times ISO-8601 UTC. */
export const bookingViewSchema = z.object({
  bookingId: z.string(),
  status: z.enum(BOOKING_STATUSES),
  carId: z.string(),
  /** e.g. "MG MG4", and the same in Arabic. */
  carLabel: z.string().nullable(),
  carLabelAr: z.string().nullable(),
  stationId: z.string(),
  stationNameEn: z.string(),
  stationNameAr: z.string(),
  /** For the map and the directions link. */
  location: z.object({ lat: z.number(), lng: z.number() }).nullable(),
  chargerId: z.string(),
  connectorId: z.number().int(),
  /** The code printed on the connector (e.g. "A"), when the charger names one. */
  connectorCode: z.string().nullable(),
  connectorType: z.enum(CONNECTOR_TYPES),
  current: z.enum(CURRENT_TYPES),
  startsAt: z.string(),
  endsAt: z.string(),
  durationMinutes: z.number().int(),
  /** Start charging before this, or the booking expires (a no-show pays the whole duration). */
  noShowAt: z.string(),
  feePerMinute: z.number().int(),
  /** The whole duration at the fee: what a no-show pays, the most the booking can cost. */
  maxFee: z.number().int(),
  confirmedAt: z.string(),
  reservationId: z.number().int(),
  /** What the charger said about holding the connector; null before the slot began. */
  reservationStatus: z.enum(RESERVATION_STATUSES).nullable(),
  reservationDetail: z.string().nullable(),
  reservationAttempts: z.number().int(),
  /** Whether the charger ever accepted the reservation. */
  held: z.boolean(),
  endedAt: z.string().nullable(),
  endReason: z.enum(BOOKING_END_REASONS).nullable(),
  /** Staff's words when staff cancelled. */
  cancelReason: z.string().nullable(),
  /** Minutes charged and the fee (decided when the booking ended; 0 before). */
  minutes: z.number().int(),
  fee: z.number().int(),
  /** The wallet debit of the fee was recorded (false for a fee of 0). */
  charged: z.boolean(),
  sessionId: z.string().nullable(),
  /** The booking stream's revision: staff edits name it (a change in between is a 409). */
  revision: z.number().int(),
});
export type BookingView = z.infer<typeof bookingViewSchema>;

/** Staff see whose booking it is; the customer link (customerId) only with customers.read. */
export const bookingAdminViewSchema = bookingViewSchema.extend({ customerName: z.string().nullable(), customerId: z.string().nullable() });
export type BookingAdminView = z.infer<typeof bookingAdminViewSchema>;

/** The customer's lists: `open` (the current booking), `history` (ended ones), or all, newest start first. */
export const myBookingsQuerySchema = pagingQuerySchema.extend({ status: z.enum(['open', 'history', 'all']).default('all') });
export type MyBookingsQuery = z.infer<typeof myBookingsQuerySchema>;

export const BOOKING_SORTS = ['startsAt', 'confirmedAt', 'fee', 'durationMinutes'] as const;
/** The staff list: the admin list parameters (paging, sort, q, CSV) and its filters. */
export const adminBookingsQuerySchema = adminListQuerySchema.extend({
  status: z.enum(BOOKING_STATUSES).optional(),
  stationId: z.string().max(64).optional(),
  customerId: z.string().max(64).optional(),
  /** Slot start at or after / before (a date without a time is a Cairo calendar day, `to` inclusive). */
  from: z.iso.datetime().or(z.iso.date()).optional(),
  to: z.iso.datetime().or(z.iso.date()).optional(),
});
export type AdminBookingsQuery = z.infer<typeof adminBookingsQuerySchema>;
