/**
 * The bookings context: bookings, connector schedules and their fees. The charging context asks the BookingGuard who
 * holds a connector and tells a session's start through BookingSessionStartedCommand; a ReserveNow's outcome comes
 * back through RecordBookingCommandResultCommand.
 */
export { BOOKING_SCHEDULER, bookingsContext } from './bookings.context';
export { BOOKING_GUARD, type BookingGuard, type BookingHolder } from './booking-guard';
export { BookingSessionStartedCommand, RecordBookingCommandResultCommand } from './bookings.commands';
export { BookingScheduler } from './booking-scheduler';
