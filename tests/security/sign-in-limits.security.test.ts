import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ApiError, AuthSession } from '@evc/contracts';
import { postJson, startTestApp, type TestApp } from '../support/app';
import { command, customerToken, givenVerifiedCustomer, linkToken, mailsTo, uniqueEmail } from '../support/identity';

/** Sign-in from a given client address (the app trusts one proxy, so X-Forwarded-For names the client). */
const signInFrom = (app: TestApp, address: string, email: string, password: string) =>
  postJson<AuthSession & ApiError>(
    app.baseUrl,
    '/api/commands/auth.sign-in',
    { email, password, audience: 'customer' },
    { 'x-forwarded-for': address },
  );

/** Exact counting under concurrency, no lock-out by a stranger, change-password limited. */
describe('sign-in and password limits', () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await startTestApp({ env: { TRUST_PROXY: '1', RESEND_INTERVAL_SECONDS: '0' } });
  });
  afterAll(() => app?.close());

  it('parallel guesses on one account count exactly: 5 are checked, the rest refused', async () => {
    const { email } = await givenVerifiedCustomer(app);
    const answers = await Promise.all(Array.from({ length: 15 }, (_, i) => signInFrom(app, '198.51.100.1', email, `Wrong0Pass${i}`)));
    const statuses = answers.map((a) => a.status).sort();
    expect(statuses.filter((s) => s === 401)).toHaveLength(5);
    expect(statuses.filter((s) => s === 429)).toHaveLength(10);
  });

  it('parallel guesses from one address count exactly: 20 are checked across accounts', async () => {
    const answers = await Promise.all(
      Array.from({ length: 30 }, () => signInFrom(app, '198.51.100.2', uniqueEmail('spray'), 'Wrong0Pass')),
    );
    expect(answers.filter((a) => a.status === 401)).toHaveLength(20);
    expect(answers.filter((a) => a.status === 429)).toHaveLength(10);
  });

  it("a stranger cannot lock the owner out: the owner's password works from another device, and after a mailed reset", async () => {
    const owner = await givenVerifiedCustomer(app);
    for (let i = 0; i < 5; i++) expect((await signInFrom(app, '203.0.113.66', owner.email, `Wrong0Pass${i}`)).status).toBe(401);
    expect((await signInFrom(app, '203.0.113.66', owner.email, owner.password)).status).toBe(429);
    expect((await signInFrom(app, '198.51.100.77', owner.email, owner.password)).status).toBe(200);

    // A guesser spread over ten addresses reaches the account-wide limit; the reset mail unlocks it.
    for (let n = 0; n < 10; n++) for (let i = 0; i < 5; i++) await signInFrom(app, `192.0.2.${n + 10}`, owner.email, `Wrong0Pass${i}`);
    expect((await signInFrom(app, '198.51.100.78', owner.email, owner.password)).status).toBe(429);
    expect((await command(app, 'auth.forgot-password', { email: owner.email })).status).toBe(200);
    const [mail] = await mailsTo(app, owner.email, 2);
    expect(
      (await command(app, 'auth.reset-password', { token: linkToken(mail!), password: 'Kq8vzT2mWd', confirmPassword: 'Kq8vzT2mWd' }))
        .status,
    ).toBe(200);
    expect((await signInFrom(app, '198.51.100.78', owner.email, 'Kq8vzT2mWd')).status).toBe(200);
  });

  it('change-password is limited like sign-in: after 5 wrong current passwords even the right one waits', async () => {
    const customer = await customerToken(app);
    const change = (current: string) =>
      command<ApiError>(
        app,
        'account.change-password',
        { currentPassword: current, password: 'Nile-Breeze-7742', confirmPassword: 'Nile-Breeze-7742' },
        customer.token,
      );
    const wrong = await Promise.all(Array.from({ length: 8 }, (_, i) => change(`Wrong0Pass${i}`)));
    expect(wrong.filter((r) => r.body.code === 'identity.old_password_incorrect')).toHaveLength(5);
    expect(wrong.filter((r) => r.status === 429)).toHaveLength(3);
    const right = await change(customer.password);
    expect([right.status, right.body.code]).toEqual([429, 'identity.too_many_attempts']);
    expect(Number(right.headers.get('retry-after'))).toBeGreaterThan(0);
  });
});
