import { chargingStreams } from '@evc/contracts';
import type { CommandContext } from '../shared/command-context';
import { settleSession } from './settle-session';
import { sessionOfTransaction, type ChargingSessionState } from './session-state';
import type { TransactionReport } from './transaction-reports';

/** A charger's StopTransaction: the session stops at the charger's meter (or its last reading), then it is billed. */
export async function stopTransaction(s: ChargingSessionState, r: Extract<TransactionReport, { kind: 'stop' }>, context: CommandContext) {
  const sessionId = await sessionOfTransaction(s, r.chargerId, r.transactionId);
  if (!sessionId) return;
  const before = await s.reads.session(sessionId);
  const meterStopWh = r.meterStopWh ?? before.latest?.energyWh ?? before.meterStartWh;
  const command = {
    kind: 'stop' as const,
    transactionId: r.transactionId,
    meterStopWh,
    stoppedAt: r.timestamp,
    chargerReason: r.reason,
    at: s.clock.now().toISOString(),
  };
  await s.streams.sessions.decide(chargingStreams.session(sessionId), command, context);
  await settleSession(s, sessionId, context.correlationId);
}
