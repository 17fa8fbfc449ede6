import { z } from 'zod';
import { commandResultSchema, pagedSchema } from '../shared/api';
import { CUSTOMER, command, group, positionParamSchema, privilege, query } from '../shared/operation';
import { bookingRefSchema, createBookingSchema, rescheduleBookingSchema, staffCancelBookingSchema } from './schemas';
import { adminBookingsQuerySchema, bookingAdminViewSchema, bookingViewSchema, myBookingsQuerySchema } from './views';

const bookingIdParams = z.object({ bookingId: z.uuid() });
/** A cancel answers what it cost: the minutes counted and the fee debited (piastres). */
const cancelResultSchema = commandResultSchema.extend({ minutes: z.number().int(), fee: z.number().int() });

/**
 * Bookings. Customers book and cancel their own (another customer's booking answers 404 like a missing
 * one); staff read them with sessions.read (the same audience as the sessions list) and change them with
 * bookings.write.
 */
export const bookingOperations = group(
  command('bookings.create', {
    summary: 'Book a connector of a type at a station from a start time (Cairo date and HH:MM) for a duration. Idempotent on bookingId.',
    access: CUSTOMER,
    input: createBookingSchema,
  }),
  command('bookings.cancel', {
    summary:
      'Cancel your booking: the minutes since confirmation (each started minute, at most the duration) are debited at the booking fee.',
    access: CUSTOMER,
    input: bookingRefSchema,
    output: cancelResultSchema,
  }),
  command('bookings.staff-cancel', {
    summary: "Cancel a customer's booking with a reason and the fee chosen (0: none; at most the whole duration's fee).",
    access: privilege('bookings.write'),
    input: staffCancelBookingSchema,
    output: cancelResultSchema,
  }),
  command('bookings.reschedule', {
    summary: 'Move the start or change the duration of a booking before its slot begins (same connector; the revision seen guards it).',
    access: privilege('bookings.write'),
    input: rescheduleBookingSchema,
  }),
  query('me.bookings', '/api/queries/me/bookings', {
    summary: 'Your bookings: open (the current one), history, or all; newest start first.',
    access: CUSTOMER,
    input: myBookingsQuerySchema,
    output: pagedSchema(bookingViewSchema),
  }),
  query('me.booking', '/api/queries/me/bookings/:bookingId', {
    summary: "One of your bookings (404 for anyone else's).",
    access: CUSTOMER,
    params: bookingIdParams,
    input: positionParamSchema,
    output: bookingViewSchema,
  }),
  query('bookings.admin-list', '/api/queries/admin/bookings', {
    summary:
      'Bookings with filters (status, station, customer, slot date, text) and CSV; the customer link only for staff with customers.read.',
    access: privilege('sessions.read'),
    input: adminBookingsQuerySchema,
    output: pagedSchema(bookingAdminViewSchema),
  }),
  query('bookings.admin-get', '/api/queries/admin/bookings/:bookingId', {
    summary: 'One booking.',
    access: privilege('sessions.read'),
    params: bookingIdParams,
    input: positionParamSchema,
    output: bookingAdminViewSchema,
  }),
);
