/**
 * Every privilege a role can carry: the access vocabulary every context's operations are declared with. The server
 * checks them on every command and query; identity's roles grant them.
 */
export const PRIVILEGES = [
  'admins.read',
  'admins.write',
  'roles.read',
  'roles.write',
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
  'mailbox.read',
  'diagnostics.manage',
  'alerts.read',
  'alerts.manage',
  'uptime.manage',
  'firmware.manage',
] as const;
export type Privilege = (typeof PRIVILEGES)[number];
