import { createHash, randomBytes } from 'node:crypto';

export const sha256 = (value: string): string => createHash('sha256').update(value).digest('hex');

/** The e-mail index key: a hash of the trimmed, lower-cased address (the stream name never shows the address). */
export const emailKey = (email: string): string => sha256(email.trim().toLowerCase());

/**
 * A single-use link token (reset password, verify e-mail): the account id without dashes, then 32 random bytes in
 * base64url. Only its sha256 is stored (in events); the id prefix lets the server find the account.
 */
export function newLinkToken(accountId: string): { token: string; tokenHash: string } {
  const token = `${accountId.replace(/-/g, '')}${randomBytes(32).toString('base64url')}`;
  return { token, tokenHash: sha256(token) };
}

/** The account id a link token names, or null when it has not the shape of one. */
export function accountOfLinkToken(token: string): string | null {
  const hex = token.slice(0, 32);
  if (!/^[0-9a-f]{32}$/.test(hex) || token.length !== 32 + 43) return null;
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

/** A refresh token: `<familyId>.<32 random bytes base64url>`; the family id finds its stream. */
export function newRefreshToken(familyId: string): { token: string; tokenHash: string } {
  const token = `${familyId}.${randomBytes(32).toString('base64url')}`;
  return { token, tokenHash: sha256(token) };
}

export function familyOfRefreshToken(token: string): string | null {
  const match = /^([0-9a-f-]{36})\.[A-Za-z0-9_-]{43}$/.exec(token);
  return match ? match[1]! : null;
}

/** A first password that passes the password rule: 16 characters with upper, lower and digits. */
export function generatePassword(): string {
  const body = randomBytes(12).toString('base64url').replace(/[-_]/g, 'x').slice(0, 13);
  const digit = String(randomBytes(1)[0]! % 10);
  return `Ev${body}${digit}`;
}
