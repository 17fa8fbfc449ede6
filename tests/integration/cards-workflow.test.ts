import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  cardStreams,
  type AuditEntry,
  type CardAdminView,
  type CardRequestAdminView,
  type CardRequestView,
  type CardView,
  type CustomerAdminView,
  type NotificationsView,
  type Paged,
} from '@evc/contracts';
import { adminGet, must } from '../support/admin';
import { startTestApp, type TestApp } from '../support/app';
import { givenGovernorate } from '../support/factories';
import { command, customerToken, givenStaff, query, superAdminToken } from '../support/identity';

/** A valid request body for a new card (overrides for the case at hand). */
const aRequest = (overrides: Record<string, unknown> = {}) => ({
  requestId: randomUUID(),
  referenceName: 'My car card',
  phone: '01012345678',
  governorateId: 'eg-c',
  homeAddress: '12 Tahrir Street, Downtown',
  sameAsHome: true,
  ...overrides,
});
const today = () => new Intl.DateTimeFormat('en-CA', { timeZone: 'Africa/Cairo' }).format(new Date());
const uniqueCardId = () => `CARD-${randomUUID().slice(0, 8).toUpperCase()}`;

describe('card requests: the customer asks, staff deliver, the card is theirs', () => {
  let app: TestApp;
  let staff: string;
  let operator: { token: string; adminId: string };

  beforeAll(async () => {
    app = await startTestApp();
    await givenGovernorate(app.commandBus, 'eg-c', 'Cairo', 'القاهرة');
    await givenGovernorate(app.commandBus, 'eg-gz', 'Giza', 'الجيزة');
    staff = await superAdminToken(app);
    operator = await givenStaff(app, ['role-operator'], staff);
  }, 60_000);
  afterAll(() => app?.close());

  const myRequests = async (token: string, position?: number) =>
    (await query<Paged<CardRequestView>>(app, `/api/queries/me/card-requests${position ? `?position=${position}` : ''}`, token)).body;
  const myCards = async (token: string, position?: number) =>
    (await query<Paged<CardView>>(app, `/api/queries/me/charging-cards${position ? `?position=${position}` : ''}`, token)).body;
  const adminRequest = async (requestId: string, position?: number) =>
    (await adminGet<CardRequestAdminView>(app, `card-requests/${requestId}`, staff, position)).body;

  it('files one open request at a time, validates the form, and shows it with its id, date and status', async () => {
    const customer = await customerToken(app);
    const bad = await command(app, 'card-requests.submit', aRequest({ homeAddress: 'ab', phone: '0101234' }), customer.token);
    expect(bad.status).toBe(400);
    expect(bad.body.fieldErrors?.map((e) => e.path).sort()).toEqual(['homeAddress', 'phone']);
    const noDelivery = await command(app, 'card-requests.submit', aRequest({ sameAsHome: false }), customer.token);
    expect(noDelivery.body.fieldErrors).toEqual([expect.objectContaining({ path: 'deliveryAddress', code: 'too_small' })]);

    // Eastern Arabic digits in the phone are accepted; a separate delivery address is kept as typed.
    const request = aRequest({
      phone: '٠١٠١٢٣٤٥٦٧٨',
      sameAsHome: false,
      deliveryAddress: '3 Nile Corniche, Maadi',
      governorateId: 'eg-gz',
    });
    const filed = await must(app, 'card-requests.submit', request, customer.token);
    expect((await command(app, 'card-requests.submit', request, customer.token)).status).toBe(200); // a retry files nothing new
    const second = await command(app, 'card-requests.submit', aRequest(), customer.token);
    expect(second.status).toBe(409);
    expect(second.body.code).toBe('cards.open_request_exists');

    const mine = await myRequests(customer.token, filed.position);
    expect(mine.totalCount).toBe(1);
    expect(mine.dataList[0]).toMatchObject({
      requestId: request.requestId,
      kind: 'new',
      status: 'requested',
      phone: '01012345678',
      governorateNameEn: 'Giza',
      governorateNameAr: 'الجيزة',
      deliveryAddress: '3 Nile Corniche, Maadi',
      sameAsHome: false,
    });
    expect(Date.parse(mine.dataList[0]!.createdAt)).toBeGreaterThan(Date.now() - 60_000);
  });

  it('walks requested → in progress → in delivery → delivered: the card is issued, active, notified and in the history', async () => {
    const customer = await customerToken(app);
    const request = aRequest();
    await must(app, 'card-requests.submit', request, customer.token);
    const { requestId } = request;
    const r0 = await adminRequest(requestId);
    expect(r0).toMatchObject({
      status: 'requested',
      customerId: customer.customerId,
      customerName: 'Mona Hassan',
      deliveryAddress: request.homeAddress,
      sameAsHome: true,
    });
    const started = await must(app, 'card-requests.start', { requestId, expectedRevision: r0.revision, note: 'Printing' }, operator.token);
    const r1 = await adminRequest(requestId, started.position);
    const shipped = await must(app, 'card-requests.ship', { requestId, expectedRevision: r1.revision }, operator.token);
    const r2 = await adminRequest(requestId, shipped.position);
    expect(r2.status).toBe('in_delivery');
    // The customer can no longer cancel once it is in progress.
    const cancel = await command(app, 'card-requests.cancel', { requestId }, customer.token);
    expect([cancel.status, cancel.body.code]).toEqual([422, 'cards.transition_not_allowed']);
    // An issue date in the future is refused; the card ID is normalised (case, spaces).
    const tomorrow = new Date(Date.now() + 2 * 86_400_000).toISOString().slice(0, 10);
    const cardId = uniqueCardId();
    const future = await command(
      app,
      'card-requests.deliver',
      { requestId, expectedRevision: r2.revision, cardId, issueDate: tomorrow },
      operator.token,
    );
    expect(future.body.fieldErrors).toEqual([expect.objectContaining({ path: 'issueDate', code: 'future_date' })]);
    const missing = await command(app, 'card-requests.deliver', { requestId, expectedRevision: r2.revision, cardId: '' }, operator.token);
    expect(missing.body.fieldErrors?.map((e) => e.path).sort()).toEqual(['cardId', 'issueDate']);
    const delivered = await must(
      app,
      'card-requests.deliver',
      { requestId, expectedRevision: r2.revision, cardId: ` ${cardId.toLowerCase()} `, issueDate: today() },
      operator.token,
    );

    const cards = await myCards(customer.token, delivered.position);
    expect(cards.dataList).toEqual([
      expect.objectContaining({
        cardId,
        referenceName: 'My car card',
        issueDate: today(),
        status: 'active',
        origin: 'delivered',
        requestId,
      }),
    ]);
    const done = await adminRequest(requestId, delivered.position);
    expect(done).toMatchObject({ status: 'delivered', cardId, issueDate: today() });
    expect(done.timeline.map((s) => [s.status, s.actorType, s.note])).toEqual([
      ['requested', 'customer', null],
      ['in_progress', 'staff', 'Printing'],
      ['in_delivery', 'staff', null],
      ['delivered', 'staff', null],
    ]);
    expect(done.timeline[1]!.actorName).toBe('Karim Adel');
    // The customer sees the same timeline without staff names.
    expect((await myRequests(customer.token)).dataList[0]!.timeline.every((s) => s.actorName === null)).toBe(true);

    // Every status change notified the customer.
    const notes = (await query<NotificationsView>(app, `/api/queries/me/notifications?position=${delivered.position}`, customer.token))
      .body;
    const statuses = notes.dataList.filter((n) => n.kind === 'card_request_status').map((n) => n.params.status);
    expect(statuses.sort()).toEqual(['delivered', 'in_delivery', 'in_progress', 'requested']);
    expect(notes.dataList.find((n) => n.params.status === 'delivered')?.params.cardId).toBe(cardId);

    // The history has each change with its author and reason; the card's stream is readable too.
    const history = await adminGet<Paged<AuditEntry>>(app, `audit?streamId=${cardStreams.request(requestId)}`, staff);
    expect(history.body.dataList.map((e) => [e.type, e.actor.type, e.reason])).toEqual([
      ['CardRequestDelivered', 'staff', null],
      ['CardRequestAdvanced', 'staff', null],
      ['CardRequestAdvanced', 'staff', 'Printing'],
      ['CardRequested', 'customer', null],
    ]);
    expect(history.body.dataList[2]!.actor.name).toBe('Karim Adel');
    expect((await adminGet<Paged<AuditEntry>>(app, `audit?streamId=${cardStreams.card(cardId)}`, staff)).body.dataList[0]!.type).toBe(
      'CardIssued',
    );

    // The customers screen shows the card status; the customer may file a new request now.
    const row = (await adminGet<CustomerAdminView>(app, `customers/${customer.customerId}`, staff, delivered.position)).body;
    expect(row.cardStatus).toBe('active');
    expect((await command(app, 'card-requests.submit', aRequest(), customer.token)).status).toBe(200);
  });

  it('a request delivered twice issues one card, and a card ID is unique network-wide', async () => {
    const a = await customerToken(app);
    const b = await customerToken(app);
    const ids = [];
    for (const c of [a, b]) {
      const r = aRequest();
      ids.push(r.requestId);
      await must(app, 'card-requests.submit', r, c.token);
      for (const step of ['card-requests.start', 'card-requests.ship'] as const) {
        await must(app, step, { requestId: r.requestId, expectedRevision: (await adminRequest(r.requestId)).revision }, staff);
      }
    }
    const cardId = uniqueCardId();
    const revision = (await adminRequest(ids[0]!)).revision;
    const body = { requestId: ids[0], expectedRevision: revision, cardId, issueDate: today() };
    await must(app, 'card-requests.deliver', body, staff);
    const again = await must(app, 'card-requests.deliver', body, staff); // a retry after success
    const issued = (await app.embedded.infra.eventStore.readStream(cardStreams.card(cardId))).filter((e) => e.type === 'CardIssued');
    expect(issued).toHaveLength(1);
    expect((await myCards(a.token, again.position)).totalCount).toBe(1);
    const otherCard = await command(app, 'card-requests.deliver', { ...body, cardId: uniqueCardId() }, staff);
    expect([otherCard.status, otherCard.body.code]).toEqual([422, 'cards.transition_not_allowed']); // delivered is final: no second card

    const taken = await command(
      app,
      'card-requests.deliver',
      { requestId: ids[1], expectedRevision: (await adminRequest(ids[1]!)).revision, cardId, issueDate: today() },
      staff,
    );
    expect([taken.status, taken.body.code, taken.body.fieldErrors?.[0]?.path]).toEqual([409, 'cards.card_exists', 'cardId']);
    expect((await adminRequest(ids[1]!)).status).toBe('in_delivery'); // nothing moved
  });

  it('two staff changing the same request: one wins, the other is told it changed', async () => {
    const customer = await customerToken(app);
    const r = aRequest();
    await must(app, 'card-requests.submit', r, customer.token);
    const { revision } = await adminRequest(r.requestId);
    const [first, second] = await Promise.all([
      command(app, 'card-requests.start', { requestId: r.requestId, expectedRevision: revision }, staff),
      command(
        app,
        'card-requests.needs-action',
        { requestId: r.requestId, expectedRevision: revision, note: 'Which floor?' },
        operator.token,
      ),
    ]);
    expect([first.status, second.status].sort()).toEqual([200, 409]);
    expect([first, second].find((x) => x.status === 409)!.body.code).toBe('concurrency.conflict');
    const after = await adminRequest(r.requestId, Math.max(first.body.position ?? 0, second.body.position ?? 0));
    expect(after.timeline).toHaveLength(2);
  });

  it('needs action with a note and back; rejected with a reason; canceled by the customer; then a new request may open', async () => {
    const customer = await customerToken(app);
    const r = aRequest();
    await must(app, 'card-requests.submit', r, customer.token);
    const start = await must(app, 'card-requests.start', { requestId: r.requestId, expectedRevision: 0 }, staff);
    const noNote = await command(app, 'card-requests.needs-action', { requestId: r.requestId, expectedRevision: 1, note: '  ' }, staff);
    expect(noNote.body.fieldErrors).toEqual([expect.objectContaining({ path: 'note', code: 'reason_required' })]);
    const ask = await must(
      app,
      'card-requests.needs-action',
      { requestId: r.requestId, expectedRevision: 1, note: 'Please confirm the building number' },
      staff,
    );
    const mine = (await myRequests(customer.token, ask.position)).dataList[0]!;
    expect([mine.status, mine.note]).toEqual(['needs_action', 'Please confirm the building number']);
    const back = await must(app, 'card-requests.resume', { requestId: r.requestId, expectedRevision: 2 }, staff);
    expect((await adminRequest(r.requestId, back.position)).status).toBe('in_progress');
    expect(start.revision).toBe(1);
    const rejected = await must(
      app,
      'card-requests.reject',
      { requestId: r.requestId, expectedRevision: 3, reason: 'Outside the delivery area' },
      staff,
    );
    expect((await myRequests(customer.token, rejected.position)).dataList[0]).toMatchObject({
      status: 'rejected',
      note: 'Outside the delivery area',
    });
    expect((await command(app, 'card-requests.resume', { requestId: r.requestId, expectedRevision: 4 }, staff)).body.code).toBe(
      'cards.transition_not_allowed',
    );

    const next = aRequest();
    await must(app, 'card-requests.submit', next, customer.token);
    await must(app, 'card-requests.needs-action', { requestId: next.requestId, expectedRevision: 0, note: 'Send a landmark' }, staff);
    const canceled = await must(app, 'card-requests.cancel', { requestId: next.requestId }, customer.token);
    expect((await myRequests(customer.token, canceled.position)).dataList[0]!.status).toBe('canceled');
    expect((await command(app, 'card-requests.submit', aRequest(), customer.token)).status).toBe(200);
  });

  it('links a card the customer holds once staff verify it', async () => {
    const customer = await customerToken(app);
    const cardId = uniqueCardId();
    const link = { requestId: randomUUID(), cardId: cardId.toLowerCase(), referenceName: 'Old card', phone: '01012345678' };
    await must(app, 'card-requests.link', link, customer.token);
    const r = await adminRequest(link.requestId);
    expect(r).toMatchObject({ kind: 'link', cardId, status: 'requested', deliveryAddress: null });
    expect((await command(app, 'card-requests.ship', { requestId: link.requestId, expectedRevision: r.revision }, staff)).status).toBe(422);
    const verified = await must(
      app,
      'card-requests.deliver',
      { requestId: link.requestId, expectedRevision: r.revision, cardId, issueDate: '2024-05-01' },
      staff,
    );
    expect((await myCards(customer.token, verified.position)).dataList).toEqual([
      expect.objectContaining({ cardId, origin: 'linked', status: 'active', issueDate: '2024-05-01' }),
    ]);
    // Someone else may ask to link it (the answer tells nothing about the ID), but staff cannot verify it for them.
    const other = await customerToken(app);
    const again = { ...link, requestId: randomUUID() };
    await must(app, 'card-requests.link', again, other.token);
    const refused = await command(
      app,
      'card-requests.deliver',
      { requestId: again.requestId, expectedRevision: 0, cardId, issueDate: '2024-05-01' },
      staff,
    );
    expect([refused.status, refused.body.code]).toEqual([409, 'cards.card_exists']);
  });

  it('a customer sees only their own requests and cards; staff need cards.manage', async () => {
    const a = await customerToken(app);
    const b = await customerToken(app);
    const r = aRequest();
    const filed = await must(app, 'card-requests.submit', r, a.token);
    expect((await myRequests(b.token, filed.position)).totalCount).toBe(0);
    const cancel = await command(app, 'card-requests.cancel', { requestId: r.requestId }, b.token);
    expect([cancel.status, cancel.body.code]).toEqual([404, 'cards.request_not_found']);
    expect((await query(app, '/api/queries/admin/card-requests', a.token)).status).toBe(403);
    const viewer = await givenStaff(app, ['role-viewer'], staff);
    expect((await query(app, '/api/queries/admin/card-requests', viewer.token)).status).toBe(403);
    expect((await command(app, 'card-requests.start', { requestId: r.requestId, expectedRevision: 0 }, viewer.token)).status).toBe(403);
    expect((await command(app, 'card-requests.submit', aRequest(), staff)).status).toBe(403);
  });

  it('filters the staff list by status, governorate and date, and exports CSV', async () => {
    const customer = await customerToken(app, { firstName: 'Salma' });
    const r = aRequest({ governorateId: 'eg-gz', referenceName: 'Filter card' });
    const filed = await must(app, 'card-requests.submit', r, customer.token);
    const list = async (q: string) => (await adminGet<Paged<CardRequestAdminView>>(app, `card-requests?${q}`, staff, filed.position)).body;
    const ids = (p: Paged<CardRequestAdminView>) => p.dataList.map((x) => x.requestId);
    expect(ids(await list('governorateId=eg-gz&status=requested&q=salma'))).toEqual([r.requestId]);
    expect(ids(await list('governorateId=eg-c&q=salma'))).toEqual([]);
    expect(ids(await list(`from=${today()}&to=${today()}&q=salma`))).toEqual([r.requestId]);
    expect(ids(await list('to=2020-01-01&q=salma'))).toEqual([]);
    expect(ids(await list('open=true&q=salma'))).toEqual([r.requestId]);
    expect(ids(await list('status=delivered&q=salma'))).toEqual([]);
    const csv = await adminGet(app, 'card-requests?q=salma&format=csv', staff);
    expect(csv.headers.get('content-type')).toContain('text/csv');
    const [header, line] = csv.text.replace(/^\uFEFF/, '').split('\r\n');
    expect(header).toBe(
      'Request ID,Created,Kind,Status,Customer,E-mail,Phone,Reference name,Governorate,Delivery address,Card ID,Issue date,Note',
    );
    expect(line).toContain(`${r.requestId},`);
    expect(line).toContain(',new,New,Salma Hassan,');
  });

  it('staff turn a card off and on with a reason; the customer turns off their own; others get 404', async () => {
    const customer = await customerToken(app);
    const r = aRequest();
    await must(
      app,
      'card-requests.link',
      { requestId: r.requestId, cardId: uniqueCardId(), referenceName: 'Spare', phone: '01012345678' },
      customer.token,
    );
    const request = await adminRequest(r.requestId);
    const delivered = await must(
      app,
      'card-requests.deliver',
      { requestId: r.requestId, expectedRevision: request.revision, cardId: request.cardId, issueDate: today() },
      staff,
    );
    const cardId = request.cardId!;
    const card = async (position?: number) =>
      (await adminGet<Paged<CardAdminView>>(app, `charging-cards?customerId=${customer.customerId}`, staff, position)).body.dataList[0]!;
    const c0 = await card(delivered.position);
    const off = await must(app, 'cards.deactivate', { cardId, expectedRevision: c0.revision, reason: 'Suspected misuse' }, staff);
    const stale = await command(app, 'cards.activate', { cardId, expectedRevision: c0.revision, reason: 'Cleared' }, staff);
    expect(stale.body.code).toBe('concurrency.conflict');
    const c1 = await card(off.position);
    expect([c1.status, c1.statusReason]).toEqual(['inactive', 'Suspected misuse']);
    expect((await adminGet<CustomerAdminView>(app, `customers/${customer.customerId}`, staff, off.position)).body.cardStatus).toBe(
      'inactive',
    );
    const on = await must(app, 'cards.activate', { cardId, expectedRevision: c1.revision, reason: 'Cleared' }, staff);
    expect((await myCards(customer.token, on.position)).dataList[0]).toMatchObject({ status: 'active', statusReason: 'Cleared' });

    const stranger = await customerToken(app);
    const notMine = await command(app, 'cards.deactivate-own', { cardId }, stranger.token);
    expect([notMine.status, notMine.body.code]).toEqual([404, 'cards.card_not_found']);
    const lost = await must(app, 'cards.deactivate-own', { cardId }, customer.token);
    expect((await myCards(customer.token, lost.position)).dataList[0]).toMatchObject({ status: 'inactive', statusReason: 'reported_lost' });
    expect((await command(app, 'cards.deactivate-own', { cardId }, customer.token)).status).toBe(200); // already off: nothing new
    const notes = (await query<NotificationsView>(app, `/api/queries/me/notifications?position=${lost.position}`, customer.token)).body;
    expect(notes.dataList.filter((n) => n.kind === 'card_status').map((n) => n.params.status)).toEqual(['inactive', 'active', 'inactive']);
  });
});
