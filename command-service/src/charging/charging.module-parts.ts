import type { Provider, Type } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { operations } from '@evc/contracts';
import type { EventStore } from '@evc/platform';
import type { CommandRoute } from '../http/command-routes';
import { EVENT_STORE } from '../shared/tokens';
import { WALLET_LEDGER, type WalletLedger } from '../wallet/wallet-ledger';
import { CHARGING_SESSIONS, ChargingSessions } from './charging-sessions';
import { StartSessionCommand, StopSessionCommand } from './charging.commands';
import { RecordSessionCommandResultHandler } from './session-command-result.handler';
import { StartSessionHandler } from './start-session.handler';
import { StopSessionHandler } from './stop-session.handler';

/** The charging context's handlers, controllers and HTTP command routes (sessions, id tokens, transactions). */
export const chargingProviders: Provider[] = [
  {
    provide: CHARGING_SESSIONS,
    useFactory: (store: EventStore, ledger: WalletLedger, commandBus: CommandBus) => new ChargingSessions(store, ledger, commandBus),
    inject: [EVENT_STORE, WALLET_LEDGER, CommandBus],
  },
  StartSessionHandler,
  StopSessionHandler,
  RecordSessionCommandResultHandler,
];
export const chargingControllers: Type[] = [];
export const chargingRoutes: Record<string, CommandRoute> = {
  'sessions.start': { spec: operations['sessions.start'], build: (p: StartSessionCommand['payload'], c) => new StartSessionCommand(p, c) },
  'sessions.stop': { spec: operations['sessions.stop'], build: (p: { sessionId: string }, c) => new StopSessionCommand({ ...p, by: 'customer' }, c) },
  'sessions.staff-stop': { spec: operations['sessions.staff-stop'], build: (p: { sessionId: string }, c) => new StopSessionCommand({ ...p, by: 'staff' }, c) },
};
