import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RM, cairoDateKey } from '@evc/projections';
import { getJson, postJson, startTestApp, type TestApp } from '../support/app';

describe('page views', () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await startTestApp();
  });
  afterAll(() => app?.close());

  it('are accepted (202), carried on the bus and counted per path and day, not stored as events', async () => {
    const head = await app.embedded.infra.eventStore.headPosition();
    for (const path of ['/About', '/about', '/ChargingStations']) {
      expect((await postJson(app.baseUrl, '/api/page-views', { path, locale: 'ar' })).status).toBe(202);
    }
    const day = cairoDateKey(new Date().toISOString());
    const views = app.embedded.infra.documents.collection(RM.pageViews);
    await expect.poll(async () => (await views.findOne({ _id: `${day}|/about` }))?.count).toBe(2);
    await expect.poll(async () => (await views.findOne({ _id: `${day}|/chargingstations` }))?.count).toBe(1);
    expect(await app.embedded.infra.eventStore.headPosition()).toBe(head);
  });

  it('accept a beacon (JSON sent as text/plain) and refuse a path that is not one', async () => {
    const res = await fetch(`${app.baseUrl}/api/page-views`, {
      method: 'POST',
      headers: { 'content-type': 'text/plain;charset=UTF-8' },
      body: JSON.stringify({ path: '/terms' }),
    });
    expect(res.status).toBe(202);
    expect((await postJson(app.baseUrl, '/api/page-views', { path: 'javascript:alert(1)' })).status).toBe(400);
  });

  it('counts are a staff query: refused without a signed-in staff member', async () => {
    const res = await getJson<{ code: string }>(app.baseUrl, '/api/queries/page-views');
    expect([res.status, res.body.code]).toEqual([401, 'auth.unauthenticated']);
  });
});
