import { READ_MODELS } from '@evc/contracts/shared';
import type { PrivateKeyRoots } from '../../../lib/private-live';

/**
 * Query keys of the customer's own read models; each starts with the collection name the server sends on
 * `/api/live/me` (`{collection, ids, position}`), so a change invalidates exactly the queries built on it.
 */
export const chargingKeys = {
  sessions: ['sessions'] as const,
  sessionList: (params: object) => ['sessions', 'list', params] as const,
  session: (id: string) => ['sessions', 'detail', id] as const,
  notifications: ['notifications'] as const,
  notificationList: ['notifications', 'list'] as const,
  notificationCount: ['notifications', 'count'] as const,
  notificationLatest: ['notifications', 'latest'] as const,
  cars: ['cars'] as const,
  catalog: (kind: string, parentId: string | null) => ['car-catalog', kind, parentId ?? ''] as const,
  lookup: (serial: string) => ['stations', 'lookup', serial] as const,
};

/** Which query-key roots each read model of the customer's live stream feeds. */
export const ME_LIVE_KEY_ROOTS: PrivateKeyRoots = {
  [READ_MODELS.sessions]: [chargingKeys.sessions],
  // the wallet feature's queries (lines, payments) start with their collections
  [READ_MODELS.walletTransactions]: [[READ_MODELS.walletTransactions]],
  [READ_MODELS.wallets]: [[READ_MODELS.walletTransactions]],
  [READ_MODELS.payments]: [[READ_MODELS.payments], [READ_MODELS.walletTransactions]],
  [READ_MODELS.notifications]: [chargingKeys.notifications],
  [READ_MODELS.cars]: [chargingKeys.cars],
  // the cards feature's queries (card requests, cards) start with their collections
  [READ_MODELS.cardRequests]: [[READ_MODELS.cardRequests]],
  [READ_MODELS.cards]: [[READ_MODELS.cards]],
  // the profile's personal info and the customer's contact requests (features/customer's query keys)
  [READ_MODELS.customerProfiles]: [[READ_MODELS.customerProfiles]],
  [READ_MODELS.contactRequests]: [[READ_MODELS.contactRequests]],
  [READ_MODELS.bookings]: [[READ_MODELS.bookings]],
  // smart charging's share of a session (features/smart-charging's query keys)
  [READ_MODELS.sessionPower]: [[READ_MODELS.sessionPower]],
};
