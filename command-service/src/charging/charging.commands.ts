import type { OutboundOcppResult, SessionRef, StartSession } from '@evc/contracts';
import { PayloadCommand } from '../shared/payload-command';

/** `sessions.start` (customer): start charging from the phone. Idempotent on sessionId. */
export class StartSessionCommand extends PayloadCommand<StartSession> {}
/** `sessions.stop` (customer: their own session) and `sessions.staff-stop` (stations.write): remote stop. */
export class StopSessionCommand extends PayloadCommand<SessionRef & { by: 'customer' | 'staff' }> {}

/** The results consumer: the outcome of a session's remote start (from ocpp.outbound.results, with sessionId). */
export class RecordSessionCommandResultCommand extends PayloadCommand<OutboundOcppResult> {}
