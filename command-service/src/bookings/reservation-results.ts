import { Inject } from '@nestjs/common';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { networkStreams, type ChargerCommandEvent, type CommandResult, type OutboundOcppResult } from '@evc/contracts';
import { chargerCommandDecider } from '../chargers-live/index';
import { fold } from '../shared/decider';
import { toDomainEvent } from '../shared/run-decider';
import { RecordBookingCommandResultCommand } from './bookings.commands';
import { BOOKINGS, BOOKING_CAUSE, reservationStatusOf, type Bookings } from './bookings';
import { answerReservation } from './settle-booking';

/** A ReserveNow's outcome on its booking (the command's causation names the booking). */
@CommandHandler(RecordBookingCommandResultCommand)
export class RecordBookingCommandResultHandler implements ICommandHandler<RecordBookingCommandResultCommand, CommandResult> {
  constructor(@Inject(BOOKINGS) private readonly bookings: Bookings) {}

  async execute({ payload }: RecordBookingCommandResultCommand): Promise<CommandResult> {
    await recordReservationResult(this.bookings, payload);
    return { streamId: '', revision: -1, position: 0 };
  }
}

/** A charger command's outcome: for a booking's ReserveNow, the charger's answer recorded on the booking. */
export async function recordReservationResult(b: Bookings, r: OutboundOcppResult): Promise<void> {
  if (r.status === 'sent' || r.sessionId) return;
  const history = await b.store.readStream(networkStreams.chargerCommand(r.commandId));
  const cause = history[0]?.metadata.causationId ?? '';
  if (!cause.startsWith(BOOKING_CAUSE)) return;
  const command = fold(
    chargerCommandDecider,
    history.map((e) => toDomainEvent<ChargerCommandEvent>(e)),
  );
  if (command.request?.action !== 'ReserveNow' || command.outcome === null) return;
  const answered = history.find((e) => e.type === 'ChargerCommandAnswered')?.data as
    | { response?: unknown; error?: string | null }
    | undefined;
  await answerReservation(
    b,
    cause.slice(BOOKING_CAUSE.length),
    r.commandId,
    reservationStatusOf(command.outcome, answered?.response ?? null),
    answered?.error ?? null,
  );
}
