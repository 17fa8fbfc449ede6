import { PRIVILEGES, type Privilege } from '../shared/privileges';

/** Roles seeded at first start (docs/rules.md §6). Ids are stable so seeds and tests can name them. */
export const SEEDED_ROLES: readonly { roleId: string; name: string; nameAr: string; privileges: readonly Privilege[] }[] = [
  { roleId: 'role-super-admin', name: 'Super admin', nameAr: 'مدير عام', privileges: PRIVILEGES },
  {
    roleId: 'role-manager',
    name: 'Manager',
    nameAr: 'مدير',
    privileges: [
      'admins.read',
      'roles.read',
      'customers.read',
      'customers.ban',
      'stations.write',
      'pricing.write',
      'masterdata.write',
      'wallet.adjust',
      'sessions.read',
      'bookings.write',
      'cards.manage',
      'contact.manage',
      'events.read',
      'analytics.read',
      'diagnostics.manage',
      'alerts.read',
      'alerts.manage',
      'uptime.manage',
    ],
  },
  {
    roleId: 'role-operator',
    name: 'Operator',
    nameAr: 'مشغل',
    privileges: [
      'customers.read',
      'stations.write',
      'sessions.read',
      'bookings.write',
      'cards.manage',
      'events.read',
      'diagnostics.manage',
      'alerts.read',
      'alerts.manage',
    ],
  },
  {
    roleId: 'role-viewer',
    name: 'Viewer',
    nameAr: 'مشاهد',
    privileges: ['admins.read', 'roles.read', 'customers.read', 'sessions.read', 'events.read', 'analytics.read', 'alerts.read'],
  },
];
