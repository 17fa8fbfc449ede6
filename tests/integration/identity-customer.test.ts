import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SessionUser } from '@evc/contracts';
import { startTestApp, type TestApp } from '../support/app';
import {
  aSignUp,
  command,
  customerToken,
  givenVerifiedCustomer,
  linkToken,
  mailsTo,
  query,
  refresh,
  signIn,
  uniqueEmail,
} from '../support/identity';

describe('customer identity over HTTP', () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await startTestApp({ env: { PUBLIC_URL: 'https://evc.example.com', RESEND_INTERVAL_SECONDS: '0' } });
  });
  afterAll(() => app?.close());

  it('sign-up → verification mail → verify link → sign-in → me', async () => {
    const form = aSignUp({ phone: '٠١١ ٢٣٤٥ ٦٧٨٩', locale: 'ar' });
    const res = await command(app, 'auth.sign-up', form);
    expect(res.status).toBe(200);
    const [mail] = await mailsTo(app, form.email);
    expect(mail).toMatchObject({ to: form.email, locale: 'ar', subject: 'تأكيد بريدك الإلكتروني' });
    expect(mail!.text).toContain('https://evc.example.com/verifyEmail?token=');
    expect(mail!.html).toContain('dir="rtl"');

    const unverified = await signIn(app.baseUrl, form.email, form.password);
    expect([unverified.status, unverified.body.code]).toEqual([403, 'identity.email_not_verified']);

    expect((await command(app, 'auth.verify-email', { token: linkToken(mail!) })).status).toBe(200);
    const session = await signIn(app.baseUrl, form.email, form.password);
    expect(session.status).toBe(200);
    expect(session.body).toMatchObject({
      userType: 5,
      roles: ['customer'],
      rememberMe: false,
      user: { email: form.email, firstName: 'Mona', locale: 'ar', privileges: [] },
    });
    expect(Date.parse(session.body.tokenExpiry) - Date.now()).toBeGreaterThan(60_000);
    expect(JSON.stringify(session.body)).not.toContain(session.cookie!.split('=')[1]!);

    const me = await query<SessionUser>(app, '/api/queries/me', session.body.token);
    expect(me.status).toBe(200);
    expect(me.body).toMatchObject({ userType: 5, email: form.email, firstName: 'Mona', lastName: 'Hassan', locale: 'ar' });
    const customers = await app.embedded.infra.documents.collection('customer_accounts').findOne({ email: form.email });
    expect(customers?.phone).toBe('01123456789');
  });

  it('a duplicate e-mail (any letter case) answers 409 identity.email_exists', async () => {
    const form = aSignUp();
    expect((await command(app, 'auth.sign-up', form)).status).toBe(200);
    const again = await command(app, 'auth.sign-up', { ...aSignUp(), email: form.email.toUpperCase() });
    expect([again.status, again.body.code]).toEqual([409, 'identity.email_exists']);
  });

  it('invalid sign-up input is refused with field errors (phone, password rule, confirmation)', async () => {
    const res = await command(app, 'auth.sign-up', { ...aSignUp(), phone: '01312345678', password: 'weakpass', confirmPassword: 'other' });
    expect(res.status).toBe(400);
    expect(res.body.fieldErrors?.map((f) => f.path)).toEqual(expect.arrayContaining(['phone', 'password']));
  });

  it('a wrong password, an unknown e-mail and the wrong audience all answer 401 invalid_credentials', async () => {
    const { email, password } = await givenVerifiedCustomer(app);
    for (const attempt of [
      signIn(app.baseUrl, email, 'Wrong0Password'),
      signIn(app.baseUrl, uniqueEmail('nobody'), password),
      signIn(app.baseUrl, email, password, 'staff'),
    ]) {
      const res = await attempt;
      expect([res.status, res.body.code]).toEqual([401, 'identity.invalid_credentials']);
      expect(res.cookie).toBeNull();
    }
  });

  it('sets the refresh token only as an httpOnly, SameSite=Strict, Secure cookie: a session cookie, or 30 days with remember-me', async () => {
    const { email, password } = await givenVerifiedCustomer(app);
    const plain = await signIn(app.baseUrl, email, password);
    expect(plain.setCookie).toMatch(/HttpOnly/i);
    expect(plain.setCookie).toMatch(/SameSite=Strict/i);
    expect(plain.setCookie).toMatch(/Secure/i);
    expect(plain.setCookie).toMatch(/Path=\/api\/commands(;|$)/);
    expect(plain.setCookie).not.toMatch(/Max-Age|Expires/i);
    const remembered = await signIn(app.baseUrl, email, password, 'customer', true);
    expect(remembered.setCookie).toMatch(/Max-Age=2592000/);
    expect(remembered.body.rememberMe).toBe(true);
  });

  it('refresh rotates the token; reusing an old one revokes the family, so the newest fails too', async () => {
    const { cookie } = await customerToken(app);
    const first = await refresh(app.baseUrl, cookie);
    expect(first.status).toBe(200);
    expect(first.body.token).toBeTruthy();
    expect(first.cookie).not.toBe(cookie);
    const second = await refresh(app.baseUrl, first.cookie);
    expect(second.status).toBe(200);

    const reuse = await refresh(app.baseUrl, cookie);
    expect([reuse.status, reuse.body.code]).toEqual([401, 'identity.session_expired']);
    const newest = await refresh(app.baseUrl, second.cookie);
    expect([newest.status, newest.body.code]).toEqual([401, 'identity.session_expired']);
    expect((await refresh(app.baseUrl, null)).status).toBe(401);
  });

  it('sign-out revokes the family and clears the cookie', async () => {
    const { cookie } = await customerToken(app);
    const res = await fetch(`${app.baseUrl}/api/commands/auth.sign-out`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', cookie: cookie! },
      body: '{}',
    });
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ accepted: true });
    expect(res.headers.getSetCookie().join()).toMatch(/evc_refresh=;/);
    expect((await refresh(app.baseUrl, cookie)).status).toBe(401);
  });

  it('forgot-password answers the same for an unknown and a known e-mail, and mails only the known one', async () => {
    const { email } = await givenVerifiedCustomer(app);
    const unknown = uniqueEmail('ghost');
    const a = await command(app, 'auth.forgot-password', { email: unknown });
    const b = await command(app, 'auth.forgot-password', { email });
    expect([a.status, a.body]).toEqual([200, { accepted: true }]);
    expect([b.status, b.body]).toEqual([200, { accepted: true }]);
    expect([...a.headers.keys()].sort()).toEqual([...b.headers.keys()].sort());
    const mails = await mailsTo(app, email, 2);
    expect(mails[0]!.subject).toBe('Reset your password');
    expect(mails[0]!.text).toContain('https://evc.example.com/resetPassword?token=');
    expect(await mailsTo(app, unknown, 0)).toEqual([]);
  });

  it('a reset link works once, is reported valid then invalid, and revokes the refresh families', async () => {
    const { email, cookie } = await customerToken(app);
    await command(app, 'auth.forgot-password', { email });
    const reset = (await mailsTo(app, email, 2)).find((m) => m.subject === 'Reset your password')!;
    const token = linkToken(reset);
    expect((await query<{ valid: boolean }>(app, `/api/queries/auth/reset-link?token=${token}`)).body).toEqual({ valid: true });

    const body = { token, password: 'Felucca-Breeze-8', confirmPassword: 'Felucca-Breeze-8' };
    const first = await command(app, 'auth.reset-password', body);
    expect(first.status).toBe(200);
    await expect
      .poll(async () => (await query<{ valid: boolean }>(app, `/api/queries/auth/reset-link?token=${token}`)).body.valid)
      .toBe(false);
    const second = await command(app, 'auth.reset-password', { ...body, password: 'An0therPass', confirmPassword: 'An0therPass' });
    expect([second.status, second.body.code]).toEqual([422, 'identity.link_expired']);

    expect((await refresh(app.baseUrl, cookie)).status).toBe(401);
    expect((await signIn(app.baseUrl, email, 'Falafel-Tram-63x')).status).toBe(401);
    expect((await signIn(app.baseUrl, email, 'Felucca-Breeze-8')).status).toBe(200);
    expect((await query<{ valid: boolean }>(app, `/api/queries/auth/reset-link?token=${'x'.repeat(75)}`)).body).toEqual({ valid: false });
  });

  it('change password needs the current one ("Old password is incorrect"), then the new one signs in', async () => {
    const { email, password, token } = await customerToken(app);
    const wrong = await command(
      app,
      'account.change-password',
      { currentPassword: 'Not0MyPassword', password: 'Kestrel-Mango-81', confirmPassword: 'Kestrel-Mango-81' },
      token,
    );
    expect([wrong.status, wrong.body.code, wrong.body.message]).toEqual([
      422,
      'identity.old_password_incorrect',
      'Old password is incorrect',
    ]);
    const anonymous = await command(app, 'account.change-password', {
      currentPassword: password,
      password: 'Kestrel-Mango-81',
      confirmPassword: 'Kestrel-Mango-81',
    });
    expect([anonymous.status, anonymous.body.code]).toEqual([401, 'auth.unauthenticated']);
    const ok = await command(
      app,
      'account.change-password',
      { currentPassword: password, password: 'Kestrel-Mango-81', confirmPassword: 'Kestrel-Mango-81' },
      token,
    );
    expect(ok.status).toBe(200);
    expect((await signIn(app.baseUrl, email, password)).status).toBe(401);
    expect((await signIn(app.baseUrl, email, 'Kestrel-Mango-81')).status).toBe(200);
  });

  it('update-profile changes the name and language me.get answers; a forged or expired token is 401', async () => {
    const { token } = await customerToken(app);
    const res = await command(app, 'account.update-profile', { firstName: 'Salma', lastName: 'Nabil', locale: 'ar' }, token);
    expect(res.status).toBe(200);
    const me = await query<SessionUser>(app, `/api/queries/me`, token);
    await expect.poll(async () => (await query<SessionUser>(app, '/api/queries/me', token)).body.firstName).toBe('Salma');
    expect(me.status).toBe(200);
    const forged = `${token.slice(0, -4)}AAAA`;
    expect((await query(app, '/api/queries/me', forged)).body).toMatchObject({ code: 'auth.unauthenticated' });
    expect((await query(app, '/api/queries/me')).status).toBe(401);
  });

  it('resend-verification mails a fresh link to an unverified customer only; either link verifies', async () => {
    const form = aSignUp();
    await command(app, 'auth.sign-up', form);
    const resent = await command(app, 'auth.resend-verification', { email: form.email });
    expect([resent.status, resent.body]).toEqual([200, { accepted: true }]);
    const mails = await mailsTo(app, form.email, 2);
    expect(mails.map((m) => m.subject)).toEqual(['Confirm your e-mail address', 'Confirm your e-mail address']);
    expect(linkToken(mails[0]!)).not.toBe(linkToken(mails[1]!));
    expect((await command(app, 'auth.verify-email', { token: linkToken(mails[1]!) })).status).toBe(200);
    await command(app, 'auth.resend-verification', { email: form.email });
    await new Promise((r) => setTimeout(r, 200));
    expect(await mailsTo(app, form.email, 3)).toHaveLength(2);
  });
});
