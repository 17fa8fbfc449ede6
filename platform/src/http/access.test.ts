import { describe, expect, it } from 'vitest';
import type { Access } from '@evc/contracts';
import type { Principal } from '../auth/principal';
import { Authenticator, requireAccess } from './access';

const customer: Principal = { accountId: 'c', userType: 5, roles: ['customer'], privileges: [] };
const viewer: Principal = { accountId: 's', userType: 1, roles: ['Viewer'], privileges: ['admins.read'] };
const codeOf = (access: Access, principal: Principal | null) => {
  try {
    requireAccess(access, principal);
    return 'ok';
  } catch (e) {
    return (e as { code: string }).code;
  }
};

describe('requireAccess', () => {
  it('applies public / authenticated / customer / staff / privilege', () => {
    const table: [Access, Principal | null, string][] = [
      [{ kind: 'public' }, null, 'ok'],
      [{ kind: 'authenticated' }, null, 'auth.unauthenticated'],
      [{ kind: 'authenticated' }, customer, 'ok'],
      [{ kind: 'authenticated' }, viewer, 'ok'],
      [{ kind: 'customer' }, customer, 'ok'],
      [{ kind: 'customer' }, viewer, 'auth.forbidden'],
      [{ kind: 'staff' }, viewer, 'ok'],
      [{ kind: 'staff' }, customer, 'auth.forbidden'],
      [{ kind: 'staff' }, null, 'auth.unauthenticated'],
      [{ kind: 'privilege', privilege: 'admins.read' }, viewer, 'ok'],
      [{ kind: 'privilege', privilege: 'admins.write' }, viewer, 'auth.forbidden'],
      [{ kind: 'privilege', privilege: 'admins.read' }, { ...customer, privileges: ['admins.read'] }, 'auth.forbidden'],
      [{ kind: 'privilege', privilege: 'admins.read' }, null, 'auth.unauthenticated'],
    ];
    for (const [access, principal, expected] of table)
      expect([access, principal?.accountId, codeOf(access, principal)]).toEqual([access, principal?.accountId, expected]);
  });

  it('a bad token is 401 on a guarded operation but ignored on a public one', async () => {
    const auth = new Authenticator({ verify: async (t) => (t === 'good' ? viewer : null) });
    const req = (token?: string) => ({ headers: token ? { authorization: `Bearer ${token}` } : {} });
    expect(await auth.authorize({ kind: 'public' }, req('expired'))).toBeNull();
    expect(await auth.authorize({ kind: 'public' }, req('good'))).toEqual(viewer);
    await expect(auth.authorize({ kind: 'authenticated' }, req('expired'))).rejects.toMatchObject({ code: 'auth.unauthenticated' });
    await expect(auth.authorize({ kind: 'privilege', privilege: 'admins.read' }, req('good'))).resolves.toEqual(viewer);
  });
});
