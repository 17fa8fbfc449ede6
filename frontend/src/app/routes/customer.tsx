import { createRoute, lazyRouteComponent } from '@tanstack/react-router';
import { paths } from '../../config/paths';
import { requireCustomer } from '../../features/auth/guards';
import { placeholder } from './placeholders';
import { rootRoute } from './root';

/** Customer area: signed-in customers only; its layout is its own chunk. */
export const customerLayoutRoute = createRoute({
  getParentRoute: () => rootRoute,
  id: 'customer',
  beforeLoad: ({ context, location }) => requireCustomer(context, location.href),
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
