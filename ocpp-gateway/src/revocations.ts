import type { Logger } from '@evc/platform/logging/logger';
import { revokedReason, type ChargerAuthReader } from './charger-auth';
import type { Connection } from './connection';

/** Close code 1008 (policy) when a charger is deleted or re-keyed. */
export const CLOSE_REVOKED = 1008;

/**
 * A charger's key was rotated or the charger (or its station) deleted: each of those held here is closed at once
 * (1008) unless its record still matches the key it logged in with. Each charger's connection is looked up as its
 * turn comes, since one may close or be replaced while an earlier one is checked.
 */
export async function closeRevoked(
  chargerIds: readonly string[],
  connectionOf: (chargerId: string) => Connection | undefined,
  documents: ChargerAuthReader,
  log: Logger,
): Promise<void> {
  for (const chargerId of chargerIds) {
    const connection = connectionOf(chargerId);
    if (!connection) continue;
    const reason = await revokedReason(documents, chargerId, connection.secretHash);
    if (!reason) continue;
    log.warn('charger access revoked, closing its connection', { chargerId, reason });
    await connection.client.close({ code: CLOSE_REVOKED, reason }).catch(() => undefined);
  }
}
