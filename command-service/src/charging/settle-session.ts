import { chargingStreams, itemCause } from '@evc/contracts';
import { createLogger } from '@evc/platform/logging/logger';
import { releaseLocks } from './session-locks';
import { chargingSystem as system, type ChargingSessionState } from './session-state';

const log = createLogger('charging');

/**
 * The process manager of a session's end, writing several streams in order. After the stop: debit `session:<id>`
 * (once, at most the balance), SessionBilled, then release the connector, the token and the customer's claim. Caused
 * by the session, in the correlation of the charger's stop message when there is one, so the debit joins the stop's
 * chain.
 */
export async function settleSession(s: ChargingSessionState, sessionId: string, correlationId?: string) {
  const state = await s.reads.session(sessionId);
  const d = state.request;
  if (!d || (state.phase !== 'stopped' && state.phase !== 'billed')) return;
  const context = { ...system('session'), ...(correlationId ? { correlationId } : {}), causationId: itemCause('session', sessionId) };
  // A refused start stays `stopped` at cost 0: no debit, no SessionBilled (nothing for its owner to see).
  if (state.phase === 'stopped' && !d.refusal) {
    const walletTransactionId = `session:${sessionId}`;
    const cost = state.cost ?? 0;
    // The wallet pays at most what it holds (it never goes below zero through charging); the rest is the shortfall.
    const amount =
      cost > 0
        ? await s.ledger.debitUpToBalance(
            d.customerId,
            {
              transactionId: walletTransactionId,
              amount: cost,
              kind: 'session',
              reference: { type: 'session', id: sessionId },
              reason: 'session',
            },
            context,
          )
        : 0;
    const shortfall = cost - amount;
    if (shortfall > 0)
      log.warn('a session cost more than the wallet held: the shortfall is on its bill', {
        sessionId,
        customerId: d.customerId,
        cost,
        shortfall,
      });
    await s.streams.sessions.decide(
      chargingStreams.session(sessionId),
      { kind: 'billed', amount, shortfall, walletTransactionId, at: s.clock.now().toISOString() },
      context,
    );
  }
  await releaseLocks(s, d, context);
  // Billed: nothing more is recorded on the session (a late message reads the stream again).
  s.streams.forgetSession(sessionId, state);
}
