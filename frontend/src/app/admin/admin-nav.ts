// i18n-catalog: app — these labels render only in the admin panel, whose route loads the app catalog first.
import type { Privilege } from '@evc/contracts/shared';
import { paths } from '../../config/paths';
import type { NavItem } from '../../config/nav-items';

export interface AdminNavItem extends NavItem {
  /** Shown only to staff whose roles carry it; the route guard and the server check it too. */
  privilege?: Privilege;
}

export const adminNav: AdminNavItem[] = [
  { to: paths.admin.root, labelId: 'admin.dashboard' },
  { to: paths.admin.admins, labelId: 'admin.admins', privilege: 'admins.read' },
  { to: paths.admin.roles, labelId: 'admin.roles', privilege: 'roles.read' },
  { to: paths.admin.carBrand, labelId: 'admin.carBrand' },
  { to: paths.admin.carType, labelId: 'admin.carType' },
  { to: paths.admin.batteryRange, labelId: 'admin.batteryRange' },
  { to: paths.admin.countries, labelId: 'admin.countries' },
  { to: paths.admin.governorates, labelId: 'admin.governorates' },
  { to: paths.admin.chargerManagement, labelId: 'admin.chargerManagement' },
  { to: paths.admin.pricing, labelId: 'admin.pricing' },
  { to: paths.admin.users, labelId: 'admin.users', privilege: 'customers.read' },
  { to: paths.admin.cardRequests, labelId: 'admin.cardRequests', privilege: 'cards.manage' },
  { to: paths.admin.contactRequests, labelId: 'admin.contactRequests', privilege: 'contact.manage' },
  { to: paths.admin.sessions, labelId: 'admin.sessions', privilege: 'sessions.read' },
  { to: paths.admin.bookings, labelId: 'admin.bookings', privilege: 'sessions.read' },
  { to: paths.admin.mailbox, labelId: 'admin.mailbox', privilege: 'mailbox.read' },
  { to: paths.admin.events, labelId: 'admin.events', privilege: 'events.read' },
  { to: paths.admin.uptime, labelId: 'admin.uptime', privilege: 'analytics.read' },
  { to: paths.admin.settings, labelId: 'admin.settings' },
  { to: paths.admin.alerts, labelId: 'alerts.nav', privilege: 'alerts.read' },
  { to: paths.admin.firmware, labelId: 'admin.firmware', privilege: 'firmware.manage' },
];

/** The privilege an admin screen needs, by its full path. */
export const privilegeOf = (path: string): Privilege | undefined => adminNav.find((item) => item.to === path)?.privilege;
