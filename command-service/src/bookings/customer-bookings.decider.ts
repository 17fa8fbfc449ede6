import type { CustomerBookingsEvent } from '@evc/contracts';
import type { Decider } from '../shared/decider';
import { DomainError } from '../shared/domain-error';

export type CustomerBookingsCommand =
  /** `stale`: the open booking was never confirmed and its claim is older than the claim lifetime (a crashed create). */
  | { kind: 'open'; customerId: string; bookingId: string; at: string; stale?: boolean }
  | { kind: 'close'; customerId: string; bookingId: string; at: string };

export interface CustomerBookingsState {
  open: { bookingId: string; at: string } | null;
}

/** `customer-bookings-<customerId>`: a customer holds at most one open booking (the "current booking"). */
export const customerBookingsDecider: Decider<CustomerBookingsCommand, CustomerBookingsEvent, CustomerBookingsState> = {
  initialState: { open: null },
  evolve(state, event) {
    if (event.type === 'CustomerBookingOpened') return { open: { bookingId: event.data.bookingId, at: event.data.at } };
    return state.open?.bookingId === event.data.bookingId ? { open: null } : state;
  },
  decide(command, state) {
    const { customerId, bookingId, at } = command;
    if (command.kind === 'close')
      return state.open?.bookingId === bookingId ? [{ type: 'CustomerBookingClosed', data: { customerId, bookingId, at } }] : [];
    const opened: CustomerBookingsEvent = { type: 'CustomerBookingOpened', data: { customerId, bookingId, at } };
    if (!state.open) return [opened];
    if (state.open.bookingId === bookingId) return [];
    if (!command.stale)
      throw new DomainError('booking.active_booking_exists', 'You already have a booking: cancel it or wait until it ends', [
        { path: 'bookingId', code: 'active_booking_exists' },
      ]);
    return [{ type: 'CustomerBookingClosed', data: { customerId, bookingId: state.open.bookingId, at } }, opened];
  },
};
