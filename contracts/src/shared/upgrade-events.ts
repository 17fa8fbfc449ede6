/**
 * `upgrade-<name>`: a one-off data upgrade ran to the end (command-service/src/upgrades). Its steps are idempotent;
 * the marker only spares later starts the scan.
 */
export type UpgradeApplied = { type: 'UpgradeApplied'; data: { name: string; counts: Record<string, number> } };
export type UpgradeEvent = UpgradeApplied;
export const upgradeStream = (name: string) => `upgrade-${name}`;
