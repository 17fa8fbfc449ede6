import { paths } from '../../config/paths';
import type { NavItem } from '../layout/nav-items';

export const adminNav: NavItem[] = [
  { to: paths.admin.admins, labelId: 'admin.admins' },
  { to: paths.admin.roles, labelId: 'admin.roles' },
  { to: paths.admin.carBrand, labelId: 'admin.carBrand' },
  { to: paths.admin.carType, labelId: 'admin.carType' },
  { to: paths.admin.batteryRange, labelId: 'admin.batteryRange' },
  { to: paths.admin.countries, labelId: 'admin.countries' },
  { to: paths.admin.governorates, labelId: 'admin.governorates' },
  { to: paths.admin.chargerManagement, labelId: 'admin.chargerManagement' },
  { to: paths.admin.pricing, labelId: 'admin.pricing' },
  { to: paths.admin.users, labelId: 'admin.users' },
  { to: paths.admin.cardRequests, labelId: 'admin.cardRequests' },
  { to: paths.admin.contactRequests, labelId: 'admin.contactRequests' },
  { to: paths.admin.sessions, labelId: 'admin.sessions' },
  { to: paths.admin.bookings, labelId: 'admin.bookings' },
  { to: paths.admin.settings, labelId: 'admin.settings' },
];
