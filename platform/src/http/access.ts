import type { Access } from '@evc/contracts';
import { ApiException } from './api-exception';

/**
 * The server-side guard of every operation. Public operations pass; privileged ones need a signed-in staff member
 * holding the privilege. Identity (tokens, roles) arrives with its own issue: until then nobody holds a privilege,
 * so every privileged operation answers 401.
 */
export function requireAccess(access: Access): void {
  if (access.kind === 'public') return;
  throw new ApiException('auth.unauthenticated', 'Sign in first');
}
