import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TEST_ADMIN, startTestApp, type TestApp } from '../support/app';
import {
  adminsList,
  command,
  customerToken,
  givenStaff,
  linkToken,
  mailsTo,
  query,
  refresh,
  signIn,
  superAdminToken,
} from '../support/identity';

const TTL_SECONDS = 2;
const waitPastExpiry = () => new Promise((r) => setTimeout(r, TTL_SECONDS * 1000 + 1100));

/** With 2-second access tokens: what stops at once (sign-in, refresh, commands) and what at expiry (queries). */
describe('revoking access: banned customers and deactivated staff', () => {
  let app: TestApp;
  let superToken: string;
  beforeAll(async () => {
    app = await startTestApp({
      env: { ACCESS_TOKEN_TTL_SECONDS: String(TTL_SECONDS), RESET_LINK_EXPIRY_MINUTES: '0.02', RESEND_INTERVAL_SECONDS: '0' },
    });
    superToken = await superAdminToken(app);
  });
  afterAll(() => app?.close());

  it('a banned customer cannot sign in (403 account_banned), refresh or act at once; their token stops at expiry', async () => {
    const customer = await customerToken(app);
    superToken = await superAdminToken(app);
    expect((await command(app, 'customers.ban', { customerId: customer.customerId, reason: 'chargeback abuse' }, superToken)).status).toBe(
      200,
    );

    const signInAgain = await signIn(app.baseUrl, customer.email, customer.password);
    expect([signInAgain.status, signInAgain.body.code]).toEqual([403, 'identity.account_banned']);
    const refreshed = await refresh(app.baseUrl, customer.cookie);
    expect([refreshed.status, refreshed.body.code]).toEqual([403, 'identity.account_banned']);
    const act = await command(app, 'account.update-profile', { firstName: 'Mona', lastName: 'Hassan', locale: 'en' }, customer.token);
    expect([act.status, act.body.code]).toEqual([403, 'identity.account_banned']);

    await waitPastExpiry();
    const me = await query(app, '/api/queries/me', customer.token);
    expect([me.status, me.body.code]).toEqual([401, 'auth.unauthenticated']);
  });

  it('a deactivated admin: refresh refused at once, sign-in refused, queries refused after the token expires', async () => {
    superToken = await superAdminToken(app);
    const staff = await givenStaff(app, ['role-viewer'], superToken);
    expect((await adminsList(app, staff.token)).status).toBe(200);
    const off = await command(app, 'admins.deactivate', { adminId: staff.adminId, reason: 'left the company' }, superToken);
    expect(off.status).toBe(200);

    const refreshed = await refresh(app.baseUrl, staff.cookie);
    expect([refreshed.status, refreshed.body.code]).toEqual([403, 'identity.account_inactive']);
    const again = await signIn(app.baseUrl, staff.email, staff.password, 'staff');
    expect([again.status, again.body.code]).toEqual([403, 'identity.account_inactive']);

    await waitPastExpiry();
    const list = await adminsList(app, staff.token);
    expect([list.status, list.body.code]).toEqual([401, 'auth.unauthenticated']);

    superToken = await superAdminToken(app);
    const self = await command(
      app,
      'admins.deactivate',
      { adminId: (await signIn(app.baseUrl, 'super.admin@example.com', TEST_ADMIN.password, 'staff')).body.user.userId, reason: 'oops' },
      superToken,
    );
    expect([self.status, self.body.code]).toEqual([403, 'auth.forbidden']);
    expect((await command(app, 'admins.activate', { adminId: staff.adminId, reason: 'came back' }, superToken)).status).toBe(200);
    expect((await signIn(app.baseUrl, staff.email, staff.password, 'staff')).status).toBe(200);
  });

  it('a reset link expires after RESET_LINK_EXPIRY_MINUTES (1.2 s here)', async () => {
    const customer = await customerToken(app);
    await command(app, 'auth.forgot-password', { email: customer.email });
    const mail = (await mailsTo(app, customer.email, 2)).find((m) => m.subject === 'Reset your password')!;
    const token = linkToken(mail);
    await new Promise((r) => setTimeout(r, 1500));
    expect((await query<{ valid: boolean }>(app, `/api/queries/auth/reset-link?token=${token}`)).body).toEqual({ valid: false });
    const res = await command(app, 'auth.reset-password', { token, password: 'Felucca-Breeze-8', confirmPassword: 'Felucca-Breeze-8' });
    expect([res.status, res.body.code]).toEqual([422, 'identity.link_expired']);
  });
});
