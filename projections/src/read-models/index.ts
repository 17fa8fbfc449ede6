import type { Projection } from '../runner/projection';
import { cardNotificationsProjection } from './card-notifications.projection';
import { cardRequestsProjection } from './card-requests.projection';
import { cardsProjection } from './cards.projection';
import { bookingNotificationsProjection } from './booking-notifications.projection';
import { bookingsProjection } from './bookings.projection';
import { accountAccessProjection } from './account-access.projection';
import { carsProjection } from './cars.projection';
import { catalogProjection } from './catalog.projection';
import { chargerCommandsProjection } from './charger-commands.projection';
import { contactNotificationsProjection } from './contact-notifications.projection';
import { contactRequestsProjection } from './contact-requests.projection';
import { customerProfilesProjection } from './customer-profiles.projection';
import { customerCarsProjection } from './customer-cars.projection';
import { identityProjection } from './identity.projection';
import { notificationsProjection } from './notifications.projection';
import { paymentsProjection } from './payments.projection';
import { sessionsProjection } from './sessions.projection';
import { walletProjection } from './wallet.projection';
import { pricingProjection } from './pricing.projection';
import { stationsProjection } from './stations.projection';

export { RM } from './collections';
export { readModel, type ReadModel } from './read-model';
export { fullName } from './actor-view';
export { CHARGERS, CHARGER_AUTH, STATIONS, chargerStatus, stationTotals, stationsProjection, type ChargerAuthDoc, type ChargerDoc, type StationDoc } from './stations.projection';
export { OCPP_COMMANDS, chargerCommandsProjection, type OcppCommandDoc } from './charger-commands.projection';
export {
  CATALOG_USAGE,
  COUNTRIES,
  GOVERNORATES,
  MASTER_DATA,
  searchTextOf,
  type CatalogUsageDoc,
  type CountryDoc,
  type GovernorateDoc,
  type MasterDataDoc,
} from './catalog.projection';
export { PRICING_HISTORY, type PricingDoc } from './pricing.projection';
export { CONTACT_REQUESTS, type ContactCommentDoc, type ContactReplyDoc, type ContactRequestDoc } from './contact-requests.projection';
export { CUSTOMER_PROFILES, CUSTOMER_PROFILES_COLLECTION, type CustomerProfileDoc } from './customer-profiles.projection';
export {
  ACCOUNTS,
  ADMINS,
  CUSTOMER_ACCOUNTS,
  RESET_LINKS,
  ROLES,
  identityProjection,
  resetLinkKey,
  type AccountDoc,
  type AdminDoc,
  type CustomerAccountDoc,
  type CustomerCarsSummary,
  type ResetLinkDoc,
  type RoleDoc,
} from './identity.projection';
export { CHARGING_RM } from './charging-collections';
export { cairoDateKey, cairoDayStart } from './cairo-date';
export { SESSIONS, sessionsProjection, evolveSession, readingColumns, readingRows, type ReadingColumns, type SessionDoc } from './sessions.projection';
export { WALLETS, WALLET_TRANSACTIONS, walletProjection, walletTxKey, type WalletDoc, type WalletTxDoc } from './wallet.projection';
export { PAYMENTS, paymentsProjection, type PaymentDoc } from './payments.projection';
export { NOTIFICATIONS, notificationsProjection, type NotificationDoc } from './notifications.projection';
export { CARS, carsProjection, type CarDoc } from './cars.projection';
export { CARDS_RM } from './cards-collections';
export { CARD_REQUESTS, cardRequestsProjection, type CardRequestDoc } from './card-requests.projection';
export { CARDS, cardsProjection, type CardDoc } from './cards.projection';
export { cardNotificationsProjection } from './card-notifications.projection';
export { BOOKINGS, BOOKINGS_RM, bookingsProjection, evolveBooking, type BookingDoc } from './bookings.projection';
export { ACCOUNT_ACCESS, ENDED_SIGN_INS, accountAccessProjection, type AccountAccessDoc, type EndedSignInDoc } from './account-access.projection';
export { customerCarsProjection } from './customer-cars.projection';

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
  accountAccessProjection,
  chargerCommandsProjection,
  carsProjection,
  sessionsProjection,
  paymentsProjection,
  walletProjection,
  notificationsProjection,
  cardRequestsProjection,
  cardsProjection,
  cardNotificationsProjection,
  // after identity (it patches its views) and contact-requests (it reads the request's owner)
  customerProfilesProjection,
  contactNotificationsProjection,
  bookingsProjection,
  bookingNotificationsProjection,
  // after cars (it reads them) and identity (it writes customer_accounts.cars)
  customerCarsProjection,
];
