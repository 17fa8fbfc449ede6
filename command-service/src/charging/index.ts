/**
 * The charging context: sessions, id tokens and authorisation, transactions and receipts, the customer's cars. The
 * cards context stops a session through ChargingSessions and decides on id-token streams with idTokenDecider.
 */
export { chargingContext, startChargingConsumers, type ChargingConsumerDeps } from './charging.context';
export { CHARGING_SESSIONS, ChargingSessions } from './charging-sessions';
export { CHARGING_TRANSACTIONS_GROUP } from './transactions-consumer';
export { CHARGING_AUTHORIZE_GROUP } from './authorize-consumer';
export { RecordSessionCommandResultCommand } from './charging.commands';
export { idTokenDecider, type IdTokenCommand, type IdTokenState, type IdTokenStreamEvent } from './id-token.decider';
export { carDecider } from './car.decider';
export { CarUsage } from './car-usage';
export { appIdTag, cardSessionId, newAppIdTag, startCommandId, stopCommandId } from '../shared/ids';
