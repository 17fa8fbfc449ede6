/**
 * What a signed-in account may do changes with these events; each one ends the access tokens issued before it
 * (so a ban or a lost privilege takes effect at once). An account's access version is the log position of the newest
 * of them on its own stream, or of the newest change of a role it holds (`ROLE_ACCESS_EVENTS`). The command side computes it from the streams when it
 * signs a token (claim `ver`); the `account_access` read model holds the same number for the guards of both
 * services, so a token whose `ver` is lower is refused at once.
 */
export const ACCOUNT_ACCESS_EVENTS = [
  'CustomerSignedUp',
  'AdminCreated',
  'AdminUpdated',
  'AdminDeactivated',
  'AdminActivated',
  'CustomerBanned',
  'CustomerUnbanned',
  'PasswordChanged',
  'PasswordReset',
] as const;
export const ROLE_ACCESS_EVENTS = ['RoleCreated', 'RoleUpdated'] as const;

/** The newest position among `events` whose type is one of `types` (0 when none). */
export function newestPosition(events: readonly { type: string; position: number }[], types: readonly string[]): number {
  let newest = 0;
  for (const e of events) if (types.includes(e.type) && e.position > newest) newest = e.position;
  return newest;
}
