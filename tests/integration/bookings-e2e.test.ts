import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  bookingStreams,
  chargingStreams,
  reservationIdOf,
  type NotificationsView,
  type SessionDetailView,
  type StationView,
  type WalletView,
} from '@evc/contracts';
import { appIdTag, DEMO_CAR, DEMO_CARD_ID_TAG } from '@evc/command-service';
import { Simulator, loadDemoChargers } from '@evc/simulator';
import { randomUUID } from 'node:crypto';
import { TEST_CUSTOMER_PASSWORD, getJson, startTestApp, type TestApp } from '../support/app';
import { book, bookingScheduler, givenCar, myBooking, until } from '../support/bookings';
import { command, customerToken, query, signIn } from '../support/identity';

const STATION = 'cai-maadi';
/** Maadi's AC chargers: AC1 speaks OCPP 1.6, AC2 OCPP 2.0.1 (two Type2 connectors each). */
const AC1 = 'EVC-004-AC1';
const AC2 = 'EVC-004-AC2';
const FEE = 50; // the demo pricing's booking fee per minute (piastres)

/**
 * End to end: simulated chargers (the product's simulator, both protocols) and the customers' API calls run
 * book → the charger holds the connector → start on the booked connector; book → cancel with a fee; book → no-show;
 * and a charger that reports the reserved connector faulted.
 */
