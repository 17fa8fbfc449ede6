import { Inject } from '@nestjs/common';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { PIASTRES_PER_EGP, bookingStreams, type CommandResult } from '@evc/contracts';
import { ACCOUNT_GATE, type AccountGate } from '../identity/index';
import { HandlesCommand, type OperationCommand, type OperationHandler } from '../shared/operation-command';
import { BookingSessionStartedCommand, RecordBookingCommandResultCommand } from './bookings.commands';
import { BOOKINGS, type Bookings } from './bookings';

const asCustomer = (accountId: string) => ({ accountId, userType: 5 as const, privileges: [], roles: ['customer'] });

@HandlesCommand('bookings.create')
export class CreateBookingHandler implements OperationHandler<'bookings.create'> {
  constructor(
    @Inject(BOOKINGS) private readonly bookings: Bookings,
    @Inject(ACCOUNT_GATE) private readonly gate: AccountGate,
  ) {}

  async execute({ payload, context }: OperationCommand<'bookings.create'>) {
    // A banned customer is refused here (identity.account_banned), before anything is claimed.
    await this.gate.assertMayAct(asCustomer(context.actor.id));
    return this.bookings.create(payload, context.actor.id, context);
  }
}

@HandlesCommand('bookings.cancel')
export class CancelBookingHandler implements OperationHandler<'bookings.cancel'> {
  constructor(
    @Inject(BOOKINGS) private readonly bookings: Bookings,
    @Inject(ACCOUNT_GATE) private readonly gate: AccountGate,
  ) {}

  async execute({ payload, context }: OperationCommand<'bookings.cancel'>) {
    await this.gate.assertMayAct(asCustomer(context.actor.id));
    return this.bookings.cancelOwn(payload.bookingId, context.actor.id, context);
  }
}

@HandlesCommand('bookings.staff-cancel')
export class StaffCancelBookingHandler implements OperationHandler<'bookings.staff-cancel'> {
  constructor(@Inject(BOOKINGS) private readonly bookings: Bookings) {}

  execute({ payload, context }: OperationCommand<'bookings.staff-cancel'>) {
    return this.bookings.cancelByStaff(payload.bookingId, payload.reason.trim(), Math.round(payload.feeEgp * PIASTRES_PER_EGP), context);
  }
}

@HandlesCommand('bookings.reschedule')
export class RescheduleBookingHandler implements OperationHandler<'bookings.reschedule'> {
  constructor(@Inject(BOOKINGS) private readonly bookings: Bookings) {}

  execute({ payload, context }: OperationCommand<'bookings.reschedule'>) {
    return this.bookings.reschedule(payload, context);
  }
}

/** A ReserveNow's outcome on its booking (the command's causation names the booking). */
@CommandHandler(RecordBookingCommandResultCommand)
export class RecordBookingCommandResultHandler implements ICommandHandler<RecordBookingCommandResultCommand, CommandResult> {
  constructor(@Inject(BOOKINGS) private readonly bookings: Bookings) {}

  async execute({ payload }: RecordBookingCommandResultCommand): Promise<CommandResult> {
    await this.bookings.onCommandResult(payload);
    return { streamId: '', revision: -1, position: 0 };
  }
}

@CommandHandler(BookingSessionStartedCommand)
export class BookingSessionStartedHandler implements ICommandHandler<BookingSessionStartedCommand, CommandResult> {
  constructor(@Inject(BOOKINGS) private readonly bookings: Bookings) {}

  async execute({ payload }: BookingSessionStartedCommand): Promise<CommandResult> {
    await this.bookings.onSessionStarted(payload);
    return { streamId: bookingStreams.customer(payload.customerId), revision: -1, position: 0 };
  }
}
