import { Inject, Injectable } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import type { Bus, Clock, EventStore } from '@evc/platform';
import { SendSessionChargerCommand } from '../chargers-live/index';
import type { ContextParts } from '../shared/context-parts';
import { ContextConsumers } from '../shared/consumers';
import { BUS, CLOCK, EVENT_STORE } from '../shared/tokens';
import { WALLET_LEDGER, type WalletLedger } from '../wallet/index';
import { BOOKING_GUARD } from './booking-guard';
import { BookingScheduler, startBookingScheduler } from './booking-scheduler';
import { BOOKINGS, Bookings } from './bookings';
import { CancelBookingHandler, StaffCancelBookingHandler } from './cancel-booking';
import { startBookingConnectorStatus } from './connector-status-consumer';
import { CreateBookingHandler } from './create-booking';
import { RecordBookingCommandResultHandler } from './reservation-results';
import { RescheduleBookingHandler } from './reschedule-booking';
import { BookingSessionStartedHandler } from './session-fulfilment';

/** Nest token of the process's BookingScheduler (tests tick it with a clock of their own). */
export const BOOKING_SCHEDULER = Symbol('BookingScheduler');

/** The scheduler's timer and the connector-status consumer, started once the application has bootstrapped. */
@Injectable()
export class BookingConsumers extends ContextConsumers {
  constructor(
    @Inject(BUS) private readonly bus: Bus | null,
    @Inject(BOOKINGS) private readonly bookings: Bookings,
    @Inject(BOOKING_SCHEDULER) private readonly scheduler: BookingScheduler,
  ) {
    super();
  }

  protected start() {
    return [
      startBookingScheduler(this.scheduler),
      ...(this.bus ? [startBookingConnectorStatus(this.bus, this.bookings, this.scheduler)] : []),
    ];
  }
}

/** Bookings: book, cancel, reschedule; the clock's steps; the charger's answers; sessions that fulfil them. */
export const bookingsContext: ContextParts = {
  handlers: [
    CreateBookingHandler,
    CancelBookingHandler,
    StaffCancelBookingHandler,
    RescheduleBookingHandler,
    RecordBookingCommandResultHandler,
    BookingSessionStartedHandler,
  ],
  providers: [
    {
      provide: BOOKINGS,
      // ReserveNow / CancelReservation go out like a session's remote start (recorded, published once, answers back).
      useFactory: (store: EventStore, ledger: WalletLedger, clock: Clock, commandBus: CommandBus) =>
        new Bookings(store, ledger, clock, (payload, context) => commandBus.execute(new SendSessionChargerCommand(payload, context))),
      inject: [EVENT_STORE, WALLET_LEDGER, CLOCK, CommandBus],
    },
    { provide: BOOKING_GUARD, useExisting: BOOKINGS },
    {
      provide: BOOKING_SCHEDULER,
      useFactory: (store: EventStore, bookings: Bookings, clock: Clock) => new BookingScheduler(store, bookings, clock),
      inject: [EVENT_STORE, BOOKINGS, CLOCK],
    },
    BookingConsumers,
  ],
};
