import type { Access } from '@evc/contracts';
import type { Principal } from '../auth/principal';
import type { TokenVerifier } from '../auth/access-tokens';
import { ApiException } from './api-exception';

export type { Principal } from '../auth/principal';

/**
 * The server-side guard of every operation (DESIGN §5): public passes; everything else needs a valid token;
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

/** Resolves the caller of a request from its bearer token and checks an operation's access. */
export class Authenticator {
  constructor(private readonly tokens: TokenVerifier) {}

  /** The caller, or null without a token. A token that is present but invalid or expired is a 401. */
  async principalOf(req: HeadersLike): Promise<Principal | null> {
    const token = bearerToken(req);
    if (!token) return null;
    const principal = await this.tokens.verify(token);
    if (!principal) throw new ApiException('auth.unauthenticated', 'The session has expired; sign in again');
    return principal;
  }

  /**
   * Checks `access` and answers the caller. On a public operation a bad or expired token is ignored (the caller is
   * treated as a visitor), so a stale token in the browser never breaks the public site.
   */
  async authorize(access: Access, req: HeadersLike): Promise<Principal | null> {
    if (access.kind === 'public') {
      const token = bearerToken(req);
      return token ? this.tokens.verify(token) : null;
    }
    const principal = await this.principalOf(req);
    requireAccess(access, principal);
    return principal;
  }
}

/** Nest injection token of the Authenticator, shared by the command and query modules. */
export const AUTHENTICATOR = Symbol('Authenticator');
