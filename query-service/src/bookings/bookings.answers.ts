import { Inject, Injectable } from '@nestjs/common';
import type { DocumentStore } from '@evc/platform';
import { customerOf, found, listAnswer, type Answers, type Caller, type QueryAnswers } from '../shared/answers';
import { DOCUMENTS } from '../shared/tokens';
import { BookingsQueries } from './bookings.queries';

/** The customer link (customerId) goes only to staff who may open the customer's profile. */
const mayReadCustomers = ({ principal }: Caller) => principal?.privileges.includes('customers.read') === true;
const noBooking = 'No such booking';

/** The customer's own bookings; the staff list (filters, CSV) and one booking. */
@Injectable()
export class BookingsAnswers implements QueryAnswers {
  readonly answers: Answers<'me.bookings' | 'me.booking' | 'bookings.admin-list' | 'bookings.admin-get'>;

  constructor(@Inject(DOCUMENTS) documents: DocumentStore) {
    const bookings = new BookingsQueries(documents);
    this.answers = {
      'me.bookings': (q, caller) => bookings.mine(customerOf(caller), q),
      'me.booking': async ({ bookingId }, caller) =>
        found(await bookings.mineOne(customerOf(caller), bookingId), 'booking.booking_not_found', noBooking),
      'bookings.admin-list': async (q, caller) => listAnswer('bookings', await bookings.adminList(q, mayReadCustomers(caller))),
      'bookings.admin-get': async ({ bookingId }, caller) =>
        found(await bookings.adminGet(bookingId, mayReadCustomers(caller)), 'booking.booking_not_found', noBooking),
    };
  }
}
