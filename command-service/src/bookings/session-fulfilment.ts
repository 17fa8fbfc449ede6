import { Inject } from '@nestjs/common';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { bookingStreams, type CommandResult } from '@evc/contracts';
import { newContext } from '../shared/command-context';
import { BookingSessionStartedCommand } from './bookings.commands';
import { BOOKINGS, type Bookings } from './bookings';
import { settleBooking } from './settle-booking';

/** The charging context tells that a session began charging: it may fulfil a booking of its customer on that connector. */
@CommandHandler(BookingSessionStartedCommand)
export class BookingSessionStartedHandler implements ICommandHandler<BookingSessionStartedCommand, CommandResult> {
  constructor(@Inject(BOOKINGS) private readonly bookings: Bookings) {}

  async execute({ payload }: BookingSessionStartedCommand): Promise<CommandResult> {
    await fulfilBooking(this.bookings, payload);
    return { streamId: bookingStreams.customer(payload.customerId), revision: -1, position: 0 };
  }
}

/** A session of the booking's customer began charging on the booked connector: the booking is fulfilled. */
export async function fulfilBooking(
  b: Bookings,
  e: { sessionId: string; customerId: string; chargerId: string; connectorId: number },
): Promise<void> {
  const at = b.now();
  const holder = await b.holderAt(e.chargerId, e.connectorId, at);
  if (!holder || holder.customerId !== e.customerId) return;
  const context = { ...newContext({ type: 'system', id: 'bookings' }, 'session started'), causationId: `session:${e.sessionId}` };
  const { events } = await b.streams.bookings.decide(
    bookingStreams.booking(holder.bookingId),
    { kind: 'fulfil', sessionId: e.sessionId, at: at.toISOString() },
    context,
  );
  if (events.length > 0) await settleBooking(b, holder.bookingId);
}
