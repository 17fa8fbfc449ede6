import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, startTestApp, type TestApp } from '../support/app';
import { tinyPng, upload } from '../support/admin';
import { customerToken, givenStaff, superAdminToken } from '../support/identity';

/** Issue 16, item 6: the first purpose decides a file's privacy for ever; each purpose needs its own right. */
describe('file privacy and upload rights', () => {
  let app: TestApp;
  let admin: string;
  let operator: string;
  let viewer: string;
  let customer: string;
  beforeAll(async () => {
    app = await startTestApp();
    admin = await superAdminToken(app);
    operator = (await givenStaff(app, ['role-operator'], admin)).token;
    viewer = (await givenStaff(app, ['role-viewer'], admin)).token;
    customer = (await customerToken(app)).token;
  });
  afterAll(() => app?.close());

  const fetchFile = (fileId: string, token?: string) => fetch(`${app.baseUrl}/api/files/${fileId}`, { headers: bearer(token) });

  it('a licence stays private when the same bytes are uploaded again as a station photo', async () => {
    const bytes = tinyPng(3, 3, [1, 2, 3]);
    const licence = await upload(app, customer, bytes, { purpose: 'licence' });
    expect(licence.status).toBe(200);
    const again = await upload(app, operator, bytes, { purpose: 'station-photo' });
    expect(again.status).toBe(200);
    expect(again.body.purpose).toBe('licence');
    const anonymous = await fetchFile(licence.body.fileId);
    expect(anonymous.status).toBe(401);
    expect((await fetchFile(licence.body.fileId, customer)).status).toBe(200);
    expect((await fetchFile(licence.body.fileId, operator)).headers.get('cache-control')).toBe('private, no-store');
  });

  it('uploads need the privilege of their purpose', async () => {
    const png = (n: number) => tinyPng(2, 2, [n, 9, 9]);
    expect((await upload(app, operator, png(10), { purpose: 'flag' })).status).toBe(403);
    expect((await upload(app, admin, png(11), { purpose: 'flag' })).status).toBe(200);
    expect((await upload(app, viewer, png(12), { purpose: 'station-photo' })).status).toBe(403);
    expect((await upload(app, operator, png(13), { purpose: 'station-photo' })).status).toBe(200);
    expect((await upload(app, customer, png(14), { purpose: 'station-photo' })).status).toBe(403);
  });

  it("licences are the customer's own: staff cannot upload one", async () => {
    const res = await upload(app, admin, tinyPng(2, 2, [20, 9, 9]), { purpose: 'licence' });
    expect([res.status, res.body.code]).toEqual([403, 'auth.forbidden']);
  });
});
