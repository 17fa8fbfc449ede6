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
 * An app token stands only on the connector of the remote start or reservation it was made for: within its window, or
 * while its own session runs there. One without a scope (the stable tag of old) stands nowhere.
 */
function appTokenStands({ token, chargerId, connectorId, now }: AuthorizationFacts): boolean {
  const scope = token.owner?.scope;
  if (!scope || scope.chargerId !== chargerId || (connectorId !== null && connectorId !== scope.connectorId)) return false;
  if (token.open && token.open.chargerId === chargerId && token.open.connectorId === scope.connectorId) return true;
  return Date.parse(scope.validFrom) <= now.getTime() && now.getTime() <= Date.parse(scope.validUntil);
}

/**
 * The answer for a token at a charger (docs/charging.md, "Authorize request/reply"), in the network's statuses: an
 * empty wallet is NoCredit whatever the charger speaks (the gateway tells a 1.6 charger Blocked).
 */
export function authorizationStatus(f: AuthorizationFacts): IdTokenStatus {
  const { token } = f;
  if (!token.owner || !f.account) return 'Invalid';
  if (token.owner.kind === 'app' && !appTokenStands(f)) return 'Invalid';
  if (token.blocked || f.account.banned || !f.account.active) return 'Blocked';
  if (token.owner.expiresAt && new Date(token.owner.expiresAt).getTime() <= f.now.getTime()) return 'Expired';
  const open = token.open;
  // The session the phone started on this very connector is not "another" transaction.
  if (open && (open.chargerId !== f.chargerId || (f.connectorId !== null && open.connectorId !== f.connectorId))) return 'ConcurrentTx';
  if (f.balance < f.minimumCharge || f.balance < 0) return 'NoCredit';
  return 'Accepted';
}
