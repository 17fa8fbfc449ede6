import { Inject } from '@nestjs/common';
import { bookingStreams, type CommandResult, type RescheduleBooking } from '@evc/contracts';
import type { CommandContext } from '../shared/command-context';
import { decideAndAppend } from '../shared/decide-and-append';
import { DomainError } from '../shared/domain-error';
import { HandlesCommand, type OperationCommand, type OperationHandler } from '../shared/operation-command';
import { bookingDecider, endsAt, isOpen } from './booking.decider';
import { BOOKINGS, notFound, type Bookings } from './bookings';
import { slotStartOf } from './slot-start';

@HandlesCommand('bookings.reschedule')
export class RescheduleBookingHandler implements OperationHandler<'bookings.reschedule'> {
  constructor(@Inject(BOOKINGS) private readonly bookings: Bookings) {}

  execute({ payload, context }: OperationCommand<'bookings.reschedule'>) {
    return rescheduleBooking(this.bookings, payload, context);
  }
}

/** Staff move the slot on the same connector before it begins: the schedule first (refused when taken), then the booking. */
export async function rescheduleBooking(b: Bookings, p: RescheduleBooking, context: CommandContext): Promise<CommandResult> {
  const s = await b.streams.booking(p.bookingId);
  const t = s.terms;
  if (!t) throw notFound();
  const now = b.now();
  if (!isOpen(s)) throw new DomainError('booking.not_open', 'This booking has ended');
  if (s.phase !== 'confirmed' || now.getTime() >= Date.parse(t.startsAt))
    throw new DomainError('booking.already_started', 'The slot has begun: it can no longer be moved');
  const startsAt = slotStartOf(p.date, p.time, now);
  const durationMinutes = p.durationMinutes;
  const scheduleId = bookingStreams.connectorSchedule(t.chargerId, t.connectorId);
  const at = now.toISOString();
  const move = (to: { startsAt: string; durationMinutes: number }) =>
    b.streams.schedules.decide(
      scheduleId,
      {
        kind: 'move',
        chargerId: t.chargerId,
        connectorId: t.connectorId,
        bookingId: t.bookingId,
        startsAt: to.startsAt,
        endsAt: endsAt(to),
        at,
      },
      context,
    );
  await move({ startsAt, durationMinutes });
  try {
    const command = { kind: 'reschedule' as const, startsAt, durationMinutes, at };
    const { result } = await decideAndAppend(
      b.store,
      bookingStreams.booking(p.bookingId),
      bookingDecider,
      command,
      { ...context, reason: p.reason },
      { expectedRevision: p.expectedRevision, clock: b.clock },
    );
    return result;
  } catch (error) {
    await move(t); // the booking kept its slot: give the old interval back
    throw error;
  }
}
