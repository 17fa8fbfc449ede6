export { BookingsAnswers } from './bookings.answers';
