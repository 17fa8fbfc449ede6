import type { Projection } from './runner/projection';
import { bookingNotificationsProjection, bookingsProjection } from './bookings/index';
import { cardNotificationsProjection, cardRequestsProjection, cardsProjection } from './cards/index';
import { catalogProjection } from './catalog/index';
import { chargerCommandsProjection } from './chargers-live/index';
import { carsProjection, customerCarsProjection, notificationsProjection, sessionsProjection } from './charging/index';
import { contactNotificationsProjection, contactRequestsProjection } from './contact/index';
import { accountAccessProjection, customerProfilesProjection, identityProjection } from './identity/index';
import { geographyProjection, pricingProjection, stationsProjection } from './network/index';
import { paymentsProjection, walletProjection } from './wallet/index';
import { sessionPowerProjection, siteLoadProjection } from './smart-charging/index';
import { diagnosticsRequestsProjection } from './diagnostics/index';
import { alertsProjection } from './alerts/index';
import { uptimeProjection } from './uptime/index';
import { firmwareProjection } from './firmware/index';

/**
 * Order matters where one read model looks another up (stations read governorate names; sessions read stations,
 * accounts and cars; notifications read the session and payment documents of the same event).
 */
export const allProjections = (): Projection[] => [
  catalogProjection,
  geographyProjection,
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
  // session power before site load (it sums the station's sessions there)
  sessionPowerProjection,
  siteLoadProjection,
  diagnosticsRequestsProjection,
  // after stations (it copies the station's names)
  alertsProjection,
  uptimeProjection,
  firmwareProjection,
];
