import { Inject } from '@nestjs/common';
import { PIASTRES_PER_EGP, bookingStreams } from '@evc/contracts';
import { ACCOUNT_GATE, type AccountGate } from '../identity/index';
import type { CommandContext } from '../shared/command-context';
import { HandlesCommand, type OperationCommand, type OperationHandler } from '../shared/operation-command';
import { BOOKINGS, asCustomer, notFound, type Bookings } from './bookings';
import { settleBooking } from './settle-booking';

@HandlesCommand('bookings.cancel')
export class CancelBookingHandler implements OperationHandler<'bookings.cancel'> {
  constructor(
    @Inject(BOOKINGS) private readonly bookings: Bookings,
    @Inject(ACCOUNT_GATE) private readonly gate: AccountGate,
  ) {}

  async execute({ payload, context }: OperationCommand<'bookings.cancel'>) {
    await this.gate.assertMayAct(asCustomer(context.actor.id));
    return cancelOwnBooking(this.bookings, payload.bookingId, context.actor.id, context);
  }
}

@HandlesCommand('bookings.staff-cancel')
export class StaffCancelBookingHandler implements OperationHandler<'bookings.staff-cancel'> {
  constructor(@Inject(BOOKINGS) private readonly bookings: Bookings) {}

  execute({ payload, context }: OperationCommand<'bookings.staff-cancel'>) {
    return cancelBookingByStaff(
      this.bookings,
      payload.bookingId,
      payload.reason.trim(),
      Math.round(payload.feeEgp * PIASTRES_PER_EGP),
      context,
    );
  }
}

/** The customer cancels their own booking; answers the minutes and the fee debited. */
export async function cancelOwnBooking(b: Bookings, bookingId: string, customerId: string, context: CommandContext) {
  const s = await b.streams.booking(bookingId);
  if (!s.terms || s.terms.customerId !== customerId) throw notFound();
  const { result, state } = await b.streams.bookings.decide(
    bookingStreams.booking(bookingId),
    { kind: 'cancel', by: 'customer', reason: null, at: b.now().toISOString() },
    context,
  );
  await settleBooking(b, bookingId);
  return { ...result, minutes: state.minutes, fee: state.fee };
}

/** Staff cancel a booking with the fee they choose. */
export async function cancelBookingByStaff(b: Bookings, bookingId: string, reason: string, feePiastres: number, context: CommandContext) {
  const s = await b.streams.booking(bookingId);
  if (!s.terms) throw notFound();
  const command = { kind: 'cancel' as const, by: 'staff' as const, reason, fee: feePiastres, at: b.now().toISOString() };
  const { result, state } = await b.streams.bookings.decide(bookingStreams.booking(bookingId), command, { ...context, reason });
  await settleBooking(b, bookingId);
  return { ...result, minutes: state.minutes, fee: state.fee };
}
