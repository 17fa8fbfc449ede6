import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ApiError } from '@evc/contracts';
import { startTestApp, type TestApp } from '../support/app';
import { aSignUp, command, customerToken, signIn } from '../support/identity';

/** Through the API: sign-up and change-password refuse common and e-mail-name passwords. */
describe('password policy through the API', () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await startTestApp();
  });
  afterAll(() => app?.close());

  it('sign-up refuses a common password and one with the e-mail name, and accepts a 64-character passphrase', async () => {
    const common = await command<ApiError>(app, 'auth.sign-up', aSignUp({ password: 'Summer2024!' }));
    expect([common.status, common.body.fieldErrors]).toEqual([400, [{ path: 'password', code: 'password_common' }]]);
    const form = aSignUp();
    const local = form.email.split('@')[0]!;
    const named = await command<ApiError>(app, 'auth.sign-up', { ...form, password: `X1${local}`, confirmPassword: `X1${local}` });
    expect(named.status).toBe(400);
    expect(named.body.fieldErrors).toContainEqual(expect.objectContaining({ path: 'password', code: 'password_contains_email' }));
    const passphrase = `Nile breeze at dusk ${'z'.repeat(36)} 7742 Ok`;
    expect(passphrase).toHaveLength(64);
    expect((await command(app, 'auth.sign-up', aSignUp({ password: passphrase }))).status).toBe(200);
  });

  it('change-password refuses a common new password and keeps the old one', async () => {
    const customer = await customerToken(app);
    const res = await command<ApiError>(
      app,
      'account.change-password',
      { currentPassword: customer.password, password: 'P@ssw0rd1', confirmPassword: 'P@ssw0rd1' },
      customer.token,
    );
    expect([res.status, res.body.fieldErrors]).toEqual([400, [{ path: 'password', code: 'password_common' }]]);
    expect((await signIn(app.baseUrl, customer.email, customer.password)).status).toBe(200);
  });

  it('refuses a common word or sequence with a few characters around it, at sign-up and on a password change alike', async () => {
    const weak = ['12345678Aa', 'iloveyou1A', 'Tahrir2011!'];
    const answers = await Promise.all(
      weak.flatMap((password) => Array.from({ length: 4 }, () => command<ApiError>(app, 'auth.sign-up', aSignUp({ password })))),
    );
    expect(answers.map((a) => [a.status, a.body.fieldErrors])).toEqual(
      answers.map(() => [400, [{ path: 'password', code: 'password_common' }]]),
    );
    const customer = await customerToken(app);
    const changed = await command<ApiError>(
      app,
      'account.change-password',
      { currentPassword: customer.password, password: 'Qwerty!2345', confirmPassword: 'Qwerty!2345' },
      customer.token,
    );
    expect([changed.status, changed.body.fieldErrors]).toEqual([400, [{ path: 'password', code: 'password_common' }]]);
  });
});
