import { z } from 'zod';
import { CONNECTOR_TYPES } from '../shared/constants';
import { idSchema, typedNumber } from '../shared/common';
import { normalizeDigits } from '../shared/digits';

/**
 * Bookings: a driver reserves a connector of a type at a station from a start time for a duration; the
 * charger holds it (OCPP ReserveNow) from the start. Money is integer piastres; times ISO-8601 UTC; the start is typed
 * as a Cairo date and HH:MM.
 */
export const BOOKING_RULES = {
  /** The durations the form offers (minutes); the API takes any multiple of 15 in the range. */
  durations: [15, 30, 45, 60, 90, 120, 180, 240],
  minDurationMinutes: 15,
  maxDurationMinutes: 240,
  /** How far ahead a slot may start (Cairo calendar days after today). */
  maxDaysAhead: 7,
  /** A no-show: the start plus this (at most the duration) passed without a session. */
  graceMinutes: 15,
  /** The reminder notification, this long before the start (only for bookings made earlier than that). */
  reminderBeforeMinutes: 60,
  /** The "starting soon" notification. */
  startingSoonBeforeMinutes: 10,
  /** A charger that did not take the reservation (offline, no answer, occupied) is asked again this often. */
  reserveRetryMs: 60_000,
  /** A claim (customer or connector) whose booking was never confirmed is free again after this (a crashed create). */
  claimTtlMs: 120_000,
} as const;

export const BOOKING_STATUSES = ['confirmed', 'active', 'fulfilled', 'cancelled', 'expired', 'failed'] as const;
export type BookingStatus = (typeof BOOKING_STATUSES)[number];
/** Not over yet: the booking holds its connector and counts as the customer's current booking. */
export const OPEN_BOOKING_STATUSES: readonly BookingStatus[] = ['confirmed', 'active'];
export const isOpenBooking = (status: BookingStatus): boolean => OPEN_BOOKING_STATUSES.includes(status);

/**
 * What the charger said about the reservation: `pending` (asked, no answer yet), the charger's ReserveNow answer
 * (1.6 and 2.0.1 share these: Accepted, Occupied, Faulted, Unavailable, Rejected), or the network's own outcomes
 * (`offline`: no gateway holds the charger's socket, `timeout`, `error`); `faulted` also when the charger later
 * reports the reserved connector Faulted.
 */
export const RESERVATION_STATUSES = [
  'pending',
  'accepted',
  'occupied',
  'faulted',
  'unavailable',
  'rejected',
  'offline',
  'timeout',
  'error',
] as const;
export type ReservationStatus = (typeof RESERVATION_STATUSES)[number];

/** Notifications a booking's customer gets (derived from the booking's events). */
export const BOOKING_NOTIFICATION_KINDS = [
  'booking_confirmed',
  'booking_reminder',
  'booking_starting_soon',
  'booking_rescheduled',
  'booking_cancelled',
  'booking_expired',
  'booking_fulfilled',
  'booking_failed',
  'booking_reservation_refused',
] as const;

/** Who ended a booking early, and why it ended. */
export const BOOKING_END_REASONS = ['customer', 'staff', 'no_show', 'session_started', 'charger_faulted', 'charger_unavailable'] as const;
export type BookingEndReason = (typeof BOOKING_END_REASONS)[number];

/** A custom issue with a stable code the form and the API share (toFieldErrors keeps `params.code`). */
const issue = (ctx: z.RefinementCtx, code: string) => ctx.addIssue({ code: 'custom', message: code, params: { code } });
const typed = (v: unknown) => (typeof v === 'string' ? normalizeDigits(v.trim()) : v);

/** A Cairo calendar day (YYYY-MM-DD); Eastern Arabic digits accepted. */
export const cairoDateSchema = z.preprocess(typed, z.unknown()).transform((v, ctx) => {
  if (typeof v !== 'string' || !/^\d{4}-\d{2}-\d{2}$/.test(v)) {
    issue(ctx, v === undefined || v === '' ? 'date_required' : 'invalid_date');
    return z.NEVER;
  }
  return v;
});

