import type { IdTokenStatus } from '@evc/contracts';
import { pricesInForce } from '../network/index';
import { authorizationStatus } from './authorization';
import type { ChargingSessionState } from './session-state';

/** The command side's answer for a token now (the gateway may have let a start through on its fallback). */
export async function tokenStatus(s: ChargingSessionState, idTag: string, chargerId: string, connectorId: number | null) {
  return (await authorizeToken(s, idTag, chargerId, connectorId)).status;
}

/**
 * A customer's balance. Concurrent askers (many chargers, one customer) share the read under way: the wallet runs
 * one command at a time per wallet, so a read still under way cannot miss a command that had finished when they asked.
 */
export function balanceOf(s: ChargingSessionState, customerId: string): Promise<number> {
  const pending = s.balances.get(customerId);
  if (pending) return pending;
  const read = s.ledger.balanceOf(customerId).finally(() => s.balances.delete(customerId));
  s.balances.set(customerId, read);
  return read;
}

/** The answer for a token at a charger, and when the token expires (cards). */
export async function authorizeToken(
  s: ChargingSessionState,
  idTag: string,
  chargerId: string,
  connectorId: number | null,
): Promise<{ status: IdTokenStatus; expiresAt: string | null }> {
  const token = await s.reads.token(idTag);
  if (!token.owner) return { status: 'Invalid', expiresAt: null };
  const [account, balance, pricing] = await Promise.all([
    s.reads.account(token.owner.customerId),
    balanceOf(s, token.owner.customerId),
    s.reads.pricing(),
  ]);
  const now = s.clock.now();
  const status = authorizationStatus({
    token,
    account: account.accountId ? { banned: account.banned, active: account.active } : null,
    balance,
    minimumCharge: pricesInForce(pricing, now)?.minimumCharge ?? 0,
    chargerId,
    connectorId,
    now,
  });
  if (status === 'Accepted' && connectorId !== null && s.bookings) {
    // The charger holds a booked connector for its booking's token (ReserveNow); the command side agrees.
    const holder = await s.bookings.holderAt(chargerId, connectorId, now);
    if (holder && holder.customerId !== token.owner.customerId) return { status: 'Blocked', expiresAt: token.owner.expiresAt };
  }
  return { status, expiresAt: token.owner.expiresAt };
}
