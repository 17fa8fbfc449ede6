import { createHash, timingSafeEqual } from 'node:crypto';
import type { Doc, Filter } from '@evc/platform';
import { RM } from '@evc/projections';

/**
 * All the gateway reads of the read models: one charger's login record by id. A DocumentStore is one; the gateway's
 * own process (process/) asks its parent through this shape instead of holding the read models.
 */
export interface ChargerAuthReader {
  collection(name: string): { findOne(filter: Filter): Promise<Doc | null> };
}

export type AuthOutcome =
  | { ok: true; stationId: string; ocppVersion: string; secretHash: string }
  | { ok: false; reason: 'unknown' | 'deleted' | 'no_password' | 'wrong_key' };

/** OCPP security profile 1: HTTP Basic with the charger's id and secret key, checked against its stored hash. */
export async function authenticateCharger(
  documents: ChargerAuthReader,
  chargerId: string,
  password: Buffer | undefined,
): Promise<AuthOutcome> {
  const record = await documents.collection(RM.chargerAuth).findOne({ _id: chargerId });
  if (!record) return { ok: false, reason: 'unknown' };
  if (record.deleted === true) return { ok: false, reason: 'deleted' };
  if (!password || password.length === 0) return { ok: false, reason: 'no_password' };
  const presented = createHash('sha256').update(password).digest();
  const stored = Buffer.from(String(record.secretHash), 'hex');
  if (stored.length !== presented.length || !timingSafeEqual(stored, presented)) return { ok: false, reason: 'wrong_key' };
  return { ok: true, stationId: String(record.stationId), ocppVersion: String(record.ocppVersion), secretHash: String(record.secretHash) };
}

/**
 * Whether a charger holds a connection to the network now, as the charger read model last heard (ChargerConnected /
 * ChargerDisconnected): the demonstration leaves such chargers alone.
 */
export async function chargerOnline(documents: ChargerAuthReader, chargerId: string): Promise<boolean> {
  const record = await documents.collection(RM.chargers).findOne({ _id: chargerId });
  return record?.online === true;
}

/** The read model's name, whose change notices (readmodel.changed) tell gateway nodes a charger's access changed. */
export const CHARGER_AUTH_COLLECTION = RM.chargerAuth;

/** Why a connection logged in with `secretHash` may no longer stay open, or null when it may. */
export async function revokedReason(
  documents: ChargerAuthReader,
  chargerId: string,
  secretHash: string,
): Promise<'Charger deleted' | 'Charger key rotated' | null> {
  const record = await documents.collection(RM.chargerAuth).findOne({ _id: chargerId });
  if (!record || record.deleted === true) return 'Charger deleted';
  return record.secretHash === secretHash ? null : 'Charger key rotated';
}
