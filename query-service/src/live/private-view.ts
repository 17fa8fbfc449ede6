import { USER_TYPE, type LiveChange, type Privilege } from '@evc/contracts';
import type { Principal } from '@evc/platform/http/access';
import { READ_MODELS } from '@evc/projections';

/** Which private collections a staff member's stream follows, by privilege (notifications: never; contact requests: managers). */
const STAFF_FOLLOWS: Record<string, Privilege> = {
  [READ_MODELS.sessions]: 'sessions.read',
  [READ_MODELS.bookings]: 'sessions.read',
  [READ_MODELS.wallets]: 'customers.read',
  [READ_MODELS.walletTransactions]: 'customers.read',
  [READ_MODELS.payments]: 'customers.read',
  [READ_MODELS.cars]: 'customers.read',
  [READ_MODELS.customers]: 'customers.read',
  [READ_MODELS.cardRequests]: 'cards.manage',
  [READ_MODELS.cards]: 'customers.read',
  [READ_MODELS.contactRequests]: 'contact.manage',
  [READ_MODELS.sessionPower]: 'sessions.read',
  [READ_MODELS.alerts]: 'alerts.read',
  [READ_MODELS.firmwareCampaigns]: 'firmware.manage',
  [READ_MODELS.firmwareFiles]: 'firmware.manage',
};

/**
 * Read models that name no customer but are off the public stream (staff activity), which every staff screen may
 * follow here: the chargers as staff see them (the station list's live state; any staff member may read it), and
 * each station's load and its chart (smart charging's staff screen).
 */
const STAFF_NETWORK: ReadonlySet<string> = new Set([READ_MODELS.chargers, READ_MODELS.siteLoad, READ_MODELS.siteLoadPoints]);

/**
 * What `/api/live/me` sends of a change: only private changes (public ones are on /api/live). A customer gets those
 * naming them, with no other customer's id; a staff member gets the collections their privileges let them read,
 * with the customer ids only when they hold customers.read, and the STAFF_NETWORK changes.
 */
export function privateView(principal: Principal) {
  if (principal.userType === USER_TYPE.customer) {
    const me = principal.accountId;
    return (change: LiveChange): LiveChange | null => (change.customerIds?.includes(me) ? { ...change, customerIds: [me] } : null);
  }
  const seesCustomers = principal.privileges.includes('customers.read');
  return (change: LiveChange): LiveChange | null => {
    if (!change.customerIds) return STAFF_NETWORK.has(change.collection) ? change : null;
    const needs = STAFF_FOLLOWS[change.collection];
    if (!change.customerIds || !needs || !principal.privileges.includes(needs)) return null;
    if (seesCustomers) return change;
    const { customerIds: _hidden, ...rest } = change;
    return { ...rest, customerIds: [] };
  };
}
