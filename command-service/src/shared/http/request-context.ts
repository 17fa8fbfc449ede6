import { randomUUID } from 'node:crypto';
import type { Principal } from '@evc/platform/auth/principal';
import type { CommandContext } from '../command-context';

export interface RequestLike {
  headers: Record<string, string | string[] | undefined>;
  ip?: string;
  cookies?: Record<string, string | undefined>;
  protocol?: string;
}

export const header = (req: RequestLike, name: string): string | undefined => {
  const v = req.headers[name];
  return Array.isArray(v) ? v[0] : v;
};

/** Who asks (the signed-in account, or an anonymous visitor) and the correlation id the caller sent, if sane. */
export function contextOf(req: RequestLike, principal: Principal | null): CommandContext {
  const correlation = header(req, 'x-correlation-id');
  return {
    actor: principal
      ? { type: principal.userType === 1 ? 'staff' : 'customer', id: principal.accountId }
      : { type: 'visitor', id: 'anonymous' },
    correlationId: correlation && /^[\w-]{8,64}$/.test(correlation) ? correlation : randomUUID(),
    session: { ...(principal?.familyId ? { familyId: principal.familyId } : {}), clientAddress: req.ip ?? 'unknown' },
  };
}