describe('bookings end to end with the simulator', () => {
  let app: TestApp;
  let simulator: Simulator;
  let token: string;
  let customerId: string;

  const sim = (chargerId: string) => simulator.chargers.find((c) => c.spec.id === chargerId)!.charging;
  const connectorStatus = async (chargerId: string, connectorId: number) => {
    const station = (await getJson<StationView>(app.baseUrl, `/api/queries/stations/${STATION}`)).body;
    return station.chargers.find((c) => c.chargerId === chargerId)!.connectors.find((c) => c.connectorId === connectorId)!.status;
  };
  const walletLines = async () =>
    (await query<WalletView>(app, '/api/queries/me/wallet?filter=outgoing&pageSize=50', token)).body.transactionsDates.flatMap(
      (d) => d.transactions,
    );
  const notifications = async () => (await query<NotificationsView>(app, '/api/queries/me/notifications?pageSize=50', token)).body.dataList;

  beforeAll(async () => {
    app = await startTestApp({ seed: true });
    const chargers = (await loadDemoChargers(app.dataDir)).filter((c) => c.id === AC1 || c.id === AC2);
    simulator = new Simulator({
      url: app.baseUrl.replace('http', 'ws'),
      chargers,
      backoffMs: { initial: 100, max: 1000 },
      charging: { meterIntervalS: 1, plugInDelayMs: 300 },
    });
    simulator.start();
    const signedIn = await signIn(app.baseUrl, 'customer@evcharging.eg', TEST_CUSTOMER_PASSWORD);
    token = signedIn.body.token;
    customerId = (await query<{ userId: string }>(app, '/api/queries/me', token)).body.userId;
    await until(
      () => simulator.stats().connected,
      (n) => n === 2,
    );
    await until(
      () => connectorStatus(AC2, 2),
      (s) => s === 'available',
    );
  }, 90_000);

  afterAll(async () => {
    await simulator?.stop();
    await app?.close();
  });

  it('book now → the charger holds the connector (Reserved to others) → the customer starts on it: fulfilled', async () => {
    const booked = await book(app, token, {
      carId: DEMO_CAR.carId,
      stationId: STATION,
      connectorType: 'Type2',
      chargerId: AC1,
      connectorId: 1,
    });
    expect(booked.status).toBe(200);
    const { bookingId } = booked;
    // The reservation's token is the booking's own: new, never the customer's for good.
    await expect
      .poll(() => sim(AC1).reservationOf(1), { timeout: 10_000 })
      .toEqual({ id: reservationIdOf(bookingId), idTag: expect.stringMatching(/^A[A-Z2-7]{19}$/) });
    expect(sim(AC1).reservationOf(1)!.idTag).not.toBe(appIdTag(customerId));
    await expect.poll(async () => (await myBooking(app, token, bookingId)).reservationStatus, { timeout: 10_000 }).toBe('accepted');
    expect(await myBooking(app, token, bookingId)).toMatchObject({
      status: 'active',
      held: true,
      chargerId: AC1,
      connectorId: 1,
      reservationId: reservationIdOf(bookingId),
    });
    // Other drivers: the public station page shows it Reserved; another customer's phone start is refused; a
    // different token presented at the charger is refused by the charger itself.
    await expect.poll(() => connectorStatus(AC1, 1), { timeout: 10_000 }).toBe('reserved');
    const other = await customerToken(app);
    const otherCar = await givenCar(app, other.customerId);
    const refused = await command(
      app,
      'sessions.start',
      { sessionId: randomUUID(), chargerId: AC1, connectorId: 1, carId: otherCar },
      other.token,
    );
    expect(refused.status).toBe(422);
    expect(refused.body.code).toBe('booking.connector_booked');
    expect(sim(AC1).startLocal(1, DEMO_CARD_ID_TAG)).toBe(false);

    const sessionId = randomUUID();
    expect((await command(app, 'sessions.start', { sessionId, chargerId: AC1, connectorId: 1, carId: DEMO_CAR.carId }, token)).status).toBe(
      200,
    );
    await expect
      .poll(async () => (await query<SessionDetailView>(app, `/api/queries/me/sessions/${sessionId}`, token)).body.status, {
        timeout: 15_000,
      })
      .toBe('charging');
    await expect.poll(async () => (await myBooking(app, token, bookingId)).status, { timeout: 10_000 }).toBe('fulfilled');
    const fulfilled = await myBooking(app, token, bookingId);
    expect(fulfilled).toMatchObject({ sessionId, endReason: 'session_started', minutes: 1, fee: FEE });
    await expect
      .poll(async () => (await walletLines()).find((l) => l.reference.type === 'booking' && l.reference.id === bookingId)?.amount, {
        timeout: 5000,
      })
      .toBe(FEE);
    await command(app, 'sessions.stop', { sessionId }, token);
    await expect
      .poll(async () => (await query<SessionDetailView>(app, `/api/queries/me/sessions/${sessionId}`, token)).body.billed, {
        timeout: 15_000,
      })
      .toBe(true);
  }, 90_000);

  it('book a later slot → cancel: the minutes since confirmation at the fee, one wallet line linked to the booking', async () => {
    const { bookingId, status } = await book(app, token, {
      carId: DEMO_CAR.carId,
      stationId: STATION,
      connectorType: 'Type2',
      offsetMinutes: 180,
      durationMinutes: 60,
    });
    expect(status).toBe(200);
    expect(await myBooking(app, token, bookingId)).toMatchObject({ status: 'confirmed', maxFee: 60 * FEE, reservationStatus: null });
    const cancelled = await command<{ fee: number; minutes: number }>(app, 'bookings.cancel', { bookingId }, token);
    expect(cancelled.status).toBe(200);
    expect(cancelled.body).toMatchObject({ minutes: 1, fee: FEE });
    // Cancelling again is the same outcome, not a second fee.
    expect((await command<{ fee: number }>(app, 'bookings.cancel', { bookingId }, token)).body.fee).toBe(FEE);
    const debits = (await app.embedded.infra.eventStore.readStream(chargingStreams.wallet(customerId))).filter(
      (e) => (e.data as { transactionId: string }).transactionId === `booking:${bookingId}`,
    );
    expect(debits).toHaveLength(1);
    await expect
      .poll(
        async () => (await notifications()).find((n) => n.kind === 'booking_cancelled' && n.params.bookingId === bookingId)?.params.amount,
        { timeout: 5000 },
      )
      .toBe(FEE);
    expect(sim(AC1).reservationOf(2)).toBeNull(); // never asked: the slot had not begun
  }, 30_000);

  it('book now on a 2.0.1 charger → no-show: expired after the grace period, the whole duration charged, the reservation cancelled', async () => {
    const { bookingId, status } = await book(app, token, {
      carId: DEMO_CAR.carId,
      stationId: STATION,
      connectorType: 'Type2',
      chargerId: AC2,
      durationMinutes: 30,
    });
    expect(status).toBe(200);
    const booking = await myBooking(app, token, bookingId);
    await expect
      .poll(() => sim(AC2).reservationOf(booking.connectorId), { timeout: 10_000 })
      .toMatchObject({ id: reservationIdOf(bookingId) });
    await expect.poll(async () => (await myBooking(app, token, bookingId)).held, { timeout: 10_000 }).toBe(true);
    // The server's clock moves on past the grace period (the scheduler is ticked at that time).
    await bookingScheduler(app).tick(new Date(Date.parse(booking.noShowAt) + 1000));
    await expect.poll(async () => (await myBooking(app, token, bookingId)).status, { timeout: 5000 }).toBe('expired');
    expect(await myBooking(app, token, bookingId)).toMatchObject({ endReason: 'no_show', minutes: 30, fee: 30 * FEE });
    await expect.poll(() => sim(AC2).reservationOf(booking.connectorId), { timeout: 10_000 }).toBeNull();
    await expect.poll(() => connectorStatus(AC2, booking.connectorId), { timeout: 10_000 }).toBe('available');
    const types = (await app.embedded.infra.eventStore.readStream(bookingStreams.booking(bookingId))).map((e) => e.type);
    expect(types.filter((t) => t === 'BookingReservationCancelRequested')).toHaveLength(1);
    await expect
      .poll(
        async () => (await notifications()).find((n) => n.kind === 'booking_expired' && n.params.bookingId === bookingId)?.params.amount,
        { timeout: 5000 },
      )
      .toBe(30 * FEE);
  }, 60_000);

  it('the charger reports the reserved connector faulted: the booking ends without a fee and the customer is told', async () => {
    const { bookingId, status } = await book(app, token, {
      carId: DEMO_CAR.carId,
      stationId: STATION,
      connectorType: 'Type2',
      chargerId: AC1,
      connectorId: 2,
    });
    expect(status).toBe(200);
    await expect.poll(async () => (await myBooking(app, token, bookingId)).held, { timeout: 10_000 }).toBe(true);
    sim(AC1).setFault(2, true);
    await expect.poll(async () => (await myBooking(app, token, bookingId)).status, { timeout: 10_000 }).toBe('failed');
    expect(await myBooking(app, token, bookingId)).toMatchObject({ endReason: 'charger_faulted', fee: 0, charged: false });
    await expect
      .poll(async () => (await notifications()).some((n) => n.kind === 'booking_failed' && n.params.bookingId === bookingId), {
        timeout: 5000,
      })
      .toBe(true);
    sim(AC1).setFault(2, false);
  }, 30_000);
});
