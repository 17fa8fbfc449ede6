import { mkdtemp, readFile, rm, stat } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it, vi } from 'vitest';
import { SignJWT, jwtVerify } from 'jose';
import { AccessTokens } from './access-tokens';

// jwtVerify counted (the real one still runs): a token this process signed is not checked again.
vi.mock('jose', async (importOriginal) => {
  const jose = await importOriginal<typeof import('jose')>();
  return { ...jose, jwtVerify: vi.fn(jose.jwtVerify) };
});
import { resolveAuthSecret } from './auth-secret';

const secret = 's'.repeat(40);
const staff = {
  accountId: 'a-1',
  userType: 1 as const,
  roles: ['Viewer'],
  privileges: ['admins.read' as const],
  version: 42,
  familyId: 'f-1',
};

describe('access tokens', () => {
  it('round-trips the principal and expires after the TTL', async () => {
    const tokens = new AccessTokens(secret, 600);
    const { token, expiresAt } = await tokens.issue(staff);
    expect(await tokens.verify(token)).toEqual(staff);
    expect(expiresAt.getTime() - Date.now()).toBeGreaterThan(590_000);
    const old = await tokens.issue(staff, new Date(Date.now() - 601_000));
    expect(await tokens.verify(old.token)).toBeNull();
  });

  it('answers a token verified before from memory until it expires, and then refuses it', async () => {
    const tokens = new AccessTokens(secret, 60);
    const { token } = await tokens.issue(staff);
    const first = await tokens.verify(token);
    expect(first).toEqual(staff);
    first!.privileges.push('admins.write' as never);
    expect(await tokens.verify(token)).toEqual(staff);
    vi.useFakeTimers({ now: Date.now() + 61_000 });
    try {
      expect(await tokens.verify(token)).toBeNull();
    } finally {
      vi.useRealTimers();
    }
  });

  it('knows a token it signed without checking its signature, as another instance with the key verifies it', async () => {
    const customer = { accountId: 'c-9', userType: 5 as const, roles: ['customer'], privileges: ['admins.write' as const], version: 3 };
    for (const principal of [staff, customer]) {
      const signer = new AccessTokens(secret, 600);
      const { token } = await signer.issue(principal);
      vi.mocked(jwtVerify).mockClear();
      const mine = await signer.verify(token);
      expect(jwtVerify).not.toHaveBeenCalled();
      const theirs = await new AccessTokens(secret, 600).verify(token);
      expect(jwtVerify).toHaveBeenCalledTimes(1);
      // The same principal either way: a customer's token carries no privileges, whatever it was signed with.
      expect(mine).toEqual(theirs);
      expect(mine!.privileges).toEqual(principal.userType === 1 ? principal.privileges : []);
    }
  });

  it('refuses another key, a tampered payload, alg none, and garbage', async () => {
    const tokens = new AccessTokens(secret, 600);
    const { token } = await tokens.issue(staff);
    expect(await new AccessTokens('t'.repeat(40), 600).verify(token)).toBeNull();
    const [h, , s] = token.split('.');
    const forged = Buffer.from(
      JSON.stringify({ sub: 'a-1', userType: 1, roles: [], privileges: ['admins.write'], iss: 'evc', aud: 'evc-api', exp: 9e9 }),
    ).toString('base64url');
    expect(await tokens.verify(`${h}.${forged}.${s}`)).toBeNull();
    const none = `${Buffer.from('{"alg":"none"}').toString('base64url')}.${forged}.`;
    expect(await tokens.verify(none)).toBeNull();
    expect(await tokens.verify('garbage')).toBeNull();
  });

  it('drops privileges from a customer token even when signed with them', async () => {
    const key = new TextEncoder().encode(secret);
    const token = await new SignJWT({ userType: 5, roles: ['customer'], privileges: ['admins.write'], ver: 1 })
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject('c-1')
      .setIssuer('evc')
      .setAudience('evc-api')
      .setExpirationTime('5m')
      .sign(key);
    expect((await new AccessTokens(secret, 600).verify(token))?.privileges).toEqual([]);
  });

  it('refuses a key shorter than 32 characters', () => {
    expect(() => new AccessTokens('short', 600)).toThrow();
  });
});

describe('auth secret', () => {
  it('generates the embedded key once into DATA_DIR/auth-secret (0600) and reuses it', async () => {
    const dir = await mkdtemp(path.join(os.tmpdir(), 'evc-secret-'));
    try {
      const first = await resolveAuthSecret({ profile: 'embedded' }, dir);
      expect(first.length).toBeGreaterThanOrEqual(32);
      expect(await resolveAuthSecret({ profile: 'embedded' }, dir)).toBe(first);
      expect((await readFile(path.join(dir, 'auth-secret'), 'utf8')).trim()).toBe(first);
      expect((await stat(path.join(dir, 'auth-secret'))).mode & 0o777).toBe(0o600);
      expect(await resolveAuthSecret({ profile: 'embedded', AUTH_TOKEN_SECRET: 'e'.repeat(32) }, dir)).toBe('e'.repeat(32));
      await expect(resolveAuthSecret({ profile: 'cluster' }, dir)).rejects.toThrow(/AUTH_TOKEN_SECRET/);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});
