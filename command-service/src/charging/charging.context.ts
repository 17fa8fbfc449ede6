import { Inject, Injectable } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import type { Bus, Clock, Consumer, EventStore } from '@evc/platform';
import type { ContextParts } from '../shared/context-parts';
import { ContextConsumers } from '../shared/consumers';
import { BUS, CLOCK, EVENT_STORE } from '../shared/tokens';
import { WALLET_LEDGER, type WalletLedger } from '../wallet/index';
import { BOOKING_GUARD, type BookingGuard } from '../bookings/index';
import { ACCOUNT_GATE, type AccountGate } from '../identity/index';
import { RemoveCarHandler, UpdateCarHandler } from './car.handlers';
import { CHARGING_SESSIONS, ChargingSessions } from './charging-sessions';
import { startChargingAuthorize } from './authorize-consumer';
import { startNoCableSweep } from './no-cable-sweep';
import { CarChoices, RegisterCarHandler } from './register-car.handler';
import { RecordSessionCommandResultHandler } from './session-command-result.handler';
import { StartSessionHandler } from './start-session.handler';
import { StaffStopSessionHandler, StopOwnSessionHandler } from './stop-session.handler';
import { startChargingTransactions } from './transactions-consumer';

export interface ChargingConsumerDeps {
  bus: Bus;
  eventStore: EventStore;
  /** The process's ChargingSessions, shared with the command handlers. */
  sessions: ChargingSessions;
  /** How often the no-cable sweep runs (ms). */
  sweepEveryMs?: number;
}

/** The charging context's consumers: charger transactions, authorize answers, and the no-cable sweep. */
export function startChargingConsumers({ bus, eventStore, sessions, sweepEveryMs }: ChargingConsumerDeps): Consumer[] {
  return [
    startChargingTransactions(bus, sessions),
    startChargingAuthorize(bus, sessions),
    startNoCableSweep(eventStore, sessions, { everyMs: sweepEveryMs }),
  ];
}

/** Charger transactions, authorize answers and the no-cable sweep, on the same ChargingSessions as the handlers. */
@Injectable()
export class ChargingConsumers extends ContextConsumers {
  constructor(
    @Inject(BUS) private readonly bus: Bus | null,
    @Inject(EVENT_STORE) private readonly eventStore: EventStore,
    @Inject(CHARGING_SESSIONS) private readonly sessions: ChargingSessions,
  ) {
    super();
  }

  protected start() {
    return this.bus ? startChargingConsumers({ bus: this.bus, eventStore: this.eventStore, sessions: this.sessions }) : [];
  }
}

/** Charging sessions: start and stop from the phone, charger transactions, id tokens, connector claims, the customer's cars. */
export const chargingContext: ContextParts = {
  handlers: [
    StartSessionHandler,
    StopOwnSessionHandler,
    StaffStopSessionHandler,
    RecordSessionCommandResultHandler,
    RegisterCarHandler,
    UpdateCarHandler,
    RemoveCarHandler,
  ],
  providers: [
    CarChoices,
    {
      provide: CHARGING_SESSIONS,
      useFactory: (
        store: EventStore,
        ledger: WalletLedger,
        commandBus: CommandBus,
        bookings: BookingGuard,
        clock: Clock,
        gate: AccountGate,
      ) => new ChargingSessions(store, ledger, commandBus, bookings, clock, gate),
      inject: [EVENT_STORE, WALLET_LEDGER, CommandBus, BOOKING_GUARD, CLOCK, ACCOUNT_GATE],
    },
    ChargingConsumers,
  ],
};
