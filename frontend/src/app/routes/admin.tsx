import { createRoute, lazyRouteComponent } from '@tanstack/react-router';
import { paths } from '../../config/paths';
import { NotFoundPage } from '../../features/errors/components/error-pages';
import { adminNav } from '../../features/admin/admin-nav';
import { placeholder } from './placeholders';
import { rootRoute } from './root';

/** Admin panel under /admin: layout and screens load as their own chunks. */
export const adminLayoutRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: paths.admin.root,
  component: lazyRouteComponent(() => import('../../features/admin/components/admin-layout'), 'AdminLayout'),
  notFoundComponent: NotFoundPage,
});

const parent = () => adminLayoutRoute;
const a = paths.admin;
const titles = Object.fromEntries(adminNav.map((item) => [item.to, item.labelId]));
type Sub<P extends string> = P extends `/admin/${infer R}` ? R : never;
const screen = <P extends string>(full: P) =>
  placeholder(parent, full.slice(a.root.length + 1) as Sub<P>, titles[full] ?? 'admin.dashboard');

export const adminRoutes = [
  placeholder(parent, '/', 'admin.dashboard'),
  screen(a.admins),
  screen(a.carBrand),
  screen(a.carType),
  screen(a.batteryRange),
  screen(a.chargerManagement),
  screen(a.users),
  screen(a.contactRequests),
  screen(a.cardRequests),
  screen(a.pricing),
  screen(a.roles),
  screen(a.settings),
  screen(a.countries),
  screen(a.governorates),
  screen(a.sessions),
  screen(a.bookings),
];
