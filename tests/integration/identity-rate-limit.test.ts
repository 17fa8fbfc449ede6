import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { postJson, startTestApp, type TestApp } from '../support/app';
import { givenVerifiedCustomer, signIn, uniqueEmail } from '../support/identity';

/** Limits are per process and in memory, so each describe gets its own app. */
describe('sign-in rate limit per account', () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await startTestApp();
  });
  afterAll(() => app?.close());

  it('after 5 failures in 15 minutes the account answers 429 with Retry-After, even to the right password', async () => {
    const { email, password } = await givenVerifiedCustomer(app);
    for (let i = 0; i < 5; i++) expect((await signIn(app.baseUrl, email, `Wrong0Pass${i}`)).status).toBe(401);
    const blocked = await signIn(app.baseUrl, email, password);
    expect([blocked.status, blocked.body.code]).toEqual([429, 'identity.too_many_attempts']);
    const retryAfter = Number(blocked.headers.get('retry-after'));
    expect(retryAfter).toBeGreaterThan(800);
    expect(retryAfter).toBeLessThanOrEqual(900);
    // Another account from the same address is not affected yet (5 of 20 per address used).
    const other = await givenVerifiedCustomer(app);
    expect((await signIn(app.baseUrl, other.email, other.password)).status).toBe(200);
  });

  it('an unknown address is limited the same way (no hint that it does not exist)', async () => {
    const ghost = uniqueEmail('ghost');
    const statuses: number[] = [];
    for (let i = 0; i < 6; i++) statuses.push((await signIn(app.baseUrl, ghost, 'Wrong0Pass')).status);
    expect(statuses).toEqual([401, 401, 401, 401, 401, 429]);
  });
});

describe('sign-in rate limit per client address', () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await startTestApp();
  });
  afterAll(() => app?.close());

  it('after 20 failures from one address in 15 minutes every sign-in from it answers 429', async () => {
    const { email, password } = await givenVerifiedCustomer(app);
    const statuses: number[] = [];
    for (let i = 0; i < 20; i++) statuses.push((await signIn(app.baseUrl, uniqueEmail('spray'), 'Wrong0Pass')).status);
    expect(statuses.every((s) => s === 401)).toBe(true);
    const blocked = await signIn(app.baseUrl, email, password);
    expect([blocked.status, blocked.body.code]).toEqual([429, 'identity.too_many_attempts']);
    expect(Number(blocked.headers.get('retry-after'))).toBeGreaterThan(0);
  });
});

describe('sign-in rate limit behind a proxy (TRUST_PROXY=1)', () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await startTestApp({ env: { TRUST_PROXY: '1' } });
  });
  afterAll(() => app?.close());

  it('counts the client address the proxy appended, not the proxy, and not what the client claims', async () => {
    const attempt = (forwardedFor: string) =>
      postJson<{ code: string }>(
        app.baseUrl,
        '/api/commands/auth.sign-in',
        { email: uniqueEmail('spray'), password: 'Wrong0Pass', audience: 'customer' },
        { 'x-forwarded-for': forwardedFor },
      );
    // The client forges a different first address each time; the proxy's own entry (last) stays the same.
    for (let i = 0; i < 20; i++) expect((await attempt(`10.0.0.${i}, 203.0.113.7`)).status).toBe(401);
    expect((await attempt('10.9.9.9, 203.0.113.7')).status).toBe(429);
    expect((await attempt('203.0.113.8')).status).toBe(401);
  });
});
