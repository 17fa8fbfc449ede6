import type { CommandContext } from '../shared/command-context';
import type { IdTokenStatus, OutboundOcppResult, SessionFailure, SessionRequested, StopReason } from '@evc/contracts';
import { recordRemoteStartResult, sweepNoCable } from './remote-start-results';
import { requestStop, sendRemoteStart } from './session-charger-commands';
import { failSession, releaseCustomer } from './session-locks';
import { ChargingSessionState } from './session-state';
import { settleSession } from './settle-session';
import { authorizeToken } from './token-authorization';
import { recordReadings } from './transaction-readings';
import type { TransactionReport } from './transaction-reports';
import { startTransaction } from './transaction-start';
import { stopTransaction } from './transaction-stop';

export { connectorFacts } from './connector-facts';
export { refusalOf } from './transaction-start';

/**
 * The session lifecycle the charger drives (transactions, meter values, stops, command results) and the steps the
 * phone's commands share with it (remote stop, releasing a session's locks), as one process's entry points. Each step
 * lives in its own file and works on the process's ChargingSessionState; every step is idempotent: a redelivered or
 * repeated message records nothing new and moves no money twice. Store failures throw (the bus redelivers).
 */
export class ChargingSessions extends ChargingSessionState {
  /** The phone's start: the session's remote start, once. */
  sendRemoteStart(d: SessionRequested['data'], context: CommandContext) {
    return sendRemoteStart(this, d, context);
  }

  /** Records SessionStopRequested and sends the remote stop, once; false when the session is not charging. */
  requestStop(sessionId: string, reason: StopReason, context: CommandContext): Promise<boolean> {
    return requestStop(this, sessionId, reason, context);
  }

  /** Frees the customer's claim if it still names this session (a start may have replaced it already). */
  releaseCustomer(customerId: string, sessionId: string, context: CommandContext) {
    return releaseCustomer(this, customerId, sessionId, context);
  }

  fail(sessionId: string, reason: SessionFailure, detail: string | null, context: CommandContext) {
    return failSession(this, sessionId, reason, detail, context);
  }

  /** A charger command's outcome, already recorded on its stream: a session's remote start accepted or failed. */
  onCommandResult(r: OutboundOcppResult) {
    return recordRemoteStartResult(this, r);
  }

  /** Accepted sessions whose cable never came in time at `now` (the clock's time unless a test names one): failed, `no_cable`. */
  sweepNoCable(now: Date = this.clock.now(), plugInWithinMs?: number) {
    return sweepNoCable(this, now, plugInWithinMs);
  }

  /** A charger's transaction report, in its order: start, meter values, stop. */
  async apply(report: TransactionReport, context: CommandContext) {
    switch (report.kind) {
      case 'start':
        return startTransaction(this, report, context);
      case 'readings':
        return recordReadings(this, report, context);
      case 'stop':
        return stopTransaction(this, report, context);
    }
  }

  /** The answer for a token at a charger, and when the token expires (cards). */
  authorize(idTag: string, chargerId: string, connectorId: number | null): Promise<{ status: IdTokenStatus; expiresAt: string | null }> {
    return authorizeToken(this, idTag, chargerId, connectorId);
  }

  /** The bill after the stop, then the session's locks released. */
  settle(sessionId: string, correlationId?: string) {
    return settleSession(this, sessionId, correlationId);
  }
}

/** Nest token of the one ChargingSessions of the process (its waiting-for-cable set is shared with the sweep). */
export const CHARGING_SESSIONS = Symbol('ChargingSessions');
