import { chargingStreams, type AuthorizationOutcome, type IdTokenStatus, type SessionRequested } from '@evc/contracts';
import { createLogger } from '@evc/platform/logging/logger';
import { BookingSessionStartedCommand } from '../bookings/index';
import type { CommandContext } from '../shared/command-context';
import { cardSessionId, uuidFrom } from '../shared/ids';
import { connectorFacts } from './connector-facts';
import { requestStop, sendRemoteStop } from './session-charger-commands';
import { chargingSystem as system, type ChargingSessionState } from './session-state';
import { balanceOf, tokenStatus } from './token-authorization';
import type { TransactionReport } from './transaction-reports';

const log = createLogger('charging');

/**
 * Whether the product refused a card transaction's start: a refusal the charger was told stands; an Accepted the
 * command side gave stands too; any other Accepted (the gateway's fallback, its cache, a remote start it took this
 * transaction for) is judged by the command side's verdict now.
 */
export function refusalOf(told: AuthorizationOutcome | null, verdict: IdTokenStatus): Exclude<IdTokenStatus, 'Accepted'> | null {
  if (told && told.status !== 'Accepted') return told.status;
  if (told?.source === 'command-side') return null;
  return verdict === 'Accepted' ? null : verdict;
}

/**
 * A charger's StartTransaction: bound to the phone's session waiting on the connector, or a card's session opened
 * for it (recorded refused when the product refused it); a session that begins charging may fulfil a booking.
 */
export async function startTransaction(s: ChargingSessionState, r: Extract<TransactionReport, { kind: 'start' }>, context: CommandContext) {
  const sessionId = (await s.reads.binding(r.chargerId, r.transactionId)) ?? (await sessionForStart(s, r, context));
  if (!sessionId) return;
  const at = s.clock.now().toISOString();
  await s.streams.bindings.decide(
    chargingStreams.chargerTransaction(r.chargerId, r.transactionId),
    { chargerId: r.chargerId, transactionId: r.transactionId, sessionId, at },
    context,
  );
  const { events, state } = await s.streams.sessions.decide(
    chargingStreams.session(sessionId),
    { kind: 'charging', transactionId: r.transactionId, meterStartWh: r.meterStartWh, startedAt: r.timestamp, at },
    context,
  );
  s.awaitingCable.delete(sessionId);
  if (events.some((e) => e.type === 'SessionCharging') && state.request?.origin === 'app') {
    // The phone's app token stands on its connector while its session runs there (its start window is short).
    const { idTag, chargerId, connectorId } = state.request;
    await s.streams.tokens.decide(
      chargingStreams.idToken(idTag),
      { kind: 'open', idTag, sessionId, chargerId, connectorId, at, force: true },
      context,
    );
  }
  // A session of a booking's customer on the booked connector fulfils the booking (a refused one does not).
  if (events.some((e) => e.type === 'SessionCharging') && state.request && !state.request.refusal) {
    const { customerId } = state.request;
    await s.commandBus.execute(
      new BookingSessionStartedCommand({ sessionId, customerId, chargerId: r.chargerId, connectorId: r.connectorId }, context),
    );
  }
  if (!events.some((e) => e.type === 'SessionCharging') || state.request?.origin !== 'card') return;
  const status = s.verdicts.get(sessionId) ?? (await tokenStatus(s, r.idTag, r.chargerId, r.connectorId));
  s.verdicts.delete(sessionId);
  if (status !== 'Accepted') {
    log.warn('a transaction started with a token that is not accepted: stopping it', {
      chargerId: r.chargerId,
      transactionId: r.transactionId,
      status,
    });
    await requestStop(s, sessionId, 'token_invalid', system(`token ${status}`));
  }
}

/** The phone's session waiting on this connector for this tag, the same natural transaction again, or a card. */
async function sessionForStart(
  s: ChargingSessionState,
  r: Extract<TransactionReport, { kind: 'start' }>,
  context: CommandContext,
): Promise<string | null> {
  const claim = (await s.reads.claim(r.chargerId, r.connectorId)).open;
  const held = claim ? await s.reads.session(claim.sessionId) : null;
  // The tag the session's remote start carried is its request's (twin starts in two processes may claim with another).
  if (claim && held && (claim.idTag === r.idTag || held.request?.idTag === r.idTag)) {
    const same = held.startedAt !== null && Date.parse(held.startedAt) === Date.parse(r.timestamp) && held.meterStartWh === r.meterStartWh;
    if (held.phase === 'requested' || held.phase === 'accepted' || same) return claim.sessionId;
  }
  const sessionId = cardSessionId(r.chargerId, r.connectorId, r.idTag, r.timestamp);
  if ((await s.reads.session(sessionId)).phase !== 'none') return sessionId;
  return startCardSession(s, sessionId, r, context);
}

async function startCardSession(
  s: ChargingSessionState,
  sessionId: string,
  r: Extract<TransactionReport, { kind: 'start' }>,
  context: CommandContext,
): Promise<string | null> {
  const token = await s.reads.token(r.idTag);
  if (!token.owner) {
    log.warn('a transaction started with an unknown token: stopping it, nobody to bill', {
      chargerId: r.chargerId,
      transactionId: r.transactionId,
    });
    await sendRemoteStop(
      s,
      r.chargerId,
      r.transactionId,
      uuidFrom(`unknown-token:${r.chargerId}:${r.transactionId}`),
      null,
      system('token_invalid'),
    );
    return null;
  }
  const customerId = token.owner.customerId;
  // Judged before this session opens on the token (which would hide another open session of the same card).
  const verdict = await tokenStatus(s, r.idTag, r.chargerId, r.connectorId);
  s.verdicts.set(sessionId, verdict);
  const refusal = refusalOf(r.authorization, verdict);
  const facts = await connectorFacts(s.reads, r.chargerId, r.connectorId, new Date(r.timestamp));
  const balance = await balanceOf(s, customerId);
  const data: SessionRequested['data'] = {
    sessionId,
    customerId,
    origin: 'card',
    idTag: r.idTag,
    chargerId: r.chargerId,
    connectorId: r.connectorId,
    carId: null,
    target: { kind: 'none' },
    ...facts,
    balanceAtStart: balance,
    ...(refusal ? { refusal } : {}),
    at: s.clock.now().toISOString(),
  };
  const { chargerId, connectorId, idTag, at } = data;
  if (refusal) {
    // Recorded only: a refused transaction holds neither the connector (a booking's or the phone's claim stays) nor the token.
    s.verdicts.set(sessionId, refusal);
    await s.streams.sessions.decide(chargingStreams.session(sessionId), { kind: 'request', data }, context);
    return sessionId;
  }
  await s.streams.claims.decide(
    chargingStreams.connector(chargerId, connectorId),
    { kind: 'claim', chargerId, connectorId, sessionId, customerId, idTag, at, holderCharging: true, force: true },
    context,
  );
  await s.streams.tokens.decide(
    chargingStreams.idToken(idTag),
    { kind: 'open', idTag, sessionId, chargerId, connectorId, at, force: true },
    context,
  );
  await s.streams.sessions.decide(chargingStreams.session(sessionId), { kind: 'request', data }, context);
  return sessionId;
}
