import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RPCClient, createRPCError, type IHandlersOption } from 'ocpp-rpc';
import { networkStreams, type StationView } from '@evc/contracts';
import { DEMO_CAR, envelope, newContext } from '@evc/command-service';
import { loadDemoChargers } from '@evc/simulator';
import type { CallDeadlines } from '@evc/ocpp-gateway/call-deadlines';
import { TEST_CUSTOMER_PASSWORD, getJson, startTestApp, type TestApp } from '../support/app';
import { book, myBooking, until } from '../support/bookings';
import { command, signIn } from '../support/identity';

const STATION = 'cai-maadi';
/** Maadi's first AC charger (OCPP 1.6, two Type2 connectors), played here by a bare client the test answers for. */
const AC1 = 'EVC-004-AC1';

/**
 * What a booking shows when its charger does not simply accept ReserveNow: a charger that connects after the slot
 * began is asked at once; a CALLERROR or an answer its schema refuses is `error`; no answer is `timeout`, also for a
 * ReserveNow that waited behind another unanswered call. Never `pending` for good.
 */
describe('a booking reports what its charger did with ReserveNow', () => {
  let app: TestApp;
  let token: string;
  let secret: string;
  let client: RPCClient | null = null;
  /** How the charger answers ReserveNow and the local list calls (the test changes them). */
  let onReserveNow: () => unknown = () => ({ status: 'Accepted' });
  let onListCall: () => unknown = () => ({ listVersion: 0, status: 'Accepted' });
  let reserveNows: number[] = [];
  let listCalls = 0;

  const connect = async () => {
    // Not strict: this charger may answer what no schema allows.
    const options = {
      endpoint: `${app.baseUrl.replace('http', 'ws')}/ocpp`,
      identity: AC1,
      password: secret,
      protocols: ['ocpp1.6'],
      reconnect: false,
      strictMode: false,
    };
    const c = new RPCClient(options as ConstructorParameters<typeof RPCClient>[0]);
    c.handle('ReserveNow', async () => (reserveNows.push(Date.now()), onReserveNow()) as Record<string, unknown>);
    c.handle(
      async (call: IHandlersOption) =>
        (call.method === 'GetLocalListVersion' || call.method === 'SendLocalList'
          ? (listCalls++, onListCall())
          : { status: 'Accepted' }) as Record<string, unknown>,
    );
    await c.connect();
    await c.call('BootNotification', { chargePointVendor: 'Test', chargePointModel: 'Bare' });
    for (const connectorId of [1, 2]) await c.call('StatusNotification', { connectorId, status: 'Available', errorCode: 'NoError' });
    client = c;
    return c;
  };
  const disconnect = async () => {
    await client?.close({ force: true }).catch(() => undefined);
    client = null;
  };
  const connectorStatus = async (connectorId: number) => {
    const station = (await getJson<StationView>(app.baseUrl, `/api/queries/stations/${STATION}`)).body;
    return station.chargers.find((c) => c.chargerId === AC1)?.connectors.find((c) => c.connectorId === connectorId)?.status;
  };
  const bookNow = async (connectorId: number) => {
    const booked = await book(app, token, {
      carId: DEMO_CAR.carId,
      stationId: STATION,
      connectorType: 'Type2',
      chargerId: AC1,
      connectorId,
    });
    expect(booked.status).toBe(200);
    return booked.bookingId;
  };
  const reservation = async (bookingId: string) => {
    const b = await myBooking(app, token, bookingId);
    return { status: b.reservationStatus, held: b.held };
  };
  const cancel = (bookingId: string) => command(app, 'bookings.cancel', { bookingId }, token);

  beforeAll(async () => {
    app = await startTestApp({ seed: true });
    secret = (await loadDemoChargers(app.dataDir)).find((c) => c.id === AC1)!.secret;
    token = (await signIn(app.baseUrl, 'customer@evcharging.eg', TEST_CUSTOMER_PASSWORD)).body.token;
  }, 90_000);
  afterAll(async () => {
    await disconnect();
    await app?.close();
  });

  it('a charger offline when its slot began is asked as soon as it connects, not at the next minute', async () => {
    reserveNows = [];
    await connect();
    await until(
      () => connectorStatus(1),
      (s) => s === 'available',
    );
    // The charger drops off while the command side still counts it online (its close not recorded yet): the slot
    // begins, ReserveNow finds no connection and is reported offline.
    await disconnect();
    const live = () => app.embedded.infra.eventStore.readStream(networkStreams.chargerLive(AC1));
    await until(
      async () => (await live()).at(-1)?.type,
      (t) => t === 'ChargerDisconnected',
    );
    const ghost = { chargerId: AC1, connectionId: 'test-ghost', protocol: 'ocpp1.6', at: new Date().toISOString() };
    await app.embedded.infra.eventStore.append(
      networkStreams.chargerLive(AC1),
      [envelope({ type: 'ChargerConnected', data: ghost }, newContext({ type: 'charger', id: AC1 }))],
      'any',
    );
    const bookingId = await bookNow(1);
    await expect.poll(() => reservation(bookingId), { timeout: 10_000 }).toEqual({ status: 'offline', held: false });
    expect(reserveNows).toEqual([]);

    const connectedAt = Date.now();
    await connect();
    await expect.poll(() => reserveNows.length, { timeout: 5_000 }).toBe(1);
    expect(reserveNows[0]! - connectedAt).toBeLessThan(5_000);
    await expect.poll(() => reservation(bookingId), { timeout: 5_000 }).toEqual({ status: 'accepted', held: true });
    expect((await cancel(bookingId)).status).toBe(200);
    await disconnect();
  }, 60_000);

  it('a CALLERROR or an answer the schema refuses is `error`, with what the charger said', async () => {
    await connect();
    await until(
      () => connectorStatus(2),
      (s) => s === 'available',
    );
    onReserveNow = () => {
      throw createRPCError('InternalError', 'Reservation store full');
    };
    const refused = await bookNow(2);
    await expect
      .poll(() => myBooking(app, token, refused), { timeout: 10_000 })
      .toMatchObject({ reservationStatus: 'error', reservationDetail: 'InternalError: Reservation store full', held: false });
    expect((await cancel(refused)).status).toBe(200);

    onReserveNow = () => ({ status: 'Maybe' });
    const garbled = await bookNow(2);
    await expect.poll(() => myBooking(app, token, garbled), { timeout: 10_000 }).toMatchObject({ reservationStatus: 'error', held: false });
    expect((await myBooking(app, token, garbled)).reservationDetail).toMatch(/^FormatViolation/);
    expect((await cancel(garbled)).status).toBe(200);
    onReserveNow = () => ({ status: 'Accepted' });
    await disconnect();
  }, 60_000);

  it('no answer is `timeout` at the deadline, also for a ReserveNow waiting behind another unanswered call, which is then never sent', async () => {
    reserveNows = [];
    listCalls = 0;
    // The charger leaves the local list's GetLocalListVersion (sent at its boot) unanswered.
    onListCall = () => new Promise(() => undefined);
    await connect();
    await until(
      () => listCalls,
      (n) => n > 0,
    );
    await until(
      () => connectorStatus(1),
      (s) => s === 'available',
    );
    const bookingId = await bookNow(1);
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(await reservation(bookingId)).toEqual({ status: 'pending', held: false });
    // The gateway's deadlines, thirty-one seconds on.
    const deadlines = (app.embedded.gateway as unknown as { deadlines: CallDeadlines }).deadlines;
    deadlines.sweep(Date.now() + 31_000);
    await expect.poll(() => reservation(bookingId), { timeout: 5_000 }).toEqual({ status: 'timeout', held: false });
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(reserveNows).toEqual([]);
    expect((await cancel(bookingId)).status).toBe(200);
    onListCall = () => ({ listVersion: 0, status: 'Accepted' });
    await disconnect();
  }, 60_000);
});
