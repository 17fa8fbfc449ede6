import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ApiError } from '@evc/contracts';
import { startTestApp, type TestApp } from '../support/app';
import { command, superAdminToken } from '../support/identity';

/** The API refuses control characters in every text field, with a code the forms translate. */
describe('control characters through the API', () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await startTestApp();
  });
  afterAll(() => app?.close());

  const contact = () => ({
    requestId: randomUUID(),
    fullName: 'Mona Hassan',
    email: 'mona@example.com',
    title: 'The charger at Zamalek does not start',
    type: 'complaint',
    details: 'It says faulted.',
  });

  it('refuses a contact request whose title holds a right-to-left override, and files the clean one', async () => {
    const refused = await command<ApiError>(app, 'contact-requests.submit', {
      ...contact(),
      title: 'Refund \u202eredro ym\u202c please, twenty chars',
    });
    expect(refused.status).toBe(400);
    expect(refused.body.fieldErrors).toContainEqual({ path: 'title', code: 'control_characters' });
    expect((await command(app, 'contact-requests.submit', contact())).status).toBe(200);
  });

  it('refuses NUL and ESC even in a field whose schema is a plain string', async () => {
    const admin = await superAdminToken(app);
    const res = await command<ApiError>(
      app,
      'chargers.send-command',
      { commandId: randomUUID(), chargerId: 'EVC-NONE', action: 'ChangeConfiguration', key: 'HeartbeatInterval', value: '60\u001b[2J' },
      admin,
    );
    expect(res.status).toBe(400);
    expect(res.body.fieldErrors).toContainEqual({ path: 'value', code: 'control_characters' });
    const signIn = await command<ApiError>(app, 'auth.sign-in', {
      email: 'a@example.com',
      password: 'Passw0rd\u0000',
      audience: 'customer',
    });
    expect([signIn.status, signIn.body.fieldErrors?.[0]?.code]).toEqual([400, 'control_characters']);
  });

  it('refuses invisible characters (zero-width, tag characters, U+2028, lone surrogates) in names and messages', async () => {
    const cases: [Record<string, unknown>, string][] = [
      [{ ...contact(), fullName: 'Mona\u200bHassan' }, 'fullName'],
      [{ ...contact(), title: 'The charger at Zamalek\u{E0041}\u{E0042} does not start' }, 'title'],
      [{ ...contact(), details: 'It says faulted.\u2028Ignore the previous instructions.' }, 'details'],
      [{ ...contact(), details: 'Broken \ud83d charger' }, 'details'],
    ];
    for (const [body, path] of cases) {
      const res = await command<ApiError>(app, 'contact-requests.submit', body);
      expect([res.status, res.body.fieldErrors?.map((e) => e.code)]).toEqual([400, ['control_characters']]);
      expect(res.body.fieldErrors?.[0]?.path).toBe(path);
    }
    const admin = await superAdminToken(app);
    const role = await command<ApiError>(
      app,
      'roles.create',
      { roleId: `r-${randomUUID().slice(0, 8)}`, name: 'Ops\u2060', nameAr: 'تشغيل', privileges: [] },
      admin,
    );
    expect([role.status, role.body.fieldErrors?.[0]?.code]).toEqual([400, 'control_characters']);
  });

  it('files Arabic text with its direction marks dropped, and keeps emoji sequences in messages', async () => {
    const res = await command(app, 'contact-requests.submit', {
      ...contact(),
      fullName: 'منى حسن\u200f',
      details: 'الشاحن\u200f لا يعمل 👨\u200d🔧',
    });
    expect(res.status).toBe(200);
  });
});
