// i18n-catalog: app — the title ids below render only in the customer area, whose route loads the app catalog first.
import { createRoute, lazyRouteComponent } from '@tanstack/react-router';
import { paths } from '../../config/paths';
import { requireCustomer } from '../../features/auth/guards';
import { requireAppCatalog } from '../../features/i18n/load-messages';
import { placeholder } from './placeholders';
import { rootRoute } from './root';

/** Customer area: signed-in customers only; its layout is its own chunk. */
export const customerLayoutRoute = createRoute({
  getParentRoute: () => rootRoute,
  id: 'customer',
  beforeLoad: ({ context, location }) => requireCustomer(context, location.href),
  // the customer area's messages are in the app catalog: loaded before any of its screens renders
  loader: ({ context }) => requireAppCatalog(context.store),
  component: lazyRouteComponent(() => import('../../features/customer/components/customer-layout'), 'CustomerLayout'),
});

const parent = () => customerLayoutRoute;
export const customerRoutes = [
  createRoute({
    getParentRoute: parent,
    path: paths.customer.profile,
    component: lazyRouteComponent(() => import('../../features/customer/components/profile-page'), 'ProfilePage'),
  }),
  placeholder(parent, paths.customer.cardRequest, 'nav.cardRequest'),
  placeholder(parent, paths.customer.wallet, 'page.wallet'),
  placeholder(parent, paths.customer.bookings, 'page.bookings'),
  placeholder(parent, paths.customer.sessions, 'page.sessions'),
  placeholder(parent, paths.registerCarInfo, 'page.registerCarInfo'),
  placeholder(parent, paths.notifications, 'nav.notifications'),
];
