// i18n-catalog: app — the title ids below render only in the admin panel, whose route loads the app catalog first.
import { createRoute, lazyRouteComponent } from '@tanstack/react-router';
import { paths } from '../../config/paths';
import { NotFoundPage } from '../../features/errors/components/error-pages';
import { adminNav, privilegeOf } from '../../features/admin/admin-nav';
import { requireStaff } from '../../features/auth/guards';
import { requireAppCatalog } from '../../lib/i18n/load-messages';
import { placeholder } from './placeholders';
import { rootRoute } from './root';

/** Admin panel under /admin: signed-in staff only; layout and screens load as their own chunks. */
export const adminLayoutRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: paths.admin.root,
  beforeLoad: ({ context, location }) => requireStaff(context, location.href),
  // the panel's messages are in the app catalog: loaded before any admin screen renders
  loader: ({ context }) => requireAppCatalog(context.store),
  component: lazyRouteComponent(() => import('../../features/admin/components/admin-layout'), 'AdminLayout'),
  notFoundComponent: NotFoundPage,
});

const parent = () => adminLayoutRoute;
const a = paths.admin;
const titles = Object.fromEntries(adminNav.map((item) => [item.to, item.labelId]));
type Sub<P extends string> = P extends `/admin/${infer R}` ? R : never;
const sub = <P extends string>(full: P) => full.slice(a.root.length + 1) as Sub<P>;
/** A screen of a later issue, guarded by its privilege. */
const screen = <P extends string>(full: P) =>
  createRoute({
    getParentRoute: parent,
    path: sub(full),
    beforeLoad: ({ context, location }) => requireStaff(context, location.href, privilegeOf(full)),
    component: lazyRouteComponent(() => import('../../features/placeholders/components/coming-soon'), 'ComingSoon'),
    staticData: { titleId: titles[full] ?? 'admin.dashboard' },
  });
/** A built screen (issues 4 and 5), guarded by its privilege. */
const built = <P extends string>(full: P, load: () => Promise<Record<string, unknown>>, name: string) =>
  createRoute({
    getParentRoute: parent,
    path: sub(full),
    beforeLoad: ({ context, location }) => requireStaff(context, location.href, privilegeOf(full)),
    component: lazyRouteComponent(load as never, name as never),
  });

/** One import for the catalog screens (master data, countries, governorates) and pricing: one chunk. */
const catalog = () => import('../../features/admin/components/catalog-screens');

export const adminRoutes = [
  placeholder(parent, '/', 'admin.dashboard'),
  built(a.admins, () => import('../../features/admin/components/admins-page'), 'AdminsPage'),
  built(a.roles, () => import('../../features/admin/components/roles-page'), 'RolesPage'),
  built(a.settings, () => import('../../features/admin/components/settings-page'), 'SettingsPage'),
  built(a.mailbox, () => import('../../features/admin/components/mailbox-page'), 'MailboxPage'),
  built(a.users, () => import('../../features/admin/components/customers-page'), 'CustomersPage'),
  built(a.carBrand, catalog, 'CarBrandPage'),
  built(a.carType, catalog, 'CarTypePage'),
  built(a.batteryRange, catalog, 'BatteryRangePage'),
  built(a.chargerManagement, () => import('../../features/admin/components/stations-admin-page'), 'StationsAdminPage'),
  screen(a.contactRequests),
  screen(a.cardRequests),
  built(a.pricing, catalog, 'PricingPage'),
  built(a.countries, catalog, 'CountriesPage'),
  built(a.governorates, catalog, 'GovernoratesPage'),
  built(a.sessions, () => import('../../features/admin/components/sessions-page'), 'SessionsPage'),
  built(a.bookings, () => import('../../features/admin/components/bookings-admin-page'), 'BookingsAdminPage'),
];
