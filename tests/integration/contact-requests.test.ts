// The managers' inbox over HTTP. Replies go out by mail in the request's language, are kept on the request
// and reach the linked customer (their requests tab and a notification); internal comments reach managers only.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AuditEntry, ContactRequestDetail, ContactRequestRow, MyContactRequest, NotificationsView, Paged } from '@evc/contracts';
import { adminGet, must } from '../support/admin';
import { bearer, getJson, startTestApp, type TestApp } from '../support/app';
import { command, customerToken, givenStaff, mailsTo, superAdminToken } from '../support/identity';

const aRequest = (overrides: Record<string, unknown> = {}) => ({
  requestId: randomUUID(),
  fullName: 'Mona Hassan',
  email: `mona.${randomUUID().slice(0, 8)}@example.com`,
  title: 'The charger at Zamalek will not start',
  type: 'complaint',
  details: 'I tapped start twice and nothing happened.',
  ...overrides,
});
const SECRET_COMMENT = 'Internal: the customer was rude on the phone';

describe('contact requests: the managers inbox', () => {
  let app: TestApp;
  let manager: { token: string; adminId: string };
  let viewer: { token: string };
  let mona: { customerId: string; token: string; email: string };
  let omar: { customerId: string; token: string };
  beforeAll(async () => {
    app = await startTestApp();
    const superToken = await superAdminToken(app);
    [manager, viewer] = [await givenStaff(app, ['role-manager'], superToken), await givenStaff(app, ['role-viewer'], superToken)];
    [mona, omar] = [await customerToken(app, { firstName: 'Mona', locale: 'ar' }), await customerToken(app, { firstName: 'Omar' })];
  });
  afterAll(() => app?.close());

  const me = <T>(path: string, token: string, position?: number) =>
    getJson<T>(
      app.baseUrl,
      `/api/queries/me/${path}${position ? `${path.includes('?') ? '&' : '?'}position=${position}` : ''}`,
      bearer(token),
    );

  it('links a request sent by a signed-in customer to them; a visitor’s stays unlinked', async () => {
    const linked = aRequest({ email: mona.email, locale: 'ar' });
    const visitor = aRequest();
    const a = await must(app, 'contact-requests.submit', linked, mona.token);
    const b = (await command(app, 'contact-requests.submit', visitor)).body;
    const rows = await adminGet<Paged<ContactRequestRow>>(
      app,
      `contact-requests?q=zamalek&pageSize=100`,
      manager.token,
      Math.max(a.position, b.position),
    );
    const byId = new Map(rows.body.dataList.map((r) => [r.requestId, r]));
    expect(byId.get(linked.requestId)).toMatchObject({ customerId: mona.customerId, status: 'new', locale: 'ar', replyCount: 0 });
    expect(byId.get(visitor.requestId)).toMatchObject({ customerId: null, locale: 'en' });
    const stream = await app.embedded.infra.eventStore.readStream(`contact-request-${linked.requestId}`);
    expect(stream[0]!.metadata.actor).toEqual({ type: 'customer', id: mona.customerId });
  });

  it('lists with filters (status, type, date) and search, and answers CSV', async () => {
    const praise = aRequest({ type: 'praise', title: 'Great service at the Maadi station, thanks', fullName: 'Salma Nabil' });
    const r = await must(app, 'contact-requests.submit', praise, mona.token);
    const list = (query: string) => adminGet<Paged<ContactRequestRow>>(app, `contact-requests?${query}`, manager.token, r.position);
    expect((await list('type=praise')).body.dataList.map((x) => x.requestId)).toEqual([praise.requestId]);
    expect((await list('q=salma')).body.dataList.map((x) => x.requestId)).toEqual([praise.requestId]);
    const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'Africa/Cairo' }).format(new Date());
    expect((await list(`from=${today}&to=${today}&type=praise`)).body.totalCount).toBe(1);
    expect((await list('from=2001-01-01&to=2001-01-02')).body.totalCount).toBe(0);
    expect((await list('status=closed')).body.dataList.some((x) => x.requestId === praise.requestId)).toBe(false);
    expect((await list('status=later')).status).toBe(400);
    expect((await list('sort=email')).status).toBe(400);
    const csv = await adminGet(app, 'contact-requests?type=praise&format=csv', manager.token);
    expect(csv.text.split('\r\n')[1]).toContain('Salma Nabil');
  });

  it('a reply is mailed in the request’s language, kept, shown to the customer and notified; the comment stays inside', async () => {
    const request = aRequest({ email: mona.email, locale: 'ar' });
    await must(app, 'contact-requests.submit', request, mona.token);
    const reply = { requestId: request.requestId, replyId: randomUUID(), message: 'أعدنا تشغيل الشاحن، جرّبي مرة أخرى.' };
    await must(app, 'contact-requests.reply', reply, manager.token);
    // a retried reply (same id) mails nothing more
    await must(app, 'contact-requests.reply', reply, manager.token);
    const commented = await must(
      app,
      'contact-requests.comment',
      { requestId: request.requestId, commentId: randomUUID(), text: SECRET_COMMENT },
      manager.token,
    );

    const detail = async () =>
      (await adminGet<ContactRequestDetail>(app, `contact-requests/${request.requestId}`, manager.token, commented.position)).body;
    await expect.poll(async () => (await detail()).replies[0]?.delivery).toBe('sent');
    // Besides the sign-up's verification mail: exactly one reply mail, in Arabic, without the internal comment.
    const [mail, ...more] = (await mailsTo(app, mona.email, 2)).filter((m) => m.subject.startsWith('رد'));
    expect(more).toEqual([]);
    expect(mail).toMatchObject({ locale: 'ar', subject: `رد: ${request.title}` });
    expect(mail!.text).toContain(reply.message);
    expect(mail!.html).toContain('dir="rtl"');
    expect(mail!.text).not.toContain(SECRET_COMMENT);
    expect(await detail()).toMatchObject({
      replyCount: 1,
      commentCount: 1,
      replies: [{ replyId: reply.replyId, message: reply.message, by: { id: manager.adminId, name: 'Karim Adel' }, delivery: 'sent' }],
      comments: [{ text: SECRET_COMMENT, by: { id: manager.adminId } }],
    });

    const mine = await me<Paged<MyContactRequest>>('contact-requests', mona.token, commented.position);
    const seen = mine.body.dataList.find((x) => x.requestId === request.requestId);
    expect(seen).toEqual({
      requestId: request.requestId,
      title: request.title,
      type: 'complaint',
      details: request.details,
      status: 'new',
      createdAt: expect.any(String),
      updatedAt: expect.any(String),
      replies: [{ replyId: reply.replyId, message: reply.message, at: expect.any(String) }],
    });
    expect(JSON.stringify(mine.body)).not.toContain(SECRET_COMMENT);
    expect(JSON.stringify(mine.body)).not.toContain(manager.adminId);

    const notifications = await me<NotificationsView>('notifications', mona.token, commented.position);
    expect(notifications.body.dataList).toContainEqual(
      expect.objectContaining({ kind: 'contact_replied', isSeen: false, params: { requestId: request.requestId, title: request.title } }),
    );
  });

  it('comments never reach a customer nor a staff member without contact.manage, not even through the audit', async () => {
    const request = aRequest({ email: mona.email });
    await must(app, 'contact-requests.submit', request, mona.token);
    const c = await must(
      app,
      'contact-requests.comment',
      { requestId: request.requestId, commentId: randomUUID(), text: SECRET_COMMENT },
      manager.token,
    );
    for (const path of ['contact-requests', `contact-requests/${request.requestId}`]) {
      const asViewer = await adminGet(app, path, viewer.token, c.position);
      expect([asViewer.status, asViewer.body.code]).toEqual([403, 'auth.forbidden']);
      expect((await adminGet(app, path, mona.token)).status).toBe(403);
    }
    const auditAsViewer = await adminGet(app, `audit?streamId=contact-request-${request.requestId}`, viewer.token);
    expect([auditAsViewer.status, auditAsViewer.text]).toEqual([403, expect.not.stringContaining(SECRET_COMMENT)]);
    const auditAsManager = await adminGet<Paged<AuditEntry>>(app, `audit?streamId=contact-request-${request.requestId}`, manager.token);
    expect(auditAsManager.body.dataList.map((e) => e.type)).toEqual(['ContactRequestCommented', 'ContactRequestSubmitted']);
    expect(auditAsManager.body.dataList[0]!.actor).toMatchObject({ type: 'staff', id: manager.adminId, name: 'Karim Adel' });
    expect(JSON.stringify((await me<Paged<MyContactRequest>>('contact-requests', mona.token, c.position)).body)).not.toContain(
      SECRET_COMMENT,
    );
    // Managers' commands are theirs alone.
    expect(
      (await command(app, 'contact-requests.comment', { requestId: request.requestId, commentId: randomUUID(), text: 'x' }, viewer.token))
        .status,
    ).toBe(403);
    expect(
      (await command(app, 'contact-requests.reply', { requestId: request.requestId, replyId: randomUUID(), message: 'x' }, mona.token))
        .status,
    ).toBe(403);
  });

  it('one customer never sees another’s requests', async () => {
    const hers = aRequest({ email: mona.email, title: 'Only Mona should ever read this one' });
    const r = await must(app, 'contact-requests.submit', hers, mona.token);
    const omars = await me<Paged<MyContactRequest>>('contact-requests?pageSize=100', omar.token, r.position);
    expect(omars.status).toBe(200);
    expect(omars.body.dataList.map((x) => x.requestId)).not.toContain(hers.requestId);
    const monas = await me<Paged<MyContactRequest>>('contact-requests?pageSize=100', mona.token, r.position);
    expect(monas.body.dataList.map((x) => x.requestId)).toContain(hers.requestId);
    expect((await me('contact-requests', manager.token)).status).toBe(403);
  });

  it('updates the status with the revision the manager saw, and a closed request takes no reply until reopened', async () => {
    const request = aRequest();
    const submitted = (await command(app, 'contact-requests.submit', request)).body;
    const detail = (position?: number) =>
      adminGet<ContactRequestDetail>(app, `contact-requests/${request.requestId}`, manager.token, position);
    const seen = (await detail(submitted.position)).body;
    const needs = await must(
      app,
      'contact-requests.set-status',
      { requestId: request.requestId, status: 'needs_action', expectedRevision: seen.revision },
      manager.token,
    );
    const stale = await command(
      app,
      'contact-requests.set-status',
      { requestId: request.requestId, status: 'closed', expectedRevision: seen.revision },
      manager.token,
    );
    expect([stale.status, stale.body.code]).toEqual([409, 'concurrency.conflict']);
    const closed = await must(app, 'contact-requests.set-status', { requestId: request.requestId, status: 'closed' }, manager.token);
    expect((await detail(closed.position)).body.status).toBe('closed');
    expect(needs.revision).toBeLessThan(closed.revision);
    const refused = await command(
      app,
      'contact-requests.reply',
      { requestId: request.requestId, replyId: randomUUID(), message: 'Hello' },
      manager.token,
    );
    expect([refused.status, refused.body.code]).toEqual([422, 'contact.request_closed']);
    const blank = await command(
      app,
      'contact-requests.reply',
      { requestId: request.requestId, replyId: randomUUID(), message: '   ' },
      manager.token,
    );
    expect([blank.status, blank.body.fieldErrors?.[0]]).toEqual([400, expect.objectContaining({ path: 'message', code: 'required' })]);
    const missing = await command(app, 'contact-requests.set-status', { requestId: randomUUID(), status: 'closed' }, manager.token);
    expect([missing.status, missing.body.code]).toEqual([404, 'contact.request_not_found']);
    expect((await adminGet(app, `contact-requests/${randomUUID()}`, manager.token)).status).toBe(404);
  });
});
