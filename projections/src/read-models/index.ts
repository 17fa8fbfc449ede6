import type { Projection } from '../runner/projection';
import { carsProjection } from './cars.projection';
import { catalogProjection } from './catalog.projection';
import { chargerCommandsProjection } from './charger-commands.projection';
import { contactRequestsProjection } from './contact-requests.projection';
import { identityProjection } from './identity.projection';
import { notificationsProjection } from './notifications.projection';
import { paymentsProjection } from './payments.projection';
import { sessionsProjection } from './sessions.projection';
import { walletProjection } from './wallet.projection';
import { pricingProjection } from './pricing.projection';
import { stationsProjection } from './stations.projection';

export { RM } from './collections';
export { chargerStatus, stationTotals, stationsProjection, type ChargerDoc } from './stations.projection';
export { chargerCommandsProjection } from './charger-commands.projection';
export { searchTextOf } from './catalog.projection';
export { identityProjection, resetLinkKey } from './identity.projection';
export { CHARGING_RM } from './charging-collections';
export { cairoDateKey, cairoDayStart } from './cairo-date';
export { sessionsProjection, evolveSession, sessionCost, type SessionDoc } from './sessions.projection';
export { walletProjection, walletTxKey, type WalletTxDoc } from './wallet.projection';
export { paymentsProjection, type PaymentDoc } from './payments.projection';
export { notificationsProjection, type NotificationDoc } from './notifications.projection';
export { carsProjection, type CarDoc } from './cars.projection';

/**
 * Order matters where one read model looks another up (stations read governorate names; sessions read stations,
 * accounts and cars; notifications read the session and payment documents of the same event).
 */
export const allProjections = (): Projection[] => [
  catalogProjection,
  stationsProjection,
  pricingProjection,
  contactRequestsProjection,
  identityProjection,
  chargerCommandsProjection,
  carsProjection,
  sessionsProjection,
  paymentsProjection,
  walletProjection,
  notificationsProjection,
];
