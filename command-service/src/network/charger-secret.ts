import { createHash, randomBytes } from 'node:crypto';
import type { z } from 'zod';
import type { chargerSecretResultSchema } from '@evc/contracts';

export type ChargerSecretResult = z.infer<typeof chargerSecretResultSchema>;

/** A new charger key (32 characters, 192 bits) and the sha256 the events keep; the key itself is answered once. */
export function newChargerSecret(): { secretKey: string; secretHash: string } {
  const secretKey = randomBytes(24).toString('base64url');
  return { secretKey, secretHash: createHash('sha256').update(secretKey).digest('hex') };
}
