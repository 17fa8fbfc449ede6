import { createRoute, lazyRouteComponent } from '@tanstack/react-router';
import { paths } from '../../config/paths';
import { placeholder } from './placeholders';
import { rootRoute } from './root';

/** Customer area: its layout is its own chunk. */
export const customerLayoutRoute = createRoute({
  getParentRoute: () => rootRoute,
  id: 'customer',
  component: lazyRouteComponent(() => import('../../features/customer/components/customer-layout'), 'CustomerLayout'),
});

const parent = () => customerLayoutRoute;
export const customerRoutes = [
  placeholder(parent, paths.customer.profile, 'nav.profile'),
  placeholder(parent, paths.customer.cardRequest, 'nav.cardRequest'),
  placeholder(parent, paths.customer.wallet, 'page.wallet'),
  placeholder(parent, paths.customer.bookings, 'page.bookings'),
  placeholder(parent, paths.customer.sessions, 'page.sessions'),
  placeholder(parent, paths.registerCarInfo, 'page.registerCarInfo'),
  placeholder(parent, paths.notifications, 'nav.notifications'),
];
