// i18n-catalog: app — the title ids below render only in the admin panel, whose route loads the app catalog first.
import { createRoute, lazyRouteComponent } from '@tanstack/react-router';
import type { Privilege } from '@evc/contracts/shared';
import { paths } from '../../config/paths';
import { NotFoundPage } from '../errors/error-pages';
import { privilegeOf } from '../admin/admin-nav';
import { requireStaff } from '../../features/identity/guards';
import { requireAppCatalog } from '../../lib/i18n/load-messages';
import { rootRoute } from './root';

/** Admin panel under /admin: signed-in staff only; layout and screens load as their own chunks. */
export const adminLayoutRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: paths.admin.root,
  beforeLoad: ({ context, location }) => requireStaff(context, location.href),
  // the panel's messages are in the app catalog: loaded before any admin screen renders
  loader: ({ context }) => requireAppCatalog(context.store),
  component: lazyRouteComponent(() => import('../admin/admin-layout'), 'AdminLayout'),
  notFoundComponent: NotFoundPage,
});

const parent = () => adminLayoutRoute;
const a = paths.admin;
type Sub<P extends string> = P extends `/admin/${infer R}` ? R : never;
const sub = <P extends string>(full: P) => full.slice(a.root.length + 1) as Sub<P>;
/** A built screen, guarded by its privilege. */
const built = <P extends string>(full: P, load: () => Promise<Record<string, unknown>>, name: string) =>
  createRoute({
    getParentRoute: parent,
    path: sub(full),
    beforeLoad: ({ context, location }) => requireStaff(context, location.href, privilegeOf(full)),
    component: lazyRouteComponent(load as never, name as never),
  });

/** A screen with path parameters (not in the menu), guarded by its own privilege. */
const guarded = <P extends string>(full: P, privilege: Privilege, load: () => Promise<Record<string, unknown>>, name: string) =>
  createRoute({
    getParentRoute: parent,
    path: sub(full),
    beforeLoad: ({ context, location }) => requireStaff(context, location.href, privilege),
    component: lazyRouteComponent(load as never, name as never),
  });
/** The event explorer, an event's chain and a charger's operations view: one chunk. */
const events = () => import('../screens/events-screens');

/** One import for the catalog screens (master data, countries, governorates) and pricing: one chunk. */
const catalog = () => import('../screens/catalog-screens');

export const adminRoutes = [
  createRoute({
    getParentRoute: parent,
    path: '/',
    component: lazyRouteComponent(() => import('../../features/reporting/admin/dashboard-page'), 'DashboardPage'),
  }),
  built(a.admins, () => import('../../features/identity/admin/admins-page'), 'AdminsPage'),
  built(a.roles, () => import('../../features/identity/admin/roles-page'), 'RolesPage'),
  built(a.settings, () => import('../../features/identity/admin/settings-page'), 'SettingsPage'),
  built(a.mailbox, () => import('../../features/contact/admin/mailbox-page'), 'MailboxPage'),
  built(a.users, () => import('../screens/customers-screen'), 'CustomersScreen'),
  built(a.carBrand, catalog, 'CarBrandPage'),
  built(a.carType, catalog, 'CarTypePage'),
  built(a.batteryRange, catalog, 'BatteryRangePage'),
  built(a.chargerManagement, () => import('../screens/stations-screen'), 'StationsScreen'),
  built(a.contactRequests, () => import('../../features/contact/admin/contact-requests-page'), 'ContactRequestsPage'),
  built(a.cardRequests, () => import('../../features/cards/admin/card-requests-page'), 'CardRequestsPage'),
  built(a.pricing, catalog, 'PricingPage'),
  built(a.countries, catalog, 'CountriesPage'),
  built(a.governorates, catalog, 'GovernoratesPage'),
  built(a.sessions, () => import('../../features/charging/admin/sessions-page'), 'SessionsPage'),
  built(a.bookings, () => import('../../features/bookings/admin/bookings-admin-page'), 'BookingsAdminPage'),
  built(a.events, events, 'EventsPage'),
  guarded(a.event, 'events.read', events, 'EventChainPage'),
  guarded(a.chargerOperations, 'events.read', events, 'ChargerOperationsPage'),
  guarded(
    a.chargerDiagnostics,
    'diagnostics.manage',
    () => import('../../features/diagnostics/admin/diagnostics-page'),
    'ChargerDiagnosticsPage',
  ),
  built(a.alerts, () => import('../../features/alerts/admin/alerts-page'), 'AlertsPage'),
  guarded(a.chargerDay, 'events.read', events, 'ChargerDayPage'),
  built(a.uptime, () => import('../../features/uptime/admin/uptime-page'), 'UptimePage'),
  guarded(a.stationUptime, 'analytics.read', () => import('../../features/uptime/admin/station-uptime-page'), 'StationUptimePage'),
  built(a.firmware, () => import('../../features/firmware/admin/firmware-page'), 'FirmwarePage'),
  guarded(a.firmwareCampaign, 'firmware.manage', () => import('../../features/firmware/admin/campaign-page'), 'FirmwareCampaignPage'),
];
