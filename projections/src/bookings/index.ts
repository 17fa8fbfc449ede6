// Bookings' read model and the notifications a booking's steps write.
export { BOOKINGS, bookingsProjection, evolveBooking, type BookingDoc } from './bookings.projection';
export { bookingNotificationsProjection } from './booking-notifications.projection';
