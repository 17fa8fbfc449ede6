import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  addDays,
  bookingStreams,
  cairoWallClock,
  chargingStreams,
  type ApiError,
  type AuditEntry,
  type BookingAdminView,
  type BookingView,
  type NotificationsView,
  type Paged,
} from '@evc/contracts';
import { newContext } from '@evc/command-service';
import { WALLET_LEDGER, type WalletLedger } from '@evc/command-service/wallet/wallet-ledger';
import { adminGet, must } from '../support/admin';
import { startTestApp, type TestApp } from '../support/app';
import { book, cairoSlot, givenCar } from '../support/bookings';
import { command, customerToken, givenStaff, query, superAdminToken } from '../support/identity';

/** Downtown Tahrir: two AC chargers of two Type2 connectors each, no DC (demo seed). */
const STATION = 'cai-tahrir';
const CHARGER = 'EVC-005-AC1';

/** The booking API's rules over HTTP on the embedded product: races, refusals, privacy, the staff list and its edits. */
describe('bookings over HTTP', () => {
  let app: TestApp;
  let superToken: string;

  /** A signed-in customer with a car and `balance` piastres. */
  async function givenDriver(balance = 20_000) {
    const c = await customerToken(app);
    const carId = await givenCar(app, c.customerId);
    if (balance > 0) {
      const ledger = app.embedded.app.get<WalletLedger>(WALLET_LEDGER);
      const id = randomUUID();
      await ledger.record(
        c.customerId,
        {
          transactionId: `adjustment:${id}`,
          direction: 'credit',
          amount: balance,
          kind: 'adjustment',
          reference: { type: 'adjustment', id },
          reason: 'test credit',
        },
        newContext({ type: 'staff', id: 'test' }, 'test'),
      );
    }
    return { ...c, carId };
  }
  const later = (driver: { token: string; carId: string }, extra: Record<string, unknown> = {}) =>
    book(app, driver.token, {
      carId: driver.carId,
      stationId: STATION,
      connectorType: 'Type2',
      offsetMinutes: 240,
      durationMinutes: 60,
      ...extra,
    });

  beforeAll(async () => {
    app = await startTestApp({ seed: true });
    superToken = await superAdminToken(app);
  }, 60_000);
  afterAll(async () => app?.close());

  it('two customers racing for one connector and slot: exactly one booking; the other gets "already booked"', async () => {
    const [a, b] = await Promise.all([givenDriver(), givenDriver()]);
    const slot = await cairoSlot(300);
    const body = (d: { carId: string }) => ({
      bookingId: randomUUID(),
      carId: d.carId,
      stationId: STATION,
      connectorType: 'Type2',
      chargerId: CHARGER,
      connectorId: 1,
      durationMinutes: 60,
      ...slot,
    });
    const results = await Promise.all([
      command(app, 'bookings.create', body(a), a.token),
      command(app, 'bookings.create', body(b), b.token),
    ]);
    expect(results.map((r) => r.status).sort()).toEqual([200, 422]);
    expect(results.find((r) => r.status === 422)!.body).toMatchObject({
      code: 'booking.slot_taken',
      fieldErrors: [{ path: 'time', code: 'slot_taken' }],
    });
    const claims = (await app.embedded.infra.eventStore.readStream(bookingStreams.connectorSchedule(CHARGER, 1))).filter(
      (e) => e.type === 'ConnectorSlotClaimed',
    );
    expect(claims).toHaveLength(1);
  }, 30_000);

  it('five customers racing for the station’s four Type2 connectors at one time: four bookings on four connectors', async () => {
    const drivers = await Promise.all(Array.from({ length: 5 }, () => givenDriver()));
    const slot = await cairoSlot(24 * 60 + 60);
    const results = await Promise.all(
      drivers.map((d) =>
        command(
          app,
          'bookings.create',
          { bookingId: randomUUID(), carId: d.carId, stationId: STATION, connectorType: 'Type2', durationMinutes: 30, ...slot },
          d.token,
        ),
      ),
    );
    expect(results.filter((r) => r.status === 200)).toHaveLength(4);
    expect(results.filter((r) => r.status === 422).map((r) => r.body.code)).toEqual(['booking.slot_taken']);
    const held = await Promise.all(
      results.map(async (r, i) => {
        if (r.status !== 200) return null;
        const booking = (
          await query<BookingView>(
            app,
            `/api/queries/me/bookings/${r.body.streamId.replace('booking-', '')}?position=${r.body.position}`,
            drivers[i]!.token,
          )
        ).body;
        return `${booking.chargerId}/${booking.connectorId}`;
      }),
    );
    expect(new Set(held.filter(Boolean)).size).toBe(4);
  }, 30_000);

  it('refuses a past time, a bad time, a day too far ahead, an empty wallet, someone else’s car and a banned customer — translatable codes, nothing recorded', async () => {
    const driver = await givenDriver();
    const past = cairoWallClock(Date.now() - 10 * 60_000);
    const today = cairoWallClock(Date.now()).date;
    const attempt = (extra: Record<string, unknown>, d: { token: string; carId: string } = driver) =>
      command(
        app,
        'bookings.create',
        {
          bookingId: randomUUID(),
          carId: d.carId,
          stationId: STATION,
          connectorType: 'Type2',
          durationMinutes: 60,
          date: today,
          time: '23:59',
          ...extra,
        },
        d.token,
      );
    expect((await attempt(past)).body).toMatchObject({ code: 'booking.start_in_past', fieldErrors: [{ path: 'time', code: 'in_past' }] });
    const badTime = await attempt({ time: '25:10' });
    expect(badTime.status).toBe(400);
    expect(badTime.body.fieldErrors).toEqual([expect.objectContaining({ path: 'time', code: 'invalid_time' })]);
    expect((await attempt({ date: addDays(today, 9) })).body).toMatchObject({ code: 'booking.too_far_ahead' });
    expect((await attempt({ connectorType: 'CCS2' })).body).toMatchObject({ code: 'booking.no_connector' });
    const broke = await givenDriver(0);
    expect((await attempt({ date: addDays(today, 1), time: '10:00' }, broke)).body).toMatchObject({ code: 'booking.insufficient_balance' });
    expect((await attempt({ date: addDays(today, 1), time: '10:00', carId: broke.carId })).body).toMatchObject({
      code: 'charging.car_not_found',
    });
    const banned = await givenDriver();
    await must(app, 'customers.ban', { customerId: banned.customerId, reason: 'Chargeback fraud' }, superToken);
    const refused = await attempt({ date: addDays(today, 1), time: '10:00' }, banned);
    expect(refused.status).toBe(403);
    expect(refused.body.code).toBe('identity.account_banned');
    // Eastern Arabic digits in the typed date, time and duration are the same booking. Now + 20 h: clear of every
    // other test's slot on this station's Type2 connectors (now + 3–17 h, and all four from now + 25 h), whatever the
    // time of day; an hour tied to the clock collided with one of them at some hours.
    const slot = await cairoSlot(20 * 60);
    const eastern = (text: string) => text.replace(/\d/g, (d) => '٠١٢٣٤٥٦٧٨٩'[Number(d)]!);
    const arabic = await attempt({ date: eastern(slot.date), time: eastern(slot.time), durationMinutes: '٤٥' });
    expect([arabic.status, arabic.body]).toEqual([200, expect.anything()]);
    const mine = (
      await query<Paged<BookingView>>(app, `/api/queries/me/bookings?status=open&position=${arabic.body.position}`, driver.token)
    ).body;
    expect(mine.dataList).toEqual([expect.objectContaining({ durationMinutes: 45, status: 'confirmed' })]);
    expect(cairoWallClock(mine.dataList[0]!.startsAt)).toEqual(slot);
  }, 30_000);

  it('a customer sees and cancels only their own bookings (someone else’s answers 404)', async () => {
    const [owner, stranger] = await Promise.all([givenDriver(), givenDriver()]);
    const { bookingId } = await later(owner, { durationMinutes: 30, offsetMinutes: 600 });
    expect((await query<ApiError>(app, `/api/queries/me/bookings/${bookingId}`, stranger.token)).status).toBe(404);
    const cancel = await command<ApiError>(app, 'bookings.cancel', { bookingId }, stranger.token);
    expect(cancel.status).toBe(404);
    expect(cancel.body.code).toBe('booking.booking_not_found');
    expect((await query<Paged<BookingView>>(app, '/api/queries/me/bookings', stranger.token)).body.totalCount).toBe(0);
    // Customers cannot read the staff list.
    expect((await query<ApiError>(app, '/api/queries/admin/bookings', owner.token)).status).toBe(403);
  }, 30_000);

  it('staff: the list with filters and CSV (sessions.read), cancel with a reason and a chosen fee, reschedule, and the history with author and reason', async () => {
    const driver = await givenDriver();
    const viewer = await givenStaff(app, ['role-viewer'], superToken);
    const operator = await givenStaff(app, ['role-operator'], superToken);
    await must(
      app,
      'roles.create',
      { roleId: 'bookings-desk', name: 'Bookings desk', nameAr: 'مكتب الحجوزات', privileges: ['sessions.read', 'bookings.write'] },
      superToken,
    );
    const desk = await givenStaff(app, ['bookings-desk'], superToken);
    const first = await later(driver, { offsetMinutes: 720, chargerId: CHARGER, connectorId: 2 });
    expect(first.status).toBe(200);

    const list = await adminGet<Paged<BookingAdminView>>(
      app,
      `bookings?customerId=${driver.customerId}&status=confirmed&stationId=${STATION}`,
      viewer.token,
      first.body.position,
    );
    expect(list.status).toBe(200);
    expect(list.body.dataList).toEqual([
      expect.objectContaining({ bookingId: first.bookingId, customerId: driver.customerId, status: 'confirmed', connectorId: 2 }),
    ]);
    // The customer link only for staff who may open customers' profiles.
    expect(
      (await adminGet<Paged<BookingAdminView>>(app, `bookings?q=${first.bookingId.slice(0, 8)}`, desk.token)).body.dataList[0],
    ).toMatchObject({ customerId: null, customerName: expect.any(String) });
    const day = cairoWallClock(list.body.dataList[0]!.startsAt).date;
    expect(
      (await adminGet<Paged<BookingAdminView>>(app, `bookings?from=${day}&to=${day}&customerId=${driver.customerId}`, viewer.token)).body
        .totalCount,
    ).toBe(1);
    expect(
      (await adminGet<Paged<BookingAdminView>>(app, `bookings?from=${addDays(day, 1)}&customerId=${driver.customerId}`, viewer.token)).body
        .totalCount,
    ).toBe(0);
    const csv = await adminGet(app, `bookings?format=csv&customerId=${driver.customerId}`, viewer.token);
    expect(csv.headers.get('content-type')).toContain('text/csv');
    expect(csv.text.startsWith('\uFEFFBooking,Customer,Station')).toBe(true);
    expect(csv.text).toContain(first.bookingId);

    // A viewer reads but does not change; bookings.write does.
    expect(
      (await command<ApiError>(app, 'bookings.staff-cancel', { bookingId: first.bookingId, reason: 'test', feeEgp: 0 }, viewer.token))
        .status,
    ).toBe(403);
    const move = (expectedRevision: number, offsetMinutes: number, durationMinutes = 90) =>
      cairoSlot(offsetMinutes).then((slot) =>
        command(
          app,
          'bookings.reschedule',
          { bookingId: first.bookingId, ...slot, durationMinutes, reason: 'customer called', expectedRevision },
          operator.token,
        ),
      );
    // Into another booking's slot on the same connector: refused, and the booking keeps its own.
    const blocker = await givenDriver();
    expect((await later(blocker, { offsetMinutes: 900, chargerId: CHARGER, connectorId: 2 })).status).toBe(200);
    expect((await move(0, 880)).body).toMatchObject({ code: 'booking.slot_taken' });
    expect((await move(5, 780)).body).toMatchObject({ code: 'concurrency.conflict' });
    const moved = await move(0, 780);
    expect(moved.status).toBe(200);
    const after = await adminGet<BookingAdminView>(app, `bookings/${first.bookingId}`, operator.token, moved.body.position);
    expect(after.body).toMatchObject({ durationMinutes: 90, revision: 1, maxFee: 90 * 50 });

    const cancelled = await command<{ fee: number } & ApiError>(
      app,
      'bookings.staff-cancel',
      { bookingId: first.bookingId, reason: 'Charger maintenance', feeEgp: '٠' },
      operator.token,
    );
    expect(cancelled.status).toBe(200);
    expect(cancelled.body.fee).toBe(0);
    expect(
      (await command<ApiError>(app, 'bookings.staff-cancel', { bookingId: first.bookingId, reason: 'again', feeEgp: 1 }, operator.token))
        .body.code,
    ).toBe('booking.not_open');
    const debits = (await app.embedded.infra.eventStore.readStream(chargingStreams.wallet(driver.customerId))).filter(
      (e) => e.type === 'WalletDebited',
    );
    expect(debits).toEqual([]);
    const tooMuch = await later(driver, { offsetMinutes: 1000, durationMinutes: 15 });
    expect(
      (await command<ApiError>(app, 'bookings.staff-cancel', { bookingId: tooMuch.bookingId, reason: 'x', feeEgp: 7.51 }, operator.token))
        .body,
    ).toMatchObject({ code: 'booking.fee_too_high' });

    const history = await adminGet<Paged<AuditEntry>>(app, `audit?streamId=booking-${first.bookingId}`, operator.token);
    expect(history.status).toBe(200);
    const byType = Object.fromEntries(history.body.dataList.map((e) => [e.type, e]));
    expect(byType.BookingRescheduled).toMatchObject({
      actor: { type: 'staff', id: operator.adminId, name: 'Karim Adel' },
      reason: 'customer called',
    });
    expect(byType.BookingCancelled).toMatchObject({ actor: { type: 'staff', id: operator.adminId }, reason: 'Charger maintenance' });
    expect(byType.BookingConfirmed).toMatchObject({ actor: { type: 'customer', id: driver.customerId } });
  }, 60_000);

  it("staff changes reach the customer: the new time in a notification, staff's reason in the notification and on the booking", async () => {
    const driver = await givenDriver();
    const operator = await givenStaff(app, ['role-operator'], superToken);
    const booking = await later(driver, { offsetMinutes: 1200, durationMinutes: 30 });
    expect(booking.status).toBe(200);
    const slot = await cairoSlot(1260);
    const moved = await command(
      app,
      'bookings.reschedule',
      { bookingId: booking.bookingId, ...slot, durationMinutes: 30, reason: 'charger maintenance at noon', expectedRevision: 0 },
      operator.token,
    );
    expect(moved.status).toBe(200);
    const seen = await query<BookingView>(
      app,
      `/api/queries/me/bookings/${booking.bookingId}?position=${moved.body.position}`,
      driver.token,
    );
    const notices = async () =>
      (await query<NotificationsView>(app, '/api/queries/me/notifications?pageSize=50', driver.token)).body.dataList.filter(
        (n) => n.params.bookingId === booking.bookingId,
      );
    await expect
      .poll(async () => (await notices()).find((n) => n.kind === 'booking_rescheduled')?.params.startsAt, { timeout: 5000 })
      .toBe(seen.body.startsAt);

    const cancelled = await command(
      app,
      'bookings.staff-cancel',
      { bookingId: booking.bookingId, reason: 'Connector broken', feeEgp: 0 },
      operator.token,
    );
    expect(cancelled.status).toBe(200);
    const ended = await query<BookingView>(
      app,
      `/api/queries/me/bookings/${booking.bookingId}?position=${cancelled.body.position}`,
      driver.token,
    );
    expect(ended.body).toMatchObject({ status: 'cancelled', endReason: 'staff', cancelReason: 'Connector broken' });
    await expect
      .poll(async () => (await notices()).find((n) => n.kind === 'booking_cancelled')?.params, { timeout: 5000 })
      .toMatchObject({ by: 'staff', reason: 'Connector broken', amount: 0 });
  }, 60_000);
});
