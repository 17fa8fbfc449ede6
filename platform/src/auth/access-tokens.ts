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

/** Verified tokens remembered (oldest dropped first): one per active client for a token's lifetime. */
const VERIFIED_TOKENS = 20_000;

/** The principal a token's claims speak for (a customer's token carries no privileges, whatever it was signed with). */
const principalOf = ({ sub, userType, roles, privileges, ver, fam }: z.infer<typeof claimsSchema>): Principal => ({
  accountId: sub,
  userType,
  roles,
  privileges: userType === 1 ? privileges : [],
  version: ver,
  ...(fam ? { familyId: fam } : {}),
});

const copyOf = (p: Principal): Principal => ({ ...p, roles: [...p.roles], privileges: [...p.privileges] });

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
  /**
   * Tokens verified already (the exact text → its principal and expiry), so a client's next requests skip the
   * signature check (WebCrypto's HMAC is a noticeable share of a request's CPU in a burst of starts). The
   * expiry is still checked on every use; an outdated token is the guards' part (access versions), as before.
   */
  private readonly verified = new Map<string, { principal: Principal; expiresAtMs: number }>();

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
    // A token this process just signed needs no signature check here: it is remembered as verify would remember it
    // (the same claims read through the same schema), so the holder's first request (often a sessions.start) skips
    // the HMAC. Other processes and replicas verify it as any other.
    const claims = claimsSchema.safeParse({
      sub: principal.accountId,
      userType: principal.userType,
      roles: principal.roles,
      privileges: principal.privileges,
      ver: principal.version ?? 0,
      fam: principal.familyId,
    });
    if (claims.success) this.remember(token, principalOf(claims.data), exp * 1000);
    return { token, expiresAt: new Date(exp * 1000) };
  }

  private remember(token: string, principal: Principal, expiresAtMs: number) {
    this.verified.set(token, { principal: copyOf(principal), expiresAtMs });
    if (this.verified.size > VERIFIED_TOKENS) this.verified.delete(this.verified.keys().next().value!);
  }

  async verify(token: string): Promise<Principal | null> {
    if (token.length > 8192) return null;
    const known = this.verified.get(token);
    if (known) {
      if (Date.now() < known.expiresAtMs) return copyOf(known.principal);
      this.verified.delete(token);
      return null;
    }
    try {
      const { payload } = await jwtVerify(token, this.key, { issuer: ISSUER, audience: AUDIENCE, algorithms: ['HS256'] });
      const claims = claimsSchema.safeParse(payload);
      if (!claims.success) return null;
      const principal = principalOf(claims.data);
      if (typeof payload.exp === 'number') this.remember(token, principal, payload.exp * 1000);
      return principal;
    } catch {
      return null;
    }
  }
}
