import {
  CHARGING_TIMING,
  chargingStreams,
  itemCause,
  networkStreams,
  type Actor,
  type ChargerCommandEvent,
  type OutboundOcppResult,
  type SessionFailure,
} from '@evc/contracts';
import { chargerCommandDecider } from '../chargers-live/index';
import { newContext } from '../shared/command-context';
import { fold } from '../shared/decider';
import { startCommandId } from '../shared/ids';
import { toDomainEvent } from '../shared/run-decider';
import { cableOverdue } from './session.decider';
import { failIfNoCable, failSession } from './session-locks';
import { SESSION_CAUSE, chargingSystem as system, type ChargingSessionState } from './session-state';

const FAILURE_OF: Record<string, SessionFailure> = {
  rejected: 'rejected',
  not_supported: 'rejected',
  offline: 'offline',
  timeout: 'timeout',
  error: 'error',
};

/**
 * A charger command's outcome, already recorded on its stream. For a session's remote start: accepted or failed.
 * The session comes from the result (the gateway echoes it) or, for outcomes the projections' sweep publishes
 * (offline, timeout) without it, from the cause recorded with the command.
 */
export async function recordRemoteStartResult(s: ChargingSessionState, r: OutboundOcppResult) {
  if (r.status === 'sent') return;
  const history = await s.store.readStream(networkStreams.chargerCommand(r.commandId));
  const cause = history[0]?.metadata.causationId ?? '';
  const sessionId = r.sessionId ?? (cause.startsWith(SESSION_CAUSE) ? cause.slice(SESSION_CAUSE.length) : null);
  if (!sessionId || r.commandId !== startCommandId(sessionId)) return;
  // The command's stream keeps the first outcome (a late `offline` from the sweep after `accepted` is ignored there).
  const outcome = fold(
    chargerCommandDecider,
    history.map((e) => toDomainEvent<ChargerCommandEvent>(e)),
  ).outcome;
  if (outcome === null) return;
  const actor: Actor =
    outcome === 'offline' || outcome === 'timeout' ? { type: 'system', id: 'ocpp-gateway' } : { type: 'charger', id: r.chargerId };
  // The outcome continues the start's correlation (the command was recorded with it) and names the command as its cause.
  const started = history[0]?.metadata.correlationId;
  const context = {
    ...newContext(actor, `remote start ${outcome}`),
    ...(started ? { correlationId: started } : {}),
    causationId: itemCause('charger-command', r.commandId),
  };
  if (outcome === 'accepted') {
    const { state } = await s.streams.sessions.decide(
      chargingStreams.session(sessionId),
      { kind: 'accept', commandId: r.commandId, at: r.at },
      context,
    );
    if (state.phase === 'accepted') s.awaitingCable.set(sessionId, Date.parse(r.at) || s.clock.now().getTime());
    return;
  }
  await failSession(s, sessionId, FAILURE_OF[outcome] ?? 'error', r.error, context);
}

/**
 * Accepted sessions whose cable never came within `plugInWithinMs` at `now` (the clock's time): each is decided by
 * its session (failed `no_cable`, its locks released); the waiting set only spares the reads of sessions not yet due.
 */
export async function sweepNoCable(s: ChargingSessionState, now: Date, plugInWithinMs: number = CHARGING_TIMING.plugInWithinMs) {
  for (const [sessionId, acceptedAt] of [...s.awaitingCable]) {
    if (!cableOverdue(acceptedAt, now.getTime(), plugInWithinMs)) continue;
    await failIfNoCable(s, sessionId, now, plugInWithinMs, system('no_cable'));
  }
}
