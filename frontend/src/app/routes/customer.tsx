// i18n-catalog: app — the title ids below render only in the customer area, whose route loads the app catalog first.
import { createRoute, lazyRouteComponent } from '@tanstack/react-router';
import { paths } from '../../config/paths';
import { requireCustomer } from '../../features/identity/guards';
import { requireAppCatalog } from '../../lib/i18n/load-messages';
import { rootRoute } from './root';

/** Customer area: signed-in customers only; its layout is its own chunk. */
export const customerLayoutRoute = createRoute({
  getParentRoute: () => rootRoute,
  id: 'customer',
  beforeLoad: ({ context, location }) => requireCustomer(context, location.href),
  // the customer area's messages are in the app catalog: loaded before any of its screens renders
  loader: ({ context }) => requireAppCatalog(context.store),
  component: lazyRouteComponent(() => import('../layouts/customer-layout'), 'CustomerLayout'),
});

const parent = () => customerLayoutRoute;
const charging = {
  /** The start with the wallet's top-up dialog for "Pay now" (composed here, as the booking form's). */
  start: () =>
    Promise.all([
      import('../../features/charging/components/start-session-page'),
      import('../../features/wallet/components/top-up-dialog'),
    ]).then(([c, w]) => ({
      StartSessionScreen: () => <c.StartSessionPage topUp={(onClose) => <w.TopUpDialog onClose={onClose} />} />,
    })),
  /** The session composed with smart charging's allotted power (app/screens). */
  session: () => import('../screens/session-screen'),
  sessions: () => import('../../features/charging/components/sessions-page'),
  car: () => import('../../features/charging/components/register-car-page'),
  notifications: () => import('../../features/charging/components/notifications-page'),
};
/** One import for the card pages (request, my cards): one chunk. */
const cards = () => import('../../features/cards/components/card-pages');
const wallet = () => import('../../features/wallet/components/wallet-page');
/** ?payment=<id>: back from the payment provider's checkout. */
const walletSearch = (search: Record<string, unknown>): { payment?: string } =>
  typeof search.payment === 'string' ? { payment: search.payment } : {};
/** ?tab=<1-7>: a profile tab chosen by a link (a reply's notification opens the requests tab). */
const profileSearch = ({ tab }: Record<string, unknown>): { tab?: number } =>
  typeof tab === 'number' && tab >= 1 && tab <= 7 ? { tab } : {};
const bookings = {
  list: () => import('../../features/bookings/components/bookings-page'),
  /** The booking form with the wallet's top-up dialog for "Pay now" (features do not import each other: composed here). */
  create: () =>
    Promise.all([
      import('../../features/bookings/components/new-booking-page'),
      import('../../features/wallet/components/top-up-dialog'),
    ]).then(([b, w]) => ({
      NewBookingScreen: () => <b.NewBookingPage topUp={(onClose) => <w.TopUpDialog onClose={onClose} />} />,
    })),
};
/** Receipts of sessions and bookings: one chunk. */
const receipts = () => import('../../features/charging/components/receipt-page');
/** ?station=<id>: "Start charging" and "Book" from a station's detail. */
const startSearch = (search: Record<string, unknown>): { station?: string } =>
  typeof search.station === 'string' ? { station: search.station } : {};
/** ?station=<id>&charger=<id>&connector=<n>: "Start charging" from a booking names its charger and connector too. */
const startChargingSearch = (search: Record<string, unknown>): { station?: string; charger?: string; connector?: number } => {
  const connector = Number(search.connector);
  return {
    ...startSearch(search),
    ...(typeof search.charger === 'string' ? { charger: search.charger } : {}),
    ...(Number.isInteger(connector) && connector > 0 ? { connector } : {}),
  };
};

export const customerRoutes = [
  createRoute({
    getParentRoute: parent,
    path: paths.customer.profile,
    validateSearch: profileSearch,
    component: lazyRouteComponent(() => import('../screens/profile-screen'), 'ProfileScreen'),
  }),
  createRoute({ getParentRoute: parent, path: paths.customer.cardRequest, component: lazyRouteComponent(cards, 'CardRequestPage') }),
  createRoute({ getParentRoute: parent, path: paths.customer.cards, component: lazyRouteComponent(cards, 'MyCardsPage') }),
  createRoute({
    getParentRoute: parent,
    path: paths.customer.wallet,
    validateSearch: walletSearch,
    component: lazyRouteComponent(wallet, 'WalletPage'),
  }),
  createRoute({ getParentRoute: parent, path: paths.customer.bookings, component: lazyRouteComponent(bookings.list, 'BookingsPage') }),
  createRoute({
    getParentRoute: parent,
    path: paths.customer.newBooking,
    validateSearch: startSearch,
    component: lazyRouteComponent(bookings.create, 'NewBookingScreen'),
  }),
  createRoute({ getParentRoute: parent, path: paths.customer.booking, component: lazyRouteComponent(bookings.list, 'BookingPage') }),
  createRoute({ getParentRoute: parent, path: paths.customer.sessions, component: lazyRouteComponent(charging.sessions, 'SessionsPage') }),
  createRoute({ getParentRoute: parent, path: paths.customer.session, component: lazyRouteComponent(charging.session, 'SessionScreen') }),
  createRoute({
    getParentRoute: parent,
    path: paths.customer.sessionReceipt,
    component: lazyRouteComponent(receipts, 'SessionReceiptPage'),
  }),
  createRoute({
    getParentRoute: parent,
    path: paths.customer.bookingReceipt,
    component: lazyRouteComponent(receipts, 'BookingReceiptPage'),
  }),
  createRoute({
    getParentRoute: parent,
    path: paths.customer.startCharging,
    validateSearch: startChargingSearch,
    component: lazyRouteComponent(charging.start, 'StartSessionScreen'),
  }),
  createRoute({ getParentRoute: parent, path: paths.registerCarInfo, component: lazyRouteComponent(charging.car, 'RegisterCarPage') }),
  createRoute({
    getParentRoute: parent,
    path: paths.notifications,
    component: lazyRouteComponent(charging.notifications, 'NotificationsPage'),
  }),
];
