import { bookingStreams } from '@evc/contracts';
import { askOnConnect, dueSteps, noShowOf, type BookingState } from './booking.decider';
import { REPORT_MAX_AGE_MS, bookingSystem, reserveCommandId, type Bookings } from './bookings';
import { sendBookingCommand, settleBooking } from './settle-booking';

/**
 * The clock's process: runs the steps the clock owes the booking at `now` (reminders, the slot's start and
 * ReserveNow, no-show, settling). The scheduler calls it for the bookings with a step due; a create whose slot begins
 * now calls it at once.
 */
export async function advanceBooking(b: Bookings, bookingId: string, now: Date = b.now()): Promise<void> {
  const streamId = bookingStreams.booking(bookingId);
  let s = await b.streams.booking(bookingId);
  const at = now.toISOString();
  for (const step of dueSteps(s, now.getTime())) {
    const context = bookingSystem(step, bookingId);
    switch (step) {
      case 'reminder':
      case 'starting_soon':
        s = (await b.streams.bookings.decide(streamId, { kind: 'remind', reminder: step, at }, context)).state;
        break;
      case 'start-slot': {
        // The slot's start and the first ReserveNow in one append (the charger is asked as soon as it may be).
        const commandId = reserveCommandId(bookingId, 1);
        const decided = await b.streams.bookings.decide(streamId, { kind: 'start-slot', at, reserveCommandId: commandId }, context);
        s = decided.state;
        if (decided.events.some((e) => e.type === 'BookingReservationRequested')) await sendReserveNow(b, s, commandId, 1);
        break;
      }
      case 'request-reservation':
        s = await requestReservation(b, bookingId, s, at);
        break;
      case 'expire':
        s = (await b.streams.bookings.decide(streamId, { kind: 'expire', at }, context)).state;
        await settleBooking(b, bookingId);
        break;
      case 'settle':
        await settleBooking(b, bookingId);
        break;
    }
  }
}

/**
 * The booking's charger connected at `connectedAt`: if the slot is running and the charger has not held the
 * connector (it was offline when asked, or did not answer), it is asked at once rather than at the next minute's
 * retry. The scheduler's index names the bookings active on the charger.
 */
export async function reserveOnConnect(b: Bookings, bookingId: string, connectedAt: Date): Promise<void> {
  const now = b.now();
  if (now.getTime() - connectedAt.getTime() > REPORT_MAX_AGE_MS) return;
  const s = await b.streams.booking(bookingId);
  if (askOnConnect(s, now.getTime(), connectedAt.toISOString()))
    await requestReservation(b, bookingId, s, now.toISOString(), connectedAt.toISOString());
}

/** ReserveNow, once per attempt: only the call that recorded the attempt sends it. */
async function requestReservation(
  b: Bookings,
  bookingId: string,
  s: BookingState,
  at: string,
  connectedAt?: string,
): Promise<BookingState> {
  const attempt = s.reservation.attempts + 1;
  const commandId = reserveCommandId(bookingId, attempt);
  const command = { kind: 'request-reservation' as const, attempt, commandId, at, ...(connectedAt ? { connectedAt } : {}) };
  const decided = await b.streams.bookings.decide(
    bookingStreams.booking(bookingId),
    command,
    bookingSystem(connectedAt ? 'reserve (charger connected)' : 'reserve', bookingId),
  );
  if (decided.events.length > 0) await sendReserveNow(b, decided.state, commandId, attempt);
  return decided.state;
}

function sendReserveNow(b: Bookings, s: BookingState, commandId: string, attempt: number) {
  const t = s.terms!;
  const request = {
    commandId,
    chargerId: t.chargerId,
    action: 'ReserveNow' as const,
    connectorId: t.connectorId,
    idTag: t.idTag,
    reservationId: t.reservationId,
    expiryDate: noShowOf(t),
  };
  return sendBookingCommand(b, request, t.bookingId, `reserve (attempt ${attempt})`);
}
