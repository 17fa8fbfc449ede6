import { chargingStreams, type SessionRequested, type StopReason } from '@evc/contracts';
import { SendSessionChargerCommand } from '../chargers-live/index';
import type { CommandContext } from '../shared/command-context';
import { startCommandId, stopCommandId } from '../shared/ids';
import type { SessionState } from './session.decider';
import { SESSION_CAUSE, type ChargingSessionState } from './session-state';

/** A session's remote start, sent like staff's charger commands with the session as its cause (once per session). */
export function sendRemoteStart(s: ChargingSessionState, d: SessionRequested['data'], context: CommandContext) {
  const payload = {
    commandId: startCommandId(d.sessionId),
    chargerId: d.chargerId,
    action: 'RemoteStartTransaction' as const,
    connectorId: d.connectorId,
    idTag: d.idTag,
    sessionId: d.sessionId,
  };
  return s.commandBus.execute(new SendSessionChargerCommand(payload, { ...context, causationId: `${SESSION_CAUSE}${d.sessionId}` }));
}

/** A remote stop; with a session, caused by it (else an unknown token's transaction, stopped with nobody to bill). */
export function sendRemoteStop(
  s: ChargingSessionState,
  chargerId: string,
  transactionId: string,
  commandId: string,
  sessionId: string | null,
  context: CommandContext,
) {
  const payload = { commandId, chargerId, action: 'RemoteStopTransaction' as const, transactionId, ...(sessionId ? { sessionId } : {}) };
  return s.commandBus.execute(
    new SendSessionChargerCommand(payload, sessionId ? { ...context, causationId: `${SESSION_CAUSE}${sessionId}` } : context),
  );
}

/** Records SessionStopRequested and sends the remote stop, once; false when the session is not charging. */
export async function requestStop(
  s: ChargingSessionState,
  sessionId: string,
  reason: StopReason,
  context: CommandContext,
): Promise<boolean> {
  const commandId = stopCommandId(sessionId);
  const { events, state } = await s.streams.sessions.decide(
    chargingStreams.session(sessionId),
    { kind: 'request-stop', reason, commandId, at: s.clock.now().toISOString() },
    context,
  );
  if (events.length > 0) await stopRemotely(s, sessionId, state, context);
  return events.length > 0 || state.phase === 'stopping';
}

/** The remote stop of a charging session's transaction (nothing before the charger has named one). */
export async function stopRemotely(s: ChargingSessionState, sessionId: string, state: SessionState, context: CommandContext) {
  const transactionId = state.transactionIds[0];
  if (!state.request || !transactionId) return;
  await sendRemoteStop(s, state.request.chargerId, transactionId, stopCommandId(sessionId), sessionId, context);
}
