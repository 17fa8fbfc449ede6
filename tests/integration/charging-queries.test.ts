import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  chargingStreams,
  type Actor,
  type ApiError,
  type CustomerAdminView,
  type NotificationsView,
  type Paged,
  type PaymentView,
  type SessionAdminDetailView,
  type SessionAdminView,
  type SessionDetailView,
  type SessionView,
  type StationView,
  type WalletView,
} from '@evc/contracts';
import { adminGet, must } from '../support/admin';
import { startTestApp, type TestApp } from '../support/app';
import { openLiveStream } from '../support/live';
import { aStation, givenGovernorate, registerCharger, registerStation } from '../support/factories';
import { customerToken, givenStaff, query, superAdminToken } from '../support/identity';

const SYSTEM: Actor = { type: 'system', id: 'system' };

describe('charging queries: sessions, wallet, payments, notifications, lookup, live/me', () => {
  let app: TestApp;
  let admin: string;
  let stationId: string;
  let chargerId: string;
  let a: { customerId: string; token: string };
  let b: { customerId: string; token: string };
  let sessionsOnly: string;
  let customersOnly: string;
  let neither: string;
  const sessionA = randomUUID();
  const sessionB = randomUUID();
  const paymentA = randomUUID();
  const paymentB = randomUUID();
  let last = 0;

  const append = async (stream: string, type: string, data: Record<string, unknown>, actor: Actor = SYSTEM) => {
    const result = await app.embedded.infra.eventStore.append(
      stream,
      [
        {
          eventId: randomUUID(),
          type,
          data,
          metadata: {
            correlationId: randomUUID(),
            causationId: randomUUID(),
            actor,
            occurredAt: new Date().toISOString(),
            schemaVersion: 1,
          },
        },
      ],
      'any',
    );
    last = result.position;
    return result.position;
  };
  const requested = (sessionId: string, customerId: string, at: string) =>
    append(chargingStreams.session(sessionId), 'SessionRequested', {
      sessionId,
      customerId,
      origin: 'app',
      idTag: 'APP-TEST',
      chargerId,
      stationId,
      connectorId: 1,
      connectorType: 'Type2',
      carId: null,
      target: { kind: 'none' },
      prices: { pricePerKwh: 500, minimumCharge: 1000, current: 'AC' },
      balanceAtStart: 10_000,
      at,
    });
  const tx = (
    customerId: string,
    type: 'WalletCredited' | 'WalletDebited',
    id: string,
    amount: number,
    balanceAfter: number,
    kind: string,
    at: string,
    actor: Actor = SYSTEM,
  ) =>
    append(
      chargingStreams.wallet(customerId),
      type,
      {
        transactionId: `${kind === 'top_up' ? 'payment' : kind}:${id}`,
        customerId,
        amount,
        balanceAfter,
        kind,
        reference: { type: kind === 'top_up' ? 'payment' : kind, id },
        reason: kind,
        at,
      },
      actor,
    );

  beforeAll(async () => {
    app = await startTestApp();
    admin = await superAdminToken(app);
    await givenGovernorate(app.commandBus);
    stationId = aStation().stationId;
    await registerStation(app.commandBus, { ...aStation(), stationId });
    ({ chargerId } = await registerCharger(app.commandBus, stationId));
    a = await customerToken(app, { firstName: 'Amira', lastName: 'Saad' });
    b = await customerToken(app, { firstName: 'Bassem', lastName: 'Nour' });
    await must(
      app,
      'roles.create',
      { roleId: 'role-sessions-only', name: 'Sessions only', nameAr: 'الجلسات فقط', privileges: ['sessions.read'] },
      admin,
    );
    await must(
      app,
      'roles.create',
      { roleId: 'role-customers-only', name: 'Customers only', nameAr: 'العملاء فقط', privileges: ['customers.read'] },
      admin,
    );
    await must(
      app,
      'roles.create',
      { roleId: 'role-stations-only', name: 'Stations only', nameAr: 'المحطات فقط', privileges: ['stations.write'] },
      admin,
    );
    sessionsOnly = (await givenStaff(app, ['role-sessions-only'], admin)).token;
    customersOnly = (await givenStaff(app, ['role-customers-only'], admin)).token;
    neither = (await givenStaff(app, ['role-stations-only'], admin)).token;

    // A: one session charged and billed; B: one failed session
    await requested(sessionA, a.customerId, '2026-03-02T10:00:00.000Z');
    await append(
      chargingStreams.session(sessionA),
      'SessionCharging',
      { sessionId: sessionA, transactionId: '1', meterStartWh: 0, startedAt: '2026-03-02T10:00:05.000Z', at: '2026-03-02T10:00:05.000Z' },
      { type: 'charger', id: chargerId },
    );
    await append(chargingStreams.session(sessionA), 'MeterReadingRecorded', {
      sessionId: sessionA,
      transactionId: '1',
      timestamp: '2026-03-02T10:05:00.000Z',
      energyWh: 4000,
      powerW: 7000,
      socPercent: 50,
      at: '2026-03-02T10:05:00.000Z',
    });
    await append(chargingStreams.session(sessionA), 'SessionStopped', {
      sessionId: sessionA,
      transactionId: '1',
      meterStopWh: 6000,
      stoppedAt: '2026-03-02T10:10:00.000Z',
      energyWh: 6000,
      cost: 3000,
      reason: 'customer',
      chargerReason: null,
      at: '2026-03-02T10:10:00.000Z',
    });
    await append(chargingStreams.session(sessionA), 'SessionBilled', {
      sessionId: sessionA,
      customerId: a.customerId,
      amount: 3000,
      transactionId: `session:${sessionA}`,
      at: '2026-03-02T10:10:01.000Z',
    });
    await requested(sessionB, b.customerId, '2026-03-03T09:00:00.000Z');
    await append(chargingStreams.session(sessionB), 'SessionStartFailed', {
      sessionId: sessionB,
      reason: 'offline',
      detail: null,
      at: '2026-03-03T09:00:02.000Z',
    });

    // A's wallet across Cairo days: 21:30 UTC on 1 March is 23:30 in Cairo (1 March), 22:30 UTC is 2 March already
    await tx(a.customerId, 'WalletCredited', paymentA, 20_000, 20_000, 'top_up', '2026-03-01T21:30:00.000Z');
    await tx(a.customerId, 'WalletCredited', 'adj-1', 1_000, 21_000, 'adjustment', '2026-03-01T22:30:00.000Z', {
      type: 'staff',
      id: 'test-admin',
    });
    await tx(a.customerId, 'WalletDebited', sessionA, 3_000, 18_000, 'session', '2026-03-02T10:10:01.000Z');
    await tx(b.customerId, 'WalletCredited', paymentB, 5_000, 5_000, 'top_up', '2026-03-02T08:00:00.000Z');
    await append(chargingStreams.payment(paymentA), 'PaymentInitiated', {
      paymentId: paymentA,
      customerId: a.customerId,
      amount: 20_000,
      provider: 'sandbox',
      providerRef: 'r-a',
      checkoutUrl: 'https://sandbox/a',
      at: '2026-03-01T21:29:00.000Z',
    });
    await append(chargingStreams.payment(paymentA), 'PaymentCompleted', {
      paymentId: paymentA,
      customerId: a.customerId,
      amount: 20_000,
      providerTransactionId: 't-a',
      at: '2026-03-01T21:30:00.000Z',
    });
    await append(chargingStreams.payment(paymentB), 'PaymentInitiated', {
      paymentId: paymentB,
      customerId: b.customerId,
      amount: 5_000,
      provider: 'sandbox',
      providerRef: 'r-b',
      checkoutUrl: 'https://sandbox/b',
      at: '2026-03-02T07:59:00.000Z',
    });
  });
  afterAll(() => app?.close());

  it("customers read only their own sessions; another customer's session is a 404", async () => {
    const mine = await query<Paged<SessionView>>(app, `/api/queries/me/sessions?position=${last}`, a.token);
    expect(mine.status).toBe(200);
    expect(mine.body.dataList.map((s) => s.sessionId)).toEqual([sessionA]);
    expect(mine.body.dataList[0]).toMatchObject({ status: 'stopped', energyWh: 6000, cost: 3000, billed: true });
    expect(mine.body.dataList[0]).not.toHaveProperty('customerId');
    const detail = await query<SessionDetailView>(app, `/api/queries/me/sessions/${sessionA}`, a.token);
    expect(detail.status).toBe(200);
    expect(detail.body.readings).toHaveLength(1);
    expect(detail.body.timeline.map((t) => t.type)).toEqual(['SessionRequested', 'SessionCharging', 'SessionStopped', 'SessionBilled']);
    expect((await query<ApiError>(app, `/api/queries/me/sessions/${sessionB}`, a.token)).status).toBe(404);
    expect((await query<Paged<SessionView>>(app, '/api/queries/me/sessions?status=active', b.token)).body.totalCount).toBe(0);
    expect((await query(app, '/api/queries/me/sessions')).status).toBe(401);
    expect((await query(app, '/api/queries/me/sessions', admin)).status).toBe(403);
  });

  it("payments: own only (404 for another's)", async () => {
    const own = await query<PaymentView>(app, `/api/queries/me/payments/${paymentA}?position=${last}`, a.token);
    expect(own.status).toBe(200);
    expect(own.body).toMatchObject({ paymentId: paymentA, status: 'completed', amount: 20_000 });
    expect(own.body).not.toHaveProperty('customerId');
    expect((await query(app, `/api/queries/me/payments/${paymentB}`, a.token)).status).toBe(404);
    expect((await query<PaymentView>(app, `/api/queries/me/payments/${paymentB}`, b.token)).body.status).toBe('pending');
  });

  it('the wallet: balance, Cairo days newest first, newest first within a day, filters and paging', async () => {
    const all = await query<WalletView>(app, `/api/queries/me/wallet?position=${last}`, a.token);
    expect(all.status).toBe(200);
    expect(all.body.balance).toBe(18_000);
    expect(all.body.totalCount).toBe(3);
    expect(all.body.transactionsDates.map((d) => [d.date, d.transactions.map((t) => t.kind)])).toEqual([
      ['2026-03-02', ['session', 'adjustment']],
      ['2026-03-01', ['top_up']],
    ]);
    expect(all.body.transactionsDates[0]!.transactions[1]!.creator).toMatchObject({ type: 'staff', id: 'test-admin' });
    const incoming = await query<WalletView>(app, '/api/queries/me/wallet?filter=incoming', a.token);
    expect([
      incoming.body.totalCount,
      incoming.body.transactionsDates.flatMap((d) => d.transactions).every((t) => t.direction === 'in'),
    ]).toEqual([2, true]);
    const outgoing = await query<WalletView>(app, '/api/queries/me/wallet?filter=outgoing', a.token);
    expect(outgoing.body.totalCount).toBe(1);
    expect(outgoing.body.transactionsDates).toEqual([
      {
        date: '2026-03-02',
        transactions: [expect.objectContaining({ direction: 'out', amount: 3000, reference: { type: 'session', id: sessionA } })],
      },
    ]);
    const page2 = await query<WalletView>(app, '/api/queries/me/wallet?pageSize=2&page=2', a.token);
    expect(page2.body).toMatchObject({ totalCount: 3, transactionsDates: [{ date: '2026-03-01', transactions: [{ kind: 'top_up' }] }] });
    const other = await query<WalletView>(app, '/api/queries/me/wallet', b.token);
    expect([other.body.balance, other.body.totalCount]).toEqual([5_000, 1]);
  });

  it('notifications with the unseen count, own only', async () => {
    const mine = await query<NotificationsView>(app, `/api/queries/me/notifications?position=${last}`, a.token);
    expect(mine.body.dataList.map((n) => n.kind).sort()).toEqual([
      'session_started',
      'session_stopped',
      'top_up_credited',
      'wallet_adjusted',
    ]);
    expect(mine.body.unseenCount).toBe(4);
    const seen = await append(chargingStreams.notifications(a.customerId), 'NotificationsSeen', {
      customerId: a.customerId,
      notificationIds: [mine.body.dataList[0]!.notificationId],
      at: new Date().toISOString(),
    });
    const after = await query<NotificationsView>(app, `/api/queries/me/notifications?position=${seen}`, a.token);
    expect([after.body.totalCount, after.body.unseenCount]).toEqual([4, 3]);
    expect((await query<NotificationsView>(app, '/api/queries/me/notifications', b.token)).body.dataList.map((n) => n.kind).sort()).toEqual(
      ['session_failed', 'top_up_credited'],
    );
  });

  it('staff: sessions by privilege, the customer link only with customers.read', async () => {
    expect((await adminGet(app, 'sessions', customersOnly)).status).toBe(403);
    expect((await adminGet(app, 'sessions', a.token)).status).toBe(403);
    const limited = await adminGet<Paged<SessionAdminView>>(app, `sessions?sort=requestedAt&dir=asc`, sessionsOnly, last);
    expect(limited.status).toBe(200);
    expect(limited.body.dataList.map((s) => [s.sessionId, s.customerName, s.customerId])).toEqual([
      [sessionA, 'Amira Saad', null],
      [sessionB, 'Bassem Nour', null],
    ]);
    const full = await adminGet<Paged<SessionAdminView>>(app, `sessions?customerId=${b.customerId}`, admin);
    expect(full.body.dataList.map((s) => [s.sessionId, s.customerId])).toEqual([[sessionB, b.customerId]]);
    expect((await adminGet<Paged<SessionAdminView>>(app, 'sessions?status=failed', admin)).body.totalCount).toBe(1);
    expect((await adminGet<Paged<SessionAdminView>>(app, 'sessions?q=amira', admin)).body.dataList.map((s) => s.sessionId)).toEqual([
      sessionA,
    ]);
    expect((await adminGet<Paged<SessionAdminView>>(app, 'sessions?from=2026-03-03', admin)).body.dataList.map((s) => s.sessionId)).toEqual(
      [sessionB],
    );
    expect((await adminGet<Paged<SessionAdminView>>(app, 'sessions?sort=cost&dir=desc&pageSize=1', admin)).body).toMatchObject({
      totalCount: 2,
      dataList: [{ sessionId: sessionA }],
    });
    const detail = await adminGet<SessionAdminDetailView>(app, `sessions/${sessionA}`, sessionsOnly);
    expect(detail.body).toMatchObject({ sessionId: sessionA, customerName: 'Amira Saad', customerId: null });
    expect(detail.body.timeline[1]).toMatchObject({ type: 'SessionCharging', actor: { type: 'charger', id: chargerId } });
    expect((await adminGet(app, `sessions/${randomUUID()}`, sessionsOnly)).status).toBe(404);
  });

  it("staff: a customer's wallet with customers.read; wallet balance and last charge on the customers screen", async () => {
    expect((await adminGet(app, `customers/${a.customerId}/wallet`, sessionsOnly)).status).toBe(403);
    expect((await adminGet(app, `customers/${a.customerId}/wallet`, neither)).status).toBe(403);
    const wallet = await adminGet<WalletView>(app, `customers/${a.customerId}/wallet?filter=outgoing`, customersOnly, last);
    expect(wallet.status).toBe(200);
    expect([wallet.body.balance, wallet.body.totalCount]).toEqual([18_000, 1]);
    const customer = await adminGet<CustomerAdminView>(app, `customers/${a.customerId}`, customersOnly);
    expect(customer.body).toMatchObject({ walletBalance: 18_000, lastChargeAt: '2026-03-02T10:00:05.000Z' });
  });

  it('chargers.lookup: by serial in any case; 404 for none', async () => {
    const found = await query<StationView>(app, `/api/queries/chargers/lookup?serialNumber=sn-${chargerId.toLowerCase()}`, a.token);
    expect(found.status).toBe(200);
    expect(found.body.stationId).toBe(stationId);
    expect(found.body).not.toHaveProperty('searchText');
    expect((await query(app, '/api/queries/chargers/lookup?serialNumber=NO-SUCH', a.token)).status).toBe(404);
    expect((await query(app, `/api/queries/chargers/lookup?serialNumber=SN-${chargerId}`)).status).toBe(401);
  });

  it("live: /api/live/me carries only the caller's own private changes; /api/live never a private one", async () => {
    expect((await openLiveStream(app, '/api/live/me')).status).toBe(401);
    const streams = {
      a: await openLiveStream(app, '/api/live/me', a.token),
      b: await openLiveStream(app, '/api/live/me', b.token),
      staff: await openLiveStream(app, '/api/live/me', sessionsOnly),
      pub: await openLiveStream(app, '/api/live'),
    };
    try {
      expect(streams.a.status).toBe(200);
      const at = new Date().toISOString();
      await append(chargingStreams.session(sessionB), 'SessionStopRequested', {
        sessionId: sessionB,
        reason: 'staff',
        commandId: null,
        at,
      });
      await tx(b.customerId, 'WalletDebited', 'adj-b', 1_000, 4_000, 'adjustment', at);
      await requested(randomUUID(), a.customerId, at);
      await expect.poll(() => streams.a.changes.some((c) => c.collection === 'sessions')).toBe(true);
      await expect.poll(() => streams.b.changes.some((c) => c.collection === 'wallet_transactions')).toBe(true);
      await expect.poll(() => streams.staff.changes.some((c) => c.collection === 'sessions')).toBe(true);
      await new Promise((r) => setTimeout(r, 100));
      expect(streams.a.changes.length).toBeGreaterThan(0);
      expect(streams.a.changes.every((c) => JSON.stringify(c.customerIds) === JSON.stringify([a.customerId]))).toBe(true);
      expect(streams.a.changes.flatMap((c) => c.ids ?? [])).not.toContain(sessionB);
      expect(streams.b.changes.every((c) => JSON.stringify(c.customerIds) === JSON.stringify([b.customerId]))).toBe(true);
      // sessions.read without customers.read: sessions and their allotted power only, no customer ids, no wallets
      const sessionFamily = ['sessions', 'session_power'];
      expect(streams.staff.changes.every((c) => sessionFamily.includes(c.collection) && c.customerIds?.length === 0)).toBe(true);
      expect(
        streams.pub.changes.filter(
          (c) => c.customerIds || ['sessions', 'wallet_transactions', 'wallets', 'notifications'].includes(c.collection),
        ),
      ).toEqual([]);
    } finally {
      Object.values(streams).forEach((s) => s.close());
    }
  });
});
