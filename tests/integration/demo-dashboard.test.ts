// The guided demonstration (/api/demo) on the seeded embedded product, and the admin dashboard that sees
// its chargers come online and its session billed. The demonstration's chargers are real WebSocket clients.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DashboardView, DemoStatus, Paged, SessionAdminView } from '@evc/contracts';
import { adminGet, must } from '../support/admin';
import { getJson, postJson, startTestApp, type TestApp } from '../support/app';
import { command, givenStaff, superAdminToken } from '../support/identity';

describe('the guided demonstration and the admin dashboard', () => {
  let app: TestApp;
  let admin: string;
  beforeAll(async () => {
    app = await startTestApp({ seed: true });
    admin = await superAdminToken(app);
  });
  afterAll(async () => {
    await app?.embedded.demo.stop();
    await app?.close();
  });

  const demo = () => getJson<DemoStatus>(app.baseUrl, '/api/demo');
  const dashboard = async (token = admin) => (await adminGet<DashboardView>(app, 'dashboard', token)).body;

  it('the dashboard shows each staff member the sections their privileges cover', async () => {
    const manager = await givenStaff(app, ['role-manager'], admin);
    const operator = await givenStaff(app, ['role-operator'], admin);
    const full = await dashboard();
    expect(full.day).toBe(new Intl.DateTimeFormat('en-CA', { timeZone: 'Africa/Cairo' }).format(new Date()));
    expect(full.chargers.total).toBeGreaterThanOrEqual(60);
    expect(full.chargers).toMatchObject({ online: 0, faulted: 0, offline: full.chargers.total });
    expect(full).toMatchObject({
      sessions: { count: 0, charging: 0, energyWh: 0, revenue: 0 },
      cardRequests: { open: 0 },
      contactRequests: { open: 0, new: 0, needsAction: 0 },
    });
    expect(await dashboard(operator.token)).toMatchObject({ sessions: { count: 0 }, cardRequests: { open: 0 }, contactRequests: null });
    const r = await command(app, 'contact-requests.submit', {
      requestId: randomUUID(),
      fullName: 'Visitor',
      email: 'v@example.com',
      title: 'A question about the opening hours',
      type: 'inquiry',
      details: 'When?',
    });
    const withRequest = await adminGet<DashboardView>(app, 'dashboard', manager.token, r.body.position);
    expect(withRequest.body.contactRequests).toEqual({ open: 1, new: 1, needsAction: 0 });
    const customer = (await getJson<DashboardView>(app.baseUrl, '/api/queries/admin/dashboard')).status;
    expect(customer).toBe(401);
  });

  it('is available here with its limits, and refuses a step before it starts', async () => {
    const status = (await demo()).body;
    expect(status).toMatchObject({ available: true, reason: null, running: false, step: 'idle', limits: { chargers: 3, runMinutes: 10 } });
    const early = await postJson<{ code: string }>(app.baseUrl, '/api/demo/step', { action: 'start', token: 'none' });
    expect([early.status, early.body.code]).toEqual([422, 'demo.not_running']);
    expect((await postJson(app.baseUrl, '/api/demo/step', { action: 'fly' })).status).toBe(400);
  });

  let token = '';
  it('starts three simulated chargers that come online, and a second start joins the same run as a watcher', async () => {
    const started = await postJson<DemoStatus>(app.baseUrl, '/api/demo/start', {});
    expect(started.status).toBe(200);
    expect(started.body).toMatchObject({ running: true, step: 'idle', token: expect.any(String) });
    token = started.body.token!;
    expect(started.body.chargers).toHaveLength(3);
    const again = await postJson<DemoStatus>(app.baseUrl, '/api/demo/start', {});
    expect(again.body.startedAt).toBe(started.body.startedAt);
    expect(again.body.token).toBeNull();
    const other = await postJson<{ code: string }>(app.baseUrl, '/api/demo/step', { action: 'plug-in', token: 'not-the-token' });
    expect([other.status, other.body.code]).toEqual([403, 'demo.not_yours']);
    await expect.poll(async () => (await demo()).body.chargers.every((c) => c.connected), { timeout: 10_000 }).toBe(true);
    await expect.poll(async () => (await dashboard()).chargers.online, { timeout: 10_000 }).toBe(3);
  });

  it('walks through a card session: plug in, start, charge, stop; the network records and bills it', async () => {
    const step = async (action: string) => (await postJson<DemoStatus>(app.baseUrl, '/api/demo/step', { action, token })).body;
    expect((await step('plug-in')).step).toBe('plugged');
    const charging = await step('start');
    expect(charging.step).toBe('charging');
    const { chargerId } = charging.session!;
    await expect.poll(async () => (await demo()).body.session?.energyWh ?? 0, { timeout: 10_000 }).toBeGreaterThan(0);
    const sessions = () => adminGet<Paged<SessionAdminView>>(app, `sessions?chargerId=${chargerId}`, admin);
    await expect.poll(async () => (await sessions()).body.dataList[0]?.status, { timeout: 10_000 }).toBe('charging');
    expect((await dashboard()).sessions).toMatchObject({ count: 1, charging: 1 });
    const stopped = await step('stop');
    expect(stopped).toMatchObject({ step: 'stopped', session: { endedBy: 'visitor' } });
    await expect.poll(async () => (await sessions()).body.dataList[0]?.billed, { timeout: 10_000 }).toBe(true);
    const billed = (await sessions()).body.dataList[0]!;
    expect(billed.customerName).toBeTruthy();
    expect(await dashboard()).toMatchObject({ sessions: { count: 1, charging: 0, revenue: billed.cost, energyWh: billed.energyWh } });
  });

  it('ends by itself: the chargers leave and the network sees them offline', async () => {
    await app.embedded.demo.stop();
    expect((await demo()).body.running).toBe(false);
    await expect.poll(async () => (await dashboard()).chargers.online, { timeout: 10_000 }).toBe(0);
    await must(app, 'roles.create', { roleId: 'role-nothing', name: 'Nothing', nameAr: 'لا شيء', privileges: [] }, admin);
    const bare = await givenStaff(app, ['role-nothing'], admin);
    expect(await dashboard(bare.token)).toMatchObject({
      sessions: null,
      cardRequests: null,
      contactRequests: null,
      chargers: { online: 0 },
    });
  });
});
