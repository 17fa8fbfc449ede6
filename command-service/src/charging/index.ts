import type { Bus, Consumer, EventStore } from '@evc/platform';
import type { ChargingSessions } from './charging-sessions';
import { startChargingAuthorize } from './authorize-consumer';
import { startNoCableSweep } from './no-cable-sweep';
import { startChargingTransactions } from './transactions-consumer';

export { CHARGING_SESSIONS, ChargingSessions } from './charging-sessions';
export { CHARGING_TRANSACTIONS_GROUP } from './transactions-consumer';
export { CHARGING_AUTHORIZE_GROUP } from './authorize-consumer';
export { appIdTag, cardSessionId, newAppIdTag, startCommandId, stopCommandId } from '../shared/ids';

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
  return [startChargingTransactions(bus, sessions), startChargingAuthorize(bus, sessions), startNoCableSweep(eventStore, sessions, { everyMs: sweepEveryMs })];
}
