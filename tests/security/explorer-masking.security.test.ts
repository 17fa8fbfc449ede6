import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AuditEntry, ChainView, EventSearchPage, Paged } from '@evc/contracts';
import { startTestApp, type TestApp } from '../support/app';
import {
  chargeOnce,
  connectDemoCharger,
  demoCustomer,
  type ChargedSession,
  type DemoCustomer,
  type RawCharger,
} from '../support/charging-story';
import { command, customerToken, givenStaff, query, superAdminToken } from '../support/identity';

/**
 * The event explorer and the audit panel mask by one rule: a staff member who may read events but not customers sees
 * no personal data (names, e-mail, phone, card ids, app tokens, even inside stream names), and one without
 * contact.manage reads nothing a contact request holds.
 */
describe('the explorer and the audit panel for a role without customers.read or contact.manage', () => {
  let app: TestApp;
  let admin: string;
  /** events.read and sessions.read only: a Viewer without the customers and contact privileges. */
  let reader: string;
  /** The seeded Viewer: customers.read and events.read, but not contact.manage. */
  let viewer: string;
  let customer: DemoCustomer;
  let charger: RawCharger;
  let session: ChargedSession;
  let idTag: string;

  const search = async (token: string, params: Record<string, string | number>) => {
    const qs = new URLSearchParams(Object.entries(params).map(([k, v]): [string, string] => [k, String(v)]));
    return query<EventSearchPage & { code?: string }>(app, `/api/queries/admin/events?${qs}`, token);
  };
  const audit = (token: string, streamId: string) =>
    query<Paged<AuditEntry> & { code?: string }>(app, `/api/queries/admin/audit?streamId=${encodeURIComponent(streamId)}`, token);

  beforeAll(async () => {
    app = await startTestApp({ seed: true });
    admin = await superAdminToken(app);
    expect(
      (
        await command(
          app,
          'roles.create',
          { roleId: 'log-reader', name: 'Log reader', nameAr: 'قارئ السجل', privileges: ['events.read', 'sessions.read'] },
          admin,
        )
      ).status,
    ).toBe(200);
    reader = (await givenStaff(app, ['log-reader'], admin)).token;
    viewer = (await givenStaff(app, ['role-viewer'], admin)).token;
    customer = await demoCustomer(app);
    charger = await connectDemoCharger(app);
    session = await chargeOnce(app, charger, customer, { registers: [2000, 4000] });
    // Whatever kind of token the session used (an app token, per customer or per session), it is the request's idTag.
    const requested = (await app.embedded.infra.eventStore.readStream(`session-${session.sessionId}`)).find(
      (e) => e.type === 'SessionRequested',
    )!;
    idTag = (requested.data as { idTag: string }).idTag;
  }, 60_000);

  afterAll(async () => {
    await charger?.close();
    await app?.close();
  });

  it("masks a customer's personal data in the audit panel exactly as in the explorer", async () => {
    const phone = '01055512345';
    const mona = await customerToken(app, {
      firstName: 'Monalisa',
      lastName: 'Saadawi',
      email: `monalisa.${randomUUID().slice(0, 6)}@example.com`,
      phone,
    });
    const stream = `account-${mona.customerId}`;
    const asAdmin = await audit(admin, stream);
    expect(JSON.stringify(asAdmin.body)).toContain(mona.email);

    const asReader = await audit(reader, stream);
    expect(asReader.status).toBe(200);
    const text = JSON.stringify(asReader.body);
    for (const secret of [mona.email, phone, 'Monalisa', 'Saadawi']) expect(text, secret).not.toContain(secret);
    const signedUp = asReader.body.dataList.find((e) => e.type === 'CustomerSignedUp')!;
    expect(signedUp.changes.find((c) => c.field === 'email')).toEqual({ field: 'email', before: null, after: null, masked: 'personal' });
    expect(signedUp.changes.find((c) => c.field === 'passwordHash')?.masked).toBe('secret');
    // The explorer says the same of the same event.
    const explored = (await search(reader, { stream, type: 'CustomerSignedUp' })).body.dataList[0]!;
    expect(explored.fields.find((f) => f.path === 'email')?.masked).toBe('personal');
  });

  it("masks the session's token in the audit panel, the explorer, stream names and the chain", async () => {
    expect(JSON.stringify((await audit(admin, `session-${session.sessionId}`)).body)).toContain(idTag);
    const sessionAudit = await audit(reader, `session-${session.sessionId}`);
    expect(sessionAudit.status).toBe(200);
    expect(JSON.stringify(sessionAudit.body)).not.toContain(idTag);
    // A customer's name is personal data in the audit panel too.
    expect(sessionAudit.body.dataList.filter((e) => e.actor.type === 'customer').every((e) => e.actor.name === null)).toBe(true);

    const tokens = await search(reader, { streamPrefix: 'id-token-', pageSize: 200 });
    expect(tokens.body.dataList.length).toBeGreaterThan(0);
    expect(tokens.body.dataList.every((e) => e.streamId === 'id-token-***')).toBe(true);
    expect(JSON.stringify(tokens.body)).not.toContain(idTag);
    // The stream cannot be found by its name, nor guessed by prefix.
    expect((await search(reader, { stream: `id-token-${idTag}` })).body.dataList).toEqual([]);
    expect((await search(reader, { streamPrefix: `id-token-${idTag.slice(0, 3)}` })).body.dataList).toEqual([]);
    expect((await search(admin, { stream: `id-token-${idTag}` })).body.dataList.length).toBeGreaterThan(0);

    const debit = (await search(admin, { type: 'WalletDebited', stream: `wallet-${customer.customerId}` })).body.dataList[0]!;
    const chain = await query<ChainView>(app, `/api/queries/admin/events/${debit.position}/chain`, reader);
    expect(chain.status).toBe(200);
    expect(JSON.stringify(chain.body)).not.toContain(idTag);
  });

  it('masks card ids in card streams and cardId fields, and answers no audit of a card by its id', async () => {
    const issued = (await search(admin, { type: 'CardIssued' })).body.dataList[0]!;
    const cardId = String(issued.fields.find((f) => f.path === 'cardId')!.value);
    expect(issued.streamId).toBe(`card-${cardId}`);

    const asReader = await search(reader, { type: 'CardIssued' });
    expect(asReader.body.dataList.map((e) => e.streamId)).toContain('card-***');
    expect(JSON.stringify(asReader.body)).not.toContain(cardId);
    expect(asReader.body.dataList[0]!.fields.find((f) => f.path === 'cardId')?.masked).toBe('personal');
    expect((await search(reader, { stream: `card-${cardId}` })).body.dataList).toEqual([]);
    expect((await search(reader, { streamPrefix: `card-${cardId.slice(0, 2)}` })).body.dataList).toEqual([]);
    expect((await search(reader, { q: cardId })).body.dataList).toEqual([]);

    const cardAudit = await audit(reader, `card-${cardId}`);
    expect([cardAudit.status, cardAudit.body.code]).toEqual([403, 'auth.forbidden']);
    expect(JSON.stringify((await audit(admin, `card-${cardId}`)).body)).toContain(cardId);
  });

  it("shows none of a contact request's details, replies or internal comments to staff without contact.manage", async () => {
    const requestId = randomUUID();
    const request = {
      requestId,
      fullName: 'Nour Elsherif',
      email: `nour.${randomUUID().slice(0, 6)}@example.com`,
      title: 'Charger Zamalek-7 refused me',
      type: 'complaint',
      details: 'My plate is 123 ABC',
    };
    expect((await command(app, 'contact-requests.submit', request)).status).toBe(200);
    const comment = 'Internal: refund quietly';
    expect((await command(app, 'contact-requests.comment', { requestId, commentId: randomUUID(), text: comment }, admin)).status).toBe(200);
    const stream = `contact-request-${requestId}`;
    const secrets = [request.fullName, request.email, request.title, request.details, comment];

    expect(JSON.stringify((await search(admin, { stream })).body)).toContain(comment);
    for (const token of [reader, viewer]) {
      const page = await search(token, { stream });
      expect(page.body.dataList.map((e) => e.type)).toEqual(['ContactRequestCommented', 'ContactRequestSubmitted']);
      const text = JSON.stringify(page.body);
      for (const secret of secrets) expect(text, secret).not.toContain(secret);
      expect(page.body.dataList[0]!.fields.find((f) => f.path === 'text')?.masked).toBe('contact');
      expect((await search(token, { q: 'refund quietly' })).body.dataList).toEqual([]);
      expect((await audit(token, stream)).status).toBe(403);
    }
  });
});
