import type { InboundCalls } from './common';
import { OCPP16_CALLS } from './ocpp16';
import { OCPP201_CALLS } from './ocpp201';

export { HEARTBEAT_INTERVAL_S, type CallFacts, type InboundCall, type InboundCalls, type Json, type TokenQuestion } from './common';
export { toOcpp16Status } from './ocpp16';

/**
 * The gateway's inbound translation, one table per subprotocol: each call's OCPP field names are read here once, into
 * the version-neutral messages of contracts/network/charger-messages.ts, and the neutral answers go back into each
 * protocol's wire answer. Calls not in the table get CALLERROR NotImplemented.
 */
export const INBOUND_CALLS: Record<string, InboundCalls> = { 'ocpp1.6': OCPP16_CALLS, 'ocpp2.0.1': OCPP201_CALLS };
