// i18n-catalog: app — the title ids below render only in the admin panel, whose route loads the app catalog first.
import { createRoute, lazyRouteComponent } from '@tanstack/react-router';
import type { Privilege } from '@evc/contracts/shared';
import { paths } from '../../config/paths';
import { NotFoundPage } from '../../features/errors/components/error-pages';
import { privilegeOf } from '../../features/admin/admin-nav';
import { requireStaff } from '../../features/auth/guards';
import { requireAppCatalog } from '../../lib/i18n/load-messages';
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
type Sub<P extends string> = P extends `/admin/${infer R}` ? R : never;
const sub = <P extends string>(full: P) => full.slice(a.root.length + 1) as Sub<P>;
/** A built screen (issues 4 and 5), guarded by its privilege. */
const built = <P extends string>(full: P, load: () => Promise<Record<string, unknown>>, name: string) =>
  createRoute({
    getParentRoute: parent,
    path: sub(full),
    beforeLoad: ({ context, location }) => requireStaff(context, location.href, privilegeOf(full)),
    component: lazyRouteComponent(load as never, name as never),
  });

/** A screen with path parameters (not in the menu), guarded by its own privilege (issue 15). */
const guarded = <P extends string>(full: P, privilege: Privilege, load: () => Promise<Record<string, unknown>>, name: string) =>
  createRoute({
    getParentRoute: parent,
    path: sub(full),
    beforeLoad: ({ context, location }) => requireStaff(context, location.href, privilege),
    component: lazyRouteComponent(load as never, name as never),
  });
/** The event explorer, an event's chain and a charger's operations view: one chunk. */
const events = () => import('../../features/admin/components/events-screens');

/** One import for the catalog screens (master data, countries, governorates) and pricing: one chunk. */
const catalog = () => import('../../features/admin/components/catalog-screens');

export const adminRoutes = [
  createRoute({ getParentRoute: parent, path: '/', component: lazyRouteComponent(() => import('../../features/admin/components/dashboard-page'), 'DashboardPage') }),
  built(a.admins, () => import('../../features/admin/components/admins-page'), 'AdminsPage'),
  built(a.roles, () => import('../../features/admin/components/roles-page'), 'RolesPage'),
  built(a.settings, () => import('../../features/admin/components/settings-page'), 'SettingsPage'),
  built(a.mailbox, () => import('../../features/admin/components/mailbox-page'), 'MailboxPage'),
  built(a.users, () => import('../../features/admin/components/customers-page'), 'CustomersPage'),
  built(a.carBrand, catalog, 'CarBrandPage'),
  built(a.carType, catalog, 'CarTypePage'),
  built(a.batteryRange, catalog, 'BatteryRangePage'),
  built(a.chargerManagement, () => import('../../features/admin/components/stations-admin-page'), 'StationsAdminPage'),
  built(a.contactRequests, () => import('../../features/admin/components/contact-requests-page'), 'ContactRequestsPage'),
  built(a.cardRequests, () => import('../../features/admin/components/card-requests-page'), 'CardRequestsPage'),
  built(a.pricing, catalog, 'PricingPage'),
  built(a.countries, catalog, 'CountriesPage'),
  built(a.governorates, catalog, 'GovernoratesPage'),
  built(a.sessions, () => import('../../features/admin/components/sessions-page'), 'SessionsPage'),
  built(a.bookings, () => import('../../features/admin/components/bookings-admin-page'), 'BookingsAdminPage'),
  built(a.events, events, 'EventsPage'),
  guarded(a.event, 'events.read', events, 'EventChainPage'),
  guarded(a.chargerOperations, 'events.read', events, 'ChargerOperationsPage'),
];
