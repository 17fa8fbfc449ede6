import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chargingStreams, energyCost, type ReceiptView, type StationView } from '@evc/contracts';
import { bearer, startTestApp, type TestApp } from '../support/app';
import { book, myBooking } from '../support/bookings';
import { chargeOnce, connectDemoCharger, demoCustomer, until, type DemoCustomer, type RawCharger } from '../support/charging-story';
import { must } from '../support/admin';
import { command, customerToken, givenStaff, query, superAdminToken } from '../support/identity';
import { logical, pdfTextLines } from '../support/pdf-text';

const SESSIONS_ONLY = `role-sessions-${randomUUID().slice(0, 8)}`;
type Prices = { pricePerKwh: number; minimumCharge: number };
type Debit = { transactionId: string; amount: number; balanceAfter: number };

/**
 * Receipts over HTTP, the figures checked against the events (the prices SessionRequested recorded,
 * the energy the charger metered, the wallet's debits and balances), the PDF in both languages, and privacy.
 */
describe('receipts: sessions and bookings, JSON and PDF', () => {
  let app: TestApp;
  let charger: RawCharger;
  let customer: DemoCustomer;
  let stranger: string;

  const receipt = (path: string, token = customer.token) => query<ReceiptView & { code?: string }>(app, path, token);
  const events = (stream: string) => app.embedded.infra.eventStore.readStream(stream);
  const pricesOf = async (sessionId: string) =>
    ((await events(chargingStreams.session(sessionId))).find((e) => e.type === 'SessionRequested')!.data as { prices: Prices }).prices;
  const debitOf = async (transactionId: string) =>
    (await events(chargingStreams.wallet(customer.customerId))).map((e) => e.data as Debit).find((d) => d.transactionId === transactionId)!;
  const pdf = async (path: string, lang: 'en' | 'ar', token = customer.token) => {
    const res = await fetch(`${app.baseUrl}${path}?format=pdf&lang=${lang}`, { headers: bearer(token) });
    return {
      status: res.status,
      type: res.headers.get('content-type'),
      disposition: res.headers.get('content-disposition'),
      body: Buffer.from(await res.arrayBuffer()),
    };
  };

  beforeAll(async () => {
    app = await startTestApp({ seed: true });
    charger = await connectDemoCharger(app);
    customer = await demoCustomer(app);
    stranger = (await customerToken(app)).token;
  }, 90_000);

  afterAll(async () => {
    await charger?.close();
    await app?.close();
  });

  it('a billed session: energy, the price recorded at its start, total and the balance after the debit, as the events say', async () => {
    const { sessionId } = await chargeOnce(app, charger, customer, { meterStart: 1000, registers: [6000, 13_345] });
    const prices = await pricesOf(sessionId);
    const debit = await debitOf(`session:${sessionId}`);
    const res = await receipt(`/api/queries/me/sessions/${sessionId}/receipt`);
    expect(res.status).toBe(200);
    const energy = energyCost(12_345, prices.pricePerKwh);
    expect(energy).toBeGreaterThan(prices.minimumCharge);
    expect(res.body).toMatchObject({
      kind: 'session',
      customerName: expect.stringMatching(/\S/),
      chargerId: charger.chargerId,
      connectorId: 1,
      booking: null,
      total: energy,
      walletBalanceAfter: debit.balanceAfter,
      session: {
        sessionId,
        energyWh: 12_345,
        pricePerKwh: prices.pricePerKwh,
        energyCost: energy,
        minimumCharge: prices.minimumCharge,
        minimumApplied: false,
        cost: energy,
      },
    });
    expect(debit.amount).toBe(res.body.total);
    expect(res.body.receiptNumber).toMatch(new RegExp(`^EVC-S-\\d{8}-${sessionId.replaceAll('-', '').slice(0, 8).toUpperCase()}$`));
    expect(res.body.session!.startedAt! < res.body.session!.stoppedAt!).toBe(true);

    // The PDF holds the same figures, in English and (right to left, Eastern Arabic digits) in Arabic.
    const en = await pdf(`/api/queries/me/sessions/${sessionId}/receipt`, 'en');
    expect(en.status).toBe(200);
    expect(en.type).toBe('application/pdf');
    expect(en.disposition).toContain(`receipt-${res.body.receiptNumber}-en.pdf`);
    expect(en.body.subarray(0, 8).toString('latin1')).toBe('%PDF-1.4');
    const enText = pdfTextLines(en.body).join('\n');
    const egp = (piastres: number) =>
      new Intl.NumberFormat('en-GB', { style: 'currency', currency: 'EGP' }).format(piastres / 100).replace(/\u00a0/g, ' ');
    expect(enText).toContain('Charging receipt');
    expect(enText).toContain(res.body.receiptNumber);
    expect(enText).toContain('12.345 kWh');
    expect(enText).toContain(`${egp(prices.pricePerKwh)} / kWh`);
    expect(enText).toContain(egp(res.body.total));
    expect(enText).toContain(egp(debit.balanceAfter));
    expect(enText).not.toContain('Minimum charge');
    const ar = await pdf(`/api/queries/me/sessions/${sessionId}/receipt`, 'ar');
    expect(ar.type).toBe('application/pdf');
    const arLines = pdfTextLines(ar.body);
    expect(arLines.map(logical)).toContain('إيصال شحن');
    const arabicDigits = (n: number) => new Intl.NumberFormat('ar-EG', { minimumFractionDigits: 2 }).format(n / 100);
    expect(arLines.join('\n')).toContain(arabicDigits(res.body.total));
    expect(arLines.join('\n')).toContain('١٢٫٣٤٥');
    expect(arLines.join('\n')).not.toMatch(/\uFFFD/);
  }, 60_000);

  it('a session below the minimum: billed the minimum charge, and the receipt says so', async () => {
    const { sessionId } = await chargeOnce(app, charger, customer, { meterStart: 50_000, registers: [50_010] });
    const prices = await pricesOf(sessionId);
    const res = await receipt(`/api/queries/me/sessions/${sessionId}/receipt`);
    expect(res.body.session).toMatchObject({
      energyWh: 10,
      energyCost: energyCost(10, prices.pricePerKwh),
      minimumApplied: true,
      cost: prices.minimumCharge,
    });
    expect(res.body.total).toBe(prices.minimumCharge);
    expect(res.body.walletBalanceAfter).toBe((await debitOf(`session:${sessionId}`)).balanceAfter);
    const text = pdfTextLines((await pdf(`/api/queries/me/sessions/${sessionId}/receipt`, 'en')).body).join('\n');
    expect(text).toContain('The minimum charge applied: the energy cost was below it.');
  }, 60_000);

  it("another customer's session or booking answers 404, like a missing one; an unknown id too", async () => {
    const mine = (await query<{ dataList: { sessionId: string }[] }>(app, '/api/queries/me/sessions', customer.token)).body.dataList[0]!
      .sessionId;
    for (const path of [
      `/api/queries/me/sessions/${mine}/receipt`,
      `/api/queries/me/sessions/${randomUUID()}/receipt`,
      `/api/queries/me/bookings/${randomUUID()}/receipt`,
    ]) {
      const res = await receipt(path, stranger);
      expect(res.status, path).toBe(404);
      expect((await pdf(path, 'en', stranger)).status).toBe(404);
    }
    expect((await receipt(`/api/queries/me/sessions/${mine}/receipt`, '')).status).toBe(401);
  });

  it("staff who may read customers open any billed session's receipt, the customer's own document; others get 403", async () => {
    const mine = (
      await query<{ dataList: { sessionId: string; billed: boolean }[] }>(app, '/api/queries/me/sessions', customer.token)
    ).body.dataList.find((s) => s.billed)!.sessionId;
    const own = (await receipt(`/api/queries/me/sessions/${mine}/receipt`)).body;
    const operator = await givenStaff(app, ['role-operator']); // customers.read among its privileges
    const staffPath = `/api/queries/admin/sessions/${mine}/receipt`;
    const seen = await receipt(staffPath, operator.token);
    expect(seen.status).toBe(200);
    expect(seen.body).toEqual(own);
    const file = await pdf(staffPath, 'ar', operator.token);
    expect(file.type).toBe('application/pdf');
    expect(file.disposition).toContain(`receipt-${own.receiptNumber}-ar.pdf`);
    expect(pdfTextLines(file.body).map(logical)).toContain('إيصال شحن');

    // Not without customers.read (a role with sessions.read only), not for a customer, and 404 for an unknown session.
    await must(
      app,
      'roles.create',
      { roleId: SESSIONS_ONLY, name: 'Sessions only', nameAr: 'الجلسات فقط', privileges: ['sessions.read'] },
      await superAdminToken(app),
    );
    const sessionsOnly = await givenStaff(app, [SESSIONS_ONLY]);
    expect((await receipt(staffPath, sessionsOnly.token)).status).toBe(403);
    expect((await pdf(staffPath, 'en', sessionsOnly.token)).status).toBe(403);
    expect((await receipt(staffPath, stranger)).status).toBe(403);
    expect((await receipt(`/api/queries/admin/sessions/${randomUUID()}/receipt`, operator.token)).status).toBe(404);
  });

  it('a booking: no receipt while it is open; cancelled, its fee, the booking and the balance after the debit', async () => {
    const station = (await query<StationView>(app, `/api/queries/chargers/lookup?serialNumber=${charger.chargerId}`, customer.token)).body;
    const connectorType = station.chargers
      .find((c) => c.chargerId === charger.chargerId)!
      .connectors.find((c) => c.connectorId === 1)!.type;
    const {
      bookingId,
      status,
      body: bookedBody,
    } = await book(app, customer.token, { carId: (await myCar()).carId, stationId: station.stationId, connectorType, offsetMinutes: 180 });
    expect(status, JSON.stringify(bookedBody)).toBe(200);
    const open = await receipt(`/api/queries/me/bookings/${bookingId}/receipt`);
    expect(open.status).toBe(422);
    expect(open.body.code).toBe('receipt.not_ready');
    const cancelled = await command<{ fee: number; position: number }>(app, 'bookings.cancel', { bookingId }, customer.token);
    expect(cancelled.body.fee).toBeGreaterThan(0);
    await until(
      () => myBooking(app, customer.token, bookingId),
      (b) => b.charged,
      'the fee to be charged',
    );
    const res = await receipt(`/api/queries/me/bookings/${bookingId}/receipt`);
    const debit = await debitOf(`booking:${bookingId}`);
    expect(res.body).toMatchObject({
      kind: 'booking',
      session: null,
      total: cancelled.body.fee,
      walletBalanceAfter: debit.balanceAfter,
      booking: { bookingId, fee: cancelled.body.fee, endReason: 'customer' },
    });
    expect(res.body.receiptNumber).toMatch(/^EVC-B-\d{8}-/);
    const text = pdfTextLines((await pdf(`/api/queries/me/bookings/${bookingId}/receipt`, 'en')).body).join('\n');
    expect(text).toContain('Booking receipt');
    expect(text).toContain('Cancelled by you');

    // A booking the customer then charges on: one receipt for the visit, the session's cost and the booking fee.
    const now = await book(app, customer.token, {
      carId: (await myCar()).carId,
      stationId: station.stationId,
      connectorType,
      chargerId: charger.chargerId,
      connectorId: 1,
    });
    expect(now.status, JSON.stringify(now.body)).toBe(200);
    const { sessionId } = await chargeOnce(app, charger, customer, { meterStart: 1000, registers: [4000] });
    const fulfilled = await until(
      () => myBooking(app, customer.token, now.bookingId),
      (b) => b.status === 'fulfilled' && (b.fee === 0 || b.charged),
      'the booking to be fulfilled',
    );
    const visit = await receipt(`/api/queries/me/sessions/${sessionId}/receipt`);
    expect(visit.status).toBe(200);
    expect(visit.body.booking).toMatchObject({ bookingId: now.bookingId, fee: fulfilled.fee });
    expect(visit.body.total).toBe(visit.body.session!.cost + fulfilled.fee);
    expect(visit.body.walletBalanceAfter).toBe((await debitOf(`session:${sessionId}`)).balanceAfter);
    expect((await receipt(`/api/queries/me/bookings/${now.bookingId}/receipt`)).body).toEqual(visit.body);
  }, 90_000);

  const myCar = async () => (await query<{ dataList: { carId: string }[] }>(app, '/api/queries/me/cars', customer.token)).body.dataList[0]!;
});
