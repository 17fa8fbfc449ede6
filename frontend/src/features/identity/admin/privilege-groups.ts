import type { Privilege } from '@evc/contracts/shared';

/** Privileges grouped for the role form; `satisfies` plus the check below keep it in step with contracts. */
export const PRIVILEGE_GROUPS = [
  { id: 'access', privileges: ['admins.read', 'admins.write', 'roles.read', 'roles.write'] },
  { id: 'customers', privileges: ['customers.read', 'customers.ban', 'wallet.adjust', 'cards.manage', 'contact.manage'] },
  {
    id: 'network',
    privileges: ['stations.write', 'pricing.write', 'masterdata.write', 'diagnostics.manage', 'uptime.manage', 'firmware.manage'],
  },
  { id: 'operations', privileges: ['sessions.read', 'bookings.write', 'events.read', 'analytics.read', 'alerts.read', 'alerts.manage'] },
  { id: 'system', privileges: ['mailbox.read'] },
] as const satisfies readonly { id: string; privileges: readonly Privilege[] }[];

type Listed = (typeof PRIVILEGE_GROUPS)[number]['privileges'][number];
export const privilegeGroupsComplete: [Exclude<Privilege, Listed>] extends [never] ? true : false = true;
