import { bookingStreams, type ReservationStatus, type SendChargerCommand } from '@evc/contracts';
import { createLogger } from '@evc/platform/logging/logger';
import { DomainError } from '../shared/domain-error';
import { isEnded, needsReservationCancel } from './booking.decider';
import { bookingSystem, cancelReservationCommandId, type Bookings } from './bookings';

const log = createLogger('bookings');

/**
 * The process manager of a booking's end: one step writes several streams in order. After a booking ended: the fee
 * debited (`booking:<id>`, once), CancelReservation sent (once, when the charger was asked to hold it and no session
 * took it over), the customer's open booking and (unless a session fulfilled it) the connector's slot released. Safe
 * to repeat; the scheduler repeats it after a crash in between.
 */
export async function settleBooking(b: Bookings, bookingId: string): Promise<void> {
  let s = await b.streams.booking(bookingId);
  const t = s.terms;
  if (!t || !isEnded(s)) return;
  const streamId = bookingStreams.booking(bookingId);
  const context = bookingSystem('booking ended', bookingId);
  if (s.fee > 0 && !s.charged) {
    const transactionId = `booking:${bookingId}`;
    await b.ledger.record(
      t.customerId,
      // The slot was held for the customer: the fee is owed even if the wallet went below it since booking.
      {
        transactionId,
        direction: 'debit',
        amount: s.fee,
        kind: 'booking',
        reference: { type: 'booking', id: bookingId },
        reason: 'booking',
        allowNegative: true,
      },
      context,
    );
    s = (await b.streams.bookings.decide(streamId, { kind: 'charged', amount: s.fee, transactionId, at: b.now().toISOString() }, context))
      .state;
  }
  if (needsReservationCancel(s)) {
    const commandId = cancelReservationCommandId(bookingId);
    const decided = await b.streams.bookings.decide(
      streamId,
      { kind: 'request-cancel-reservation', commandId, at: b.now().toISOString() },
      context,
    );
    s = decided.state;
    if (decided.events.length > 0)
      await sendBookingCommand(
        b,
        { commandId, chargerId: t.chargerId, action: 'CancelReservation', reservationId: t.reservationId },
        bookingId,
        'cancel reservation',
      );
  }
  if (!s.released) {
    const at = b.now().toISOString();
    if (s.phase !== 'fulfilled') {
      await b.streams.schedules.decide(
        bookingStreams.connectorSchedule(t.chargerId, t.connectorId),
        { kind: 'release', chargerId: t.chargerId, connectorId: t.connectorId, bookingId, at },
        context,
      );
    }
    await b.streams.customers.decide(
      bookingStreams.customer(t.customerId),
      { kind: 'close', customerId: t.customerId, bookingId, at },
      context,
    );
    await b.streams.bookings.decide(streamId, { kind: 'release', at }, context);
  }
}

/**
 * Sends a booking's charger command (ReserveNow, CancelReservation). A command the chargers-live context refuses (a
 * deleted charger cannot hold anything) is answered `error` on the booking at once: the answer never comes, and a
 * no-show then costs nothing.
 */
export async function sendBookingCommand(b: Bookings, payload: SendChargerCommand, bookingId: string, reason: string) {
  try {
    await b.sendChargerCommand(payload, bookingSystem(reason, bookingId));
  } catch (error) {
    if (!(error instanceof DomainError)) throw error;
    log.warn('booking charger command refused', { bookingId, code: error.code });
    await answerReservation(b, bookingId, payload.commandId, 'error', error.code);
  }
}

/** The charger's answer to a booking's command, recorded on the booking; an answer that ends it settles it. */
export async function answerReservation(
  b: Bookings,
  bookingId: string,
  commandId: string,
  status: ReservationStatus,
  detail: string | null,
) {
  const context = bookingSystem(`reservation ${status}`, bookingId);
  const { state } = await b.streams.bookings.decide(
    bookingStreams.booking(bookingId),
    { kind: 'answer', commandId, status, detail, at: b.now().toISOString() },
    context,
  );
  if (isEnded(state)) await settleBooking(b, bookingId);
}
