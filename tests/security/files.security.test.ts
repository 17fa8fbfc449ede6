import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, startTestApp, type TestApp } from '../support/app';
import { tinyPng, upload } from '../support/admin';
import { command, customerToken, givenStaff, superAdminToken } from '../support/identity';

const personalInfo = (email: string, pictureFileId: string) => ({
  firstName: 'Nour',
  lastName: 'Adel',
  email,
  phone: '01012345678',
  address: '3 Corniche, Maadi, Cairo',
  gender: 'female',
  pictureFileId,
  deliveryAddress: { sameAsHome: true },
});

/** A file's purpose decides its privacy for ever (the purpose is part of its id); each purpose needs its own right. */
describe('file privacy and upload rights', () => {
  let app: TestApp;
  let admin: string;
  let operator: string;
  let viewer: string;
  let customer: string;
  let customerEmail: string;
  beforeAll(async () => {
    app = await startTestApp();
    admin = await superAdminToken(app);
    operator = (await givenStaff(app, ['role-operator'], admin)).token;
    viewer = (await givenStaff(app, ['role-viewer'], admin)).token;
    const signedUp = await customerToken(app);
    [customer, customerEmail] = [signedUp.token, signedUp.email];
  });
  afterAll(() => app?.close());

  const fetchFile = (fileId: string, token?: string) => fetch(`${app.baseUrl}/api/files/${fileId}`, { headers: bearer(token) });

  it('a licence stays private when the same bytes are uploaded again as a station photo', async () => {
    const bytes = tinyPng(3, 3, [1, 2, 3]);
    const licence = await upload(app, customer, bytes, { purpose: 'licence' });
    expect(licence.status).toBe(200);
    const again = await upload(app, operator, bytes, { purpose: 'station-photo' });
    expect(again.status).toBe(200);
    // another purpose is another file: the photo is public, the licence's id stays private
    expect([again.body.purpose, again.body.fileId === licence.body.fileId]).toEqual(['station-photo', false]);
    const anonymous = await fetchFile(licence.body.fileId);
    expect(anonymous.status).toBe(401);
    expect((await fetchFile(licence.body.fileId, customer)).status).toBe(200);
    expect((await fetchFile(licence.body.fileId, operator)).headers.get('cache-control')).toBe('private, no-store');
  });

  it('the bytes of a licence uploaded again as a profile picture are a profile picture (one file id per purpose)', async () => {
    const bytes = tinyPng(4, 4, [30, 60, 90]);
    const licence = await upload(app, customer, bytes, { purpose: 'licence' });
    const picture = await upload(app, customer, bytes, { purpose: 'profile' });
    expect([picture.status, picture.body.purpose]).toEqual([200, 'profile']);
    expect(picture.body.fileId).not.toBe(licence.body.fileId);
    // the same checksum: the content is the same, only its purpose differs
    expect(picture.body.checksum).toBe(licence.body.checksum);
    const saved = await command(app, 'account.update-personal-info', personalInfo(customerEmail, picture.body.fileId), customer);
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    // the licence is still a licence, private to its owner; the picture too
    expect((await fetchFile(licence.body.fileId)).status).toBe(401);
    expect((await fetchFile(picture.body.fileId)).status).toBe(401);
    expect((await fetchFile(picture.body.fileId, customer)).headers.get('cache-control')).toBe('private, no-store');
    // a licence's id is still refused as a picture
    const wrong = await command(app, 'account.update-personal-info', personalInfo(customerEmail, licence.body.fileId), customer);
    expect([wrong.status, wrong.body.code]).toEqual([422, 'files.not_found']);
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