/** A time of day typed as HH:MM (24 h, also H:MM); Eastern Arabic digits accepted. */
export const timeOfDaySchema = z.preprocess(typed, z.unknown()).transform((v, ctx) => {
  if (v === undefined || v === '') {
    issue(ctx, 'time_required');
    return z.NEVER;
  }
  const m = typeof v === 'string' ? /^([01]?\d|2[0-3])[:٫.]([0-5]\d)$/.exec(v) : null;
  if (!m) {
    issue(ctx, 'invalid_time');
    return z.NEVER;
  }
  return `${m[1]!.padStart(2, '0')}:${m[2]}`;
});

/** Minutes, a multiple of 15 in the allowed range. */
const durationSchema = z.preprocess(typed, z.unknown()).transform((v, ctx) => {
  const n = typeof v === 'number' ? v : typeof v === 'string' && v !== '' ? Number(v) : NaN;
  if (!Number.isInteger(n) || n < BOOKING_RULES.minDurationMinutes || n > BOOKING_RULES.maxDurationMinutes || n % 15 !== 0) {
    issue(ctx, 'invalid_duration');
    return z.NEVER;
  }
  return n;
});

/** A required choice: missing or empty is `<what>_required`. */
const chosen = <T extends z.ZodType>(inner: T, code: string) =>
  z.preprocess((v, ctx) => {
    if (v === undefined || v === null || v === '') issue(ctx, code);
    return v;
  }, inner);

/**
 * `bookings.create` (customer). The client picks the booking id, so a retried request books once. The server picks
 * a free connector of the type at the station for the slot (or the one named), checks the start is not in the past
 * by its own clock, and that the balance covers the most the booking can cost (the whole duration at the fee).
 */
export const createBookingSchema = z.strictObject({
  bookingId: z.uuid(),
  carId: chosen(idSchema, 'car_required'),
  stationId: chosen(idSchema, 'station_required'),
  connectorType: chosen(z.enum(CONNECTOR_TYPES), 'connector_type_required'),
  /** The Cairo day of the start (today or a later day). */
  date: cairoDateSchema,
  /** HH:MM, Cairo time. */
  time: timeOfDaySchema,
  durationMinutes: durationSchema,
  /** A particular connector (staff tools, the station page); without it the first free one of the type is taken. */
  chargerId: z
    .string()
    .regex(/^[A-Za-z0-9_-]{3,48}$/)
    .optional(),
  connectorId: z.number().int().min(1).max(16).optional(),
});
export type CreateBooking = z.infer<typeof createBookingSchema>;

export const bookingRefSchema = z.strictObject({ bookingId: z.uuid() });
export type BookingRef = z.infer<typeof bookingRefSchema>;

const invalidAmount = { params: { code: 'invalid_amount' } };

/** An amount in EGP that may be 0 (staff's "no fee"): required, at most two decimals; Eastern Arabic digits accepted. */
export const egpAmountOrZeroSchema = z.preprocess(
  (v, ctx) => {
    if (v === undefined || (typeof v === 'string' && v.trim() === ''))
      ctx.addIssue({ code: 'custom', message: 'required', params: { code: 'amount_required' } });
    return v;
  },
  typedNumber(
    z
      .number({ error: () => ({ message: 'invalid', ...invalidAmount }) })
      .refine((n) => Number.isFinite(n) && n >= 0, invalidAmount)
      .refine((n) => Math.abs(Math.round(n * 100) - n * 100) < 1e-6, invalidAmount),
  ),
);

const reasonSchema = chosen(z.string(), 'required')
  .pipe(z.string().max(300))
  .refine((s) => s.trim().length > 0, { params: { code: 'required' } });

/** Staff cancel a booking with a reason and the fee they choose (0: none), at most the whole duration's fee. */
export const staffCancelBookingSchema = z.strictObject({
  bookingId: z.uuid(),
  reason: reasonSchema,
  /** EGP as typed (Eastern Arabic digits accepted); 0 = no fee. */
  feeEgp: egpAmountOrZeroSchema,
});
export type StaffCancelBooking = z.infer<typeof staffCancelBookingSchema>;

/** Staff move a booking's start or change its duration before the slot begins; the revision they saw guards it. */
export const rescheduleBookingSchema = z.strictObject({
  bookingId: z.uuid(),
  date: cairoDateSchema,
  time: timeOfDaySchema,
  durationMinutes: durationSchema,
  reason: reasonSchema,
  expectedRevision: z.number().int().min(0),
});
export type RescheduleBooking = z.infer<typeof rescheduleBookingSchema>;
