import { SignJWT, jwtVerify } from 'jose';
import { z } from 'zod';
import { PRIVILEGES } from '@evc/contracts';
import type { Principal } from './principal';

const ISSUER = 'evc';
const AUDIENCE = 'evc-api';

const claimsSchema = z.object({
  sub: z.string().min(1).max(64),
  userType: z.union([z.literal(1), z.literal(5)]),
  roles: z.array(z.string().max(100)).max(50),
  privileges: z.array(z.enum(PRIVILEGES)),
  /** The account's access version at signing; a token without one is from before versions and is refused. */
  ver: z.number().int().min(0),
  fam: z.string().max(64).optional(),
});

/** Verifies an access token; what the query side and every guard need. */
export interface TokenVerifier {
  /** The principal of a valid, unexpired token, or null. Never throws on bad input. */
  verify(token: string): Promise<Principal | null>;
}

/**
 * Short-lived access tokens: JWT signed with HS256 (`jose`), claims sub, userType, roles, privileges, `ver` (the
 * account's access version) and `fam` (the refresh family). Revocation is the guards' part: they refuse a token whose
 * `ver` is below the account's current version (platform/src/http/access.ts, AccessCheck).
 */
export class AccessTokens implements TokenVerifier {
  private readonly key: Uint8Array;

  constructor(
    secret: string,
    readonly ttlSeconds: number,
  ) {
    if (secret.length < 32) throw new Error('the token signing key must be at least 32 characters');
    this.key = new TextEncoder().encode(secret);
  }

  async issue(principal: Principal, now = new Date()): Promise<{ token: string; expiresAt: Date }> {
    const iat = Math.floor(now.getTime() / 1000);
    const exp = iat + this.ttlSeconds;
    const token = await new SignJWT({
      userType: principal.userType,
      roles: principal.roles,
      privileges: principal.privileges,
      ver: principal.version ?? 0,
      ...(principal.familyId ? { fam: principal.familyId } : {}),
    })
      .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
      .setSubject(principal.accountId)
      .setIssuer(ISSUER)
      .setAudience(AUDIENCE)
      .setIssuedAt(iat)
      .setExpirationTime(exp)
      .sign(this.key);
    return { token, expiresAt: new Date(exp * 1000) };
  }

  async verify(token: string): Promise<Principal | null> {
    if (token.length > 8192) return null;
    try {
      const { payload } = await jwtVerify(token, this.key, { issuer: ISSUER, audience: AUDIENCE, algorithms: ['HS256'] });
      const claims = claimsSchema.safeParse(payload);
      if (!claims.success) return null;
      const { sub, userType, roles, privileges, ver, fam } = claims.data;
      return { accountId: sub, userType, roles, privileges: userType === 1 ? privileges : [], version: ver, ...(fam ? { familyId: fam } : {}) };
    } catch {
      return null;
    }
  }
}
