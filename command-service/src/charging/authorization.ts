import type { IdTokenStatus } from '@evc/contracts';
import type { IdTokenState } from './id-token.decider';

export interface AuthorizationFacts {
  token: IdTokenState;
  /** The owner's account: null when it does not exist. */
  account: { banned: boolean; active: boolean } | null;
  balance: number;
  minimumCharge: number;
  chargerId: string;
  connectorId: number | null;
  now: Date;
}

/**
 * The answer for a token at a charger (docs/charging.md, "Authorize request/reply"), in the network's statuses: an
 * empty wallet is NoCredit whatever the charger speaks (the gateway tells a 1.6 charger Blocked).
 */
export function authorizationStatus(f: AuthorizationFacts): IdTokenStatus {
  const { token } = f;
  if (!token.owner || !f.account) return 'Invalid';
  if (token.blocked || f.account.banned || !f.account.active) return 'Blocked';
  if (token.owner.expiresAt && new Date(token.owner.expiresAt).getTime() <= f.now.getTime()) return 'Expired';
  const open = token.open;
  // The session the phone started on this very connector is not "another" transaction.
  if (open && (open.chargerId !== f.chargerId || (f.connectorId !== null && open.connectorId !== f.connectorId))) return 'ConcurrentTx';
  if (f.balance < f.minimumCharge || f.balance < 0) return 'NoCredit';
  return 'Accepted';
}
