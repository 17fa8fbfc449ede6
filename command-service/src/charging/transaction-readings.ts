import { chargingStreams } from '@evc/contracts';
import type { CommandContext } from '../shared/command-context';
import { stopCommandId } from '../shared/ids';
import { stopRemotely } from './session-charger-commands';
import { sessionDecider } from './session.decider';
import { chargingSystem as system, sessionOfTransaction, type ChargingSessionState } from './session-state';
import type { TransactionReport } from './transaction-reports';

/** A charger's meter values on its session; a session that reached its target (or the balance) is stopped. */
export async function recordReadings(
  s: ChargingSessionState,
  r: Extract<TransactionReport, { kind: 'readings' }>,
  context: CommandContext,
) {
  if (r.readings.length === 0) return;
  const sessionId = await sessionOfTransaction(s, r.chargerId, r.transactionId);
  if (!sessionId) return;
  const streamId = chargingStreams.session(sessionId);
  const { events, state } = await s.streams.sessions.decide(
    streamId,
    { kind: 'readings', transactionId: r.transactionId, readings: r.readings, at: s.clock.now().toISOString() },
    context,
  );
  if (events.length === 0) return;
  const autoStop = { kind: 'auto-stop' as const, stopCommandId: stopCommandId(sessionId), at: s.clock.now().toISOString() };
  // Decided on the state just recorded first (pure): the stream is read again only when there is a stop to record.
  if (sessionDecider.decide(autoStop, state).length === 0) return;
  const auto = await s.streams.sessions.decide(streamId, autoStop, system('automatic stop'));
  const stop = auto.events.find((e) => e.type === 'SessionStopRequested');
  if (stop) await stopRemotely(s, sessionId, auto.state, { ...system(stop.data.reason), causationId: context.causationId });
}
