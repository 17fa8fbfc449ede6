import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../support/app';
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

/** Polls a request until it answers `status` (the query side learns of a change through the read model: ms). */
async function eventually(request: () => Promise<{ status: number; body: { code?: string } }>, status: number, withinMs = 2000) {
  const deadline = Date.now() + withinMs;
  for (;;) {
    const res = await request();
    if (res.status === status || Date.now() > deadline) return res;
    await new Promise((r) => setTimeout(r, 20));
  }
}

/** Tokens stop at once when the password, the ban state or the privileges change. */
describe('revocation of access tokens and refresh families', () => {
  let app: TestApp;
  beforeAll(async () => {
    // Ten-minute tokens: nothing here may wait for an expiry.
    app = await startTestApp({ env: { ACCESS_TOKEN_TTL_SECONDS: '600', RESEND_INTERVAL_SECONDS: '0' } });
  });
  afterAll(() => app?.close());

  it('a password change ends every other sign-in (refresh and access token) and keeps the one it was made from', async () => {
    const customer = await customerToken(app);
    const other = await signIn(app.baseUrl, customer.email, customer.password);
    const me = (token: string) => query<{ code?: string }>(app, '/api/queries/me', token);
    expect((await me(other.body.token)).status).toBe(200);

    const changed = await command(
      app,
      'account.change-password',
      { currentPassword: customer.password, password: 'Nile-Breeze-7742', confirmPassword: 'Nile-Breeze-7742' },
      customer.token,
    );
    expect(changed.status).toBe(200);

    const act = await command(app, 'account.update-profile', { firstName: 'Mona', lastName: 'Hassan', locale: 'en' }, other.body.token);
    expect([act.status, act.body.code]).toEqual([401, 'identity.session_expired']);
    const read = await eventually(() => me(other.body.token), 401);
    expect([read.status, read.body.code]).toEqual([401, 'identity.session_expired']);
    const otherRefresh = await refresh(app.baseUrl, other.cookie);
    expect([otherRefresh.status, otherRefresh.body.code]).toEqual([401, 'identity.session_expired']);

    // The device that changed it: its old token is outdated too, but its sign-in refreshes into a working one.
    const kept = await refresh(app.baseUrl, customer.cookie);
    expect(kept.status).toBe(200);
    expect((await me(kept.body.token)).status).toBe(200);
    expect(
      (await command(app, 'account.update-profile', { firstName: 'Mona', lastName: 'Hassan', locale: 'en' }, kept.body.token)).status,
    ).toBe(200);
  });

  it('a password reset ends the access tokens issued before it at once', async () => {
    const customer = await customerToken(app);
    expect((await command(app, 'auth.forgot-password', { email: customer.email })).status).toBe(200);
    const [mail] = await mailsTo(app, customer.email, 2);
    const reset = await command(app, 'auth.reset-password', {
      token: linkToken(mail!),
      password: 'Kq8vzT2mWd',
      confirmPassword: 'Kq8vzT2mWd',
    });
    expect(reset.status).toBe(200);
    const read = await eventually(() => query(app, '/api/queries/me', customer.token), 401);
    expect([read.status, read.body.code]).toEqual([401, 'identity.session_expired']);
    const act = await command(
      app,
      'cars.register',
      { carId: randomUUID(), brandId: 'b', typeId: 't', batteryRangeId: 'r', licence: { customsCertificateFileId: 'a'.repeat(64) } },
      customer.token,
    );
    expect([act.status, act.body.code]).toEqual([401, 'identity.session_expired']);
  });

  it('a banned customer is refused on the next read and their live stream is closed', async () => {
    const customer = await customerToken(app);
    const controller = new AbortController();
    const live = await fetch(`${app.baseUrl}/api/live/me`, {
      headers: { authorization: `Bearer ${customer.token}` },
      signal: controller.signal,
    });
    expect(live.status).toBe(200);
    const ended = (async () => {
      let text = '';
      const decoder = new TextDecoder();
      for await (const chunk of live.body as unknown as AsyncIterable<Uint8Array>) text += decoder.decode(chunk);
      return text;
    })();
    const admin = await superAdminToken(app);
    expect((await command(app, 'customers.ban', { customerId: customer.customerId, reason: 'chargeback abuse' }, admin)).status).toBe(200);
    const read = await eventually(() => query(app, '/api/queries/me/wallet', customer.token), 403);
    expect([read.status, read.body.code]).toEqual([403, 'identity.account_banned']);
    const timer = setTimeout(() => controller.abort(), 3000);
    const text = await ended.catch(() => 'aborted');
    clearTimeout(timer);
    expect(text).toContain('event: session-expired');
  });

  it('a deactivated staff member is refused on the next read', async () => {
    const admin = await superAdminToken(app);
    const staff = await givenStaff(app, ['role-viewer'], admin);
    expect((await adminsList(app, staff.token)).status).toBe(200);
    expect((await command(app, 'admins.deactivate', { adminId: staff.adminId, reason: 'left the company' }, admin)).status).toBe(200);
    const read = await eventually(() => adminsList(app, staff.token), 403);
    expect([read.status, read.body.code]).toEqual([403, 'identity.account_inactive']);
  });

  it('a role that loses a privilege takes it from its holders on their next request (after refresh: 403)', async () => {
    const admin = await superAdminToken(app);
    const roleId = `readers-${randomUUID().slice(0, 8)}`;
    const role = { roleId, name: 'Staff readers', nameAr: 'قراء', privileges: ['admins.read'] };
    expect((await command(app, 'roles.create', role, admin)).status).toBe(200);
    const staff = await givenStaff(app, [roleId], admin);
    expect((await adminsList(app, staff.token)).status).toBe(200);
    expect((await command(app, 'roles.update', { ...role, privileges: ['roles.read'] }, admin)).status).toBe(200);
    const read = await eventually(() => adminsList(app, staff.token), 401);
    expect([read.status, read.body.code]).toEqual([401, 'identity.session_expired']);
    const refreshed = await refresh(app.baseUrl, staff.cookie);
    expect(refreshed.status).toBe(200);
    expect((await adminsList(app, refreshed.body.token)).status).toBe(403);
  });

  it("signing out ends that sign-in's access token at once (commands, queries, its live stream); other sign-ins go on", async () => {
    const customer = await customerToken(app);
    const other = await signIn(app.baseUrl, customer.email, customer.password);
    const me = (token: string) => query<{ code?: string }>(app, '/api/queries/me', token);
    const act = (token: string) => command(app, 'account.update-profile', { firstName: 'Mona', lastName: 'Hassan', locale: 'en' }, token);
    expect((await me(customer.token)).status).toBe(200);
    const live = await openLive(app, customer.token);

    const signOut = await fetch(`${app.baseUrl}/api/commands/auth.sign-out`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', cookie: customer.cookie! },
      body: '{}',
    });
    expect(signOut.status).toBe(200);

    // Twenty requests at once with the signed-out token: not one gets through.
    const acts = await Promise.all(Array.from({ length: 20 }, () => act(customer.token)));
    expect(acts.map((r) => [r.status, r.body.code])).toEqual(acts.map(() => [401, 'identity.session_expired']));
    const read = await eventually(() => me(customer.token), 401);
    expect([read.status, read.body.code]).toEqual([401, 'identity.session_expired']);
    const reads = await Promise.all(Array.from({ length: 20 }, () => me(customer.token)));
    expect(reads.map((r) => r.status)).toEqual(reads.map(() => 401));
    expect(await live.ended).toContain('event: session-expired');
    const again = await fetch(`${app.baseUrl}/api/live/me`, { headers: { authorization: `Bearer ${customer.token}` } });
    expect(again.status).toBe(401);
    await again.body?.cancel();

    // The other sign-in of the same account is untouched.
    expect((await me(other.body.token)).status).toBe(200);
    expect((await act(other.body.token)).status).toBe(200);
    expect((await refresh(app.baseUrl, other.cookie)).status).toBe(200);
  });

  it('a signed-out token stays refused however often the race is run', async () => {
    for (let round = 0; round < 5; round++) {
      const customer = await customerToken(app);
      const signOut = fetch(`${app.baseUrl}/api/commands/auth.sign-out`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', cookie: customer.cookie! },
        body: '{}',
      });
      // Requests racing the sign-out may pass or not; every one after it answers is refused.
      await Promise.all([signOut, ...Array.from({ length: 10 }, () => query(app, '/api/queries/me', customer.token))]);
      const after = await Promise.all(
        Array.from({ length: 20 }, () =>
          command(app, 'account.update-profile', { firstName: 'Mona', lastName: 'Hassan', locale: 'en' }, customer.token),
        ),
      );
      expect(after.map((r) => r.status)).toEqual(after.map(() => 401));
      const read = await eventually(() => query(app, '/api/queries/me', customer.token), 401);
      expect(read.status).toBe(401);
    }
  });
});

/** Opens the private live stream; `ended` resolves with everything it sent once the server closes it (3 s at most). */
async function openLive(app: TestApp, token: string): Promise<{ ended: Promise<string> }> {
  const controller = new AbortController();
  const res = await fetch(`${app.baseUrl}/api/live/me`, { headers: { authorization: `Bearer ${token}` }, signal: controller.signal });
  expect(res.status).toBe(200);
  const timer = setTimeout(() => controller.abort(), 3000);
  const ended = (async () => {
    let text = '';
    const decoder = new TextDecoder();
    try {
      for await (const chunk of res.body as unknown as AsyncIterable<Uint8Array>) text += decoder.decode(chunk);
    } catch {
      text += '\n(aborted)';
    }
    clearTimeout(timer);
    return text;
  })();
  return { ended };
}
