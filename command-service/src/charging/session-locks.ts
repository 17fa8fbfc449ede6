import { chargingStreams, type SessionFailure, type SessionRequested } from '@evc/contracts';
import type { CommandContext } from '../shared/command-context';
import { appIdTag } from '../shared/ids';
import type { SessionCommand } from './session.decider';
import type { ChargingSessionState } from './session-state';

/** The session no longer holds its connector, its token, nor (a phone session) its customer's one open session. */
export async function releaseLocks(s: ChargingSessionState, d: SessionRequested['data'], context: CommandContext) {
  const at = s.clock.now().toISOString();
  await s.streams.claims.decide(
    chargingStreams.connector(d.chargerId, d.connectorId),
    { kind: 'release', chargerId: d.chargerId, connectorId: d.connectorId, sessionId: d.sessionId, at },
    context,
  );
  const tags = d.origin === 'app' ? new Set([d.idTag, appIdTag(d.customerId)]) : [d.idTag];
  for (const idTag of tags)
    await s.streams.tokens.decide(chargingStreams.idToken(idTag), { kind: 'close', idTag, sessionId: d.sessionId, at }, context);
  if (d.origin === 'app') await releaseCustomer(s, d.customerId, d.sessionId, context);
}

/** Frees the customer's claim if it still names this session (a start may have replaced it already). */
export async function releaseCustomer(s: ChargingSessionState, customerId: string, sessionId: string, context: CommandContext) {
  const at = s.clock.now().toISOString();
  await s.streams.customers.decide(chargingStreams.customerSession(customerId), { kind: 'release', customerId, sessionId, at }, context);
}

/** The session failed (refused, offline, no cable…): its locks are released and it is no longer kept in memory. */
export function failSession(
  s: ChargingSessionState,
  sessionId: string,
  reason: SessionFailure,
  detail: string | null,
  context: CommandContext,
) {
  return decideFailure(s, sessionId, { kind: 'fail', reason, detail, at: s.clock.now().toISOString() }, context);
}

/**
 * The clock's check of a start accepted `plugInWithinMs` ago or more: the session decides at `now` whether its cable is
 * overdue (failed `no_cable`, locks released) or not.
 */
export function failIfNoCable(s: ChargingSessionState, sessionId: string, now: Date, plugInWithinMs: number, context: CommandContext) {
  return decideFailure(s, sessionId, { kind: 'no-cable', plugInWithinMs, at: now.toISOString() }, context);
}

async function decideFailure(
  s: ChargingSessionState,
  sessionId: string,
  command: Extract<SessionCommand, { kind: 'fail' | 'no-cable' }>,
  context: CommandContext,
) {
  const { state } = await s.streams.sessions.decide(chargingStreams.session(sessionId), command, context);
  s.awaitingCable.delete(sessionId);
  if (state.phase === 'failed' && state.request) {
    await releaseLocks(s, state.request, context);
    s.streams.forgetSession(sessionId, state);
  }
}
