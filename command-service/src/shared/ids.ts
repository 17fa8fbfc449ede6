import * as crypto from 'node:crypto';
import { CHARGING_TIMING, type AppTokenScope, type SessionRequested } from '@evc/contracts';

/**
 * A digest in one call: `crypto.hash` (Node ≥ 21.7) skips the Hash object createHash builds (a cost a burst of
 * starts feels); createHash on older Node.
 */
const digest = (algorithm: 'sha1' | 'sha256', text: string): Buffer =>
  typeof crypto.hash === 'function' ? crypto.hash(algorithm, text, 'buffer') : crypto.createHash(algorithm).update(text).digest();

/** A uuid (version 5 layout, sha-1) derived from a name: the same name always gives the same id. */
export function uuidFrom(name: string): string {
  const b = digest('sha1', `evc-charging:${name}`);
  b[6] = (b[6]! & 0x0f) | 0x50;
  b[8] = (b[8]! & 0x3f) | 0x80;
  const h = b.subarray(0, 16).toString('hex');
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-${h.slice(12, 16)}-${h.slice(16, 20)}-${h.slice(20, 32)}`;
}

const BASE32 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567';

/** 'A' and 19 base-32 characters of `bytes` (20 characters: an OCPP 1.6 idTag). */
function tagOf(bytes: Uint8Array): string {
  let bits = 0;
  let value = 0;
  let out = 'A';
  for (const byte of bytes) {
    value = (value << 8) | byte;
    bits += 8;
    while (bits >= 5 && out.length < 20) {
      out += BASE32[(value >>> (bits - 5)) & 31];
      bits -= 5;
    }
    if (out.length >= 20) break;
  }
  return out;
}

/**
 * The customer's stable tag: it names the stream of their one open phone session (the lock a start takes) and was the
 * app token of old. It is never sent to a charger any more, and as a token (one issued without a scope) it is Invalid.
 */
export const appIdTag = (customerId: string): string => tagOf(digest('sha256', `evc-app-tag:${customerId}`));

/**
 * A new app token for one remote start or one reservation: 95 random bits, so neither the customer id nor an earlier
 * token tells anyone the next one.
 */
export const newAppIdTag = (): string => tagOf(crypto.randomBytes(12));

/** The charger command of a session's remote start / stop: one per session, so a repeat sends nothing. */
export const startCommandId = (sessionId: string) => uuidFrom(`remote-start:${sessionId}`);
export const stopCommandId = (sessionId: string) => uuidFrom(`remote-stop:${sessionId}`);

/** A session started with a token at the charger: the same natural transaction (replayed) maps to one session. */
export const cardSessionId = (chargerId: string, connectorId: number, idTag: string, timestamp: string) =>
  uuidFrom(`card:${chargerId}:${connectorId}:${idTag}:${new Date(timestamp).toISOString()}`);

/**
 * What a session's app token is good for: its remote start's connector, until the claim's lifetime is over (the
 * charger's StartTransaction comes within it or the session fails); then while the session runs there.
 */
export function sessionTokenScope(d: Pick<SessionRequested['data'], 'sessionId' | 'chargerId' | 'connectorId' | 'at'>): AppTokenScope {
  const validUntil = new Date(Date.parse(d.at) + CHARGING_TIMING.connectorClaimTtlMs).toISOString();
  return { chargerId: d.chargerId, connectorId: d.connectorId, validFrom: d.at, validUntil, sessionId: d.sessionId };
}
