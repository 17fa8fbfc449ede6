import type { Access } from '@evc/contracts';
import type { Principal } from '../auth/principal';
import type { TokenVerifier } from '../auth/access-tokens';
import { ApiException } from './api-exception';

export type { Principal } from '../auth/principal';

/**
 * The server-side guard of every operation (docs/rules.md §6): public passes; everything else needs a valid token;
 * `customer` needs user type 5; `staff` any staff member (user type 1); `privilege` needs a staff member (user type 1) whose roles carry the privilege.
 */
export function requireAccess(access: Access, principal: Principal | null): void {
  if (access.kind === 'public') return;
  if (!principal) throw new ApiException('auth.unauthenticated', 'Sign in first');
  if (access.kind === 'authenticated') return;
  if (access.kind === 'customer') {
    if (principal.userType !== 5) throw new ApiException('auth.forbidden', 'Only customers may do this');
    return;
  }
  if (access.kind === 'staff') {
    if (principal.userType !== 1) throw new ApiException('auth.forbidden', 'Only staff may do this');
    return;
  }
  if (principal.userType !== 1 || !principal.privileges.includes(access.privilege)) {
    throw new ApiException('auth.forbidden', 'Not allowed');
  }
}

interface HeadersLike {
  headers: Record<string, string | string[] | undefined>;
}

/** The token of `Authorization: Bearer <jwt>`, or null. */
export function bearerToken(req: HeadersLike): string | null {
  const raw = req.headers.authorization;
  const value = Array.isArray(raw) ? raw[0] : raw;
  const match = value ? /^Bearer\s+(\S+)$/i.exec(value) : null;
  return match ? match[1]! : null;
}

/**
 * Whether a signed token still speaks for its account: throws the account's refusal (banned, deactivated)
 * or `identity.session_expired` when the account's access version moved past the token's (a password change or
 * reset, a ban, a role or privilege change). Each service plugs in its own: the command side reads the account's
 * streams, the query side the `account_access` read model through a cache that the change notices invalidate.
 */
export interface AccessCheck {
  assertCurrent(principal: Principal): Promise<void>;
}

/** Resolves the caller of a request from its bearer token and checks an operation's access. */
export class Authenticator {
  constructor(
    private readonly tokens: TokenVerifier,
    private readonly check: AccessCheck | null = null,
  ) {}

  /**
   * The caller, or null without a token. A token that is present but invalid or expired is a 401; one the account
   * has moved past (AccessCheck) is refused too.
   */
  async principalOf(req: HeadersLike): Promise<Principal | null> {
    const token = bearerToken(req);
    if (!token) return null;
    const principal = await this.tokens.verify(token);
    if (!principal) throw new ApiException('auth.unauthenticated', 'The session has expired; sign in again');
    await this.check?.assertCurrent(principal);
    return principal;
  }

  /**
   * Checks `access` and answers the caller. On a public operation a bad, expired or outdated token is ignored (the
   * caller is treated as a visitor), so a stale token in the browser never breaks the public site.
   */
  async authorize(access: Access, req: HeadersLike): Promise<Principal | null> {
    if (access.kind === 'public') {
      const token = bearerToken(req);
      const principal = token ? await this.tokens.verify(token) : null;
      if (!principal || !this.check) return principal;
      return this.check.assertCurrent(principal).then(
        () => principal,
        () => null,
      );
    }
    const principal = await this.principalOf(req);
    requireAccess(access, principal);
    return principal;
  }
}

/** Nest injection token of the Authenticator, shared by the command and query modules. */
export const AUTHENTICATOR = Symbol('Authenticator');
