import { randomUUID } from 'node:crypto';
import { expect } from 'vitest';
import { RPCClient } from 'ocpp-rpc';
import { chargingStreams, networkStreams } from '@evc/contracts';
import { envelope, newContext } from '@evc/command-service';
import { WALLET_LEDGER, type WalletLedger } from '@evc/command-service/wallet/wallet-ledger';
import { DEMO_CAR } from '@evc/command-service/seed/seed-charging';
import { loadDemoChargers } from '@evc/simulator';
import { must, superAdminToken } from './admin';
import { TEST_CUSTOMER_PASSWORD, type TestApp } from './app';
import { aStation, givenGovernorate, registerStation } from './factories';
import { command, customerToken, query, signIn } from './identity';

/** The demo customer (SEED_CUSTOMER_EMAIL's default): has a car, a card and a welcome credit. */
export const DEMO_CUSTOMER_EMAIL = 'customer@evcharging.eg';

/** Polls `read` until `ok` holds (works in hooks, where expect.poll does not); throws after `timeoutMs` with what it saw. */
export async function until<T>(read: () => Promise<T> | T, ok: (value: T) => boolean, what: string, timeoutMs = 10_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await read();
    if (ok(value)) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}; last saw ${JSON.stringify(value)}`);
    await new Promise((r) => setTimeout(r, 25));
  }
}

export interface DemoCustomer {
  token: string;
  customerId: string;
}

export async function demoCustomer(app: TestApp): Promise<DemoCustomer> {
  const signedIn = await signIn(app.baseUrl, DEMO_CUSTOMER_EMAIL, TEST_CUSTOMER_PASSWORD);
  expect(signedIn.status).toBe(200);
  const me = await query<{ userId: string }>(app, '/api/queries/me', signedIn.body.token);
  return { token: signedIn.body.token, customerId: me.body.userId };
}

/** A demo charger (from the seed's keys) on a raw OCPP 1.6 client that accepts remote start and stop, booted and available. */
export interface RawCharger {
  chargerId: string;
  client: RPCClient;
  /** Calls the central system made to the charger (RemoteStartTransaction, RemoteStopTransaction…). */
  calls: { method: string; params: Record<string, unknown> }[];
  status(connectorId: number, status: string, fault?: { errorCode: string; info?: string; vendorErrorCode?: string }): Promise<unknown>;
  close(): Promise<void>;
}

export async function connectDemoCharger(app: TestApp, chargerId?: string): Promise<RawCharger> {
  const all = (await loadDemoChargers(app.dataDir)).filter((c) => c.ocppVersion === '1.6');
  const spec = chargerId ? all.find((c) => c.id === chargerId)! : all[0]!;
  const calls: RawCharger['calls'] = [];
  const options = {
    endpoint: `${app.baseUrl.replace('http', 'ws')}/ocpp`,
    identity: spec.id,
    password: spec.secret,
    protocols: ['ocpp1.6'],
    reconnect: false,
    strictMode: true,
  };
  const client = new RPCClient(options as ConstructorParameters<typeof RPCClient>[0]);
  client.handle(({ method, params }) => {
    calls.push({ method: String(method), params: params as Record<string, unknown> });
    return { status: 'Accepted' } as unknown as Promise<Record<string, unknown>>;
  });
  await client.connect();
  await client.call('BootNotification', { chargePointVendor: 'Delta', chargePointModel: 'DC Max 50' });
  const status: RawCharger['status'] = (connectorId, s, fault) =>
    client.call('StatusNotification', {
      connectorId,
      status: s,
      errorCode: fault?.errorCode ?? 'NoError',
      ...(fault?.info ? { info: fault.info } : {}),
      ...(fault?.vendorErrorCode ? { vendorErrorCode: fault.vendorErrorCode } : {}),
    });
  await status(1, 'Available');
  const live = async () => (await app.embedded.infra.eventStore.readStream(networkStreams.chargerLive(spec.id))).map((e) => e.type);
  await until(live, (t) => t.includes('ConnectorStatusChanged'), 'the charger to be available');
  return { chargerId: spec.id, client, calls, status, close: () => client.close({ force: true }).then(() => undefined) };
}

export interface ChargedSession {
  sessionId: string;
  transactionId: number;
}

/**
 * One session of the demo customer on connector 1, as a real charger runs it: start from the phone, the remote start,
 * StartTransaction, MeterValues with the given absolute registers, then either a stop from the phone (remote stop,
 * StopTransaction `Remote`) or the charger ending it on its own with `chargerReason` (e.g. `PowerLoss`). Waits until billed.
 */
export async function chargeOnce(
  app: TestApp,
  charger: RawCharger,
  customer: DemoCustomer,
  options: {
    registers: number[];
    meterStart?: number;
    stop?: 'phone' | { chargerReason: string };
    before?: (sessionId: string) => Promise<void>;
  },
): Promise<ChargedSession> {
  const store = app.embedded.infra.eventStore;
  const sessionId = randomUUID();
  const types = async () => (await store.readStream(chargingStreams.session(sessionId))).map((e) => e.type);
  const started = await command(
    app,
    'sessions.start',
    { sessionId, chargerId: charger.chargerId, connectorId: 1, carId: DEMO_CAR.carId },
    customer.token,
  );
  expect(started.status, JSON.stringify(started.body)).toBe(200);
  await until(types, (t) => t.includes('SessionStartAccepted'), 'the remote start to be accepted');
  const t0 = Date.now();
  const iso = (s: number) => new Date(t0 + s * 1000).toISOString();
  const meterStart = options.meterStart ?? 1000;
  const idTag = ((await store.readStream(chargingStreams.session(sessionId)))[0]!.data as { idTag: string }).idTag; // the session's own app token
  const answer = (await charger.client.call('StartTransaction', { connectorId: 1, idTag, meterStart, timestamp: iso(0) })) as {
    transactionId: number;
  };
  await charger.status(1, 'Charging');
  await until(types, (t) => t.includes('SessionCharging'), 'the session to charge');
  for (const [i, wh] of options.registers.entries()) {
    await charger.client.call('MeterValues', {
      connectorId: 1,
      transactionId: answer.transactionId,
      meterValue: [
        { timestamp: iso(60 * (i + 1)), sampledValue: [{ value: String(wh), measurand: 'Energy.Active.Import.Register', unit: 'Wh' }] },
      ],
    });
  }
  await until(types, (t) => t.filter((x) => x === 'MeterReadingRecorded').length === options.registers.length, 'the readings');
  await options.before?.(sessionId);
  const meterStop = options.registers.at(-1) ?? meterStart;
  const stopAt = iso(60 * (options.registers.length + 1));
  if (options.stop === undefined || options.stop === 'phone') {
    expect((await command(app, 'sessions.stop', { sessionId }, customer.token)).status).toBe(200);
    await until(
      () => charger.calls.some((c) => c.method === 'RemoteStopTransaction' && c.params.transactionId === answer.transactionId),
      Boolean,
      'the remote stop',
    );
    await charger.client.call('StopTransaction', { transactionId: answer.transactionId, meterStop, timestamp: stopAt, reason: 'Remote' });
  } else {
    await charger.client.call('StopTransaction', {
      transactionId: answer.transactionId,
      meterStop,
      timestamp: stopAt,
      reason: options.stop.chargerReason,
    });
  }
  await charger.status(1, 'Available');
  await until(types, (t) => t.includes('SessionBilled'), 'the session to be billed');
  // The charger's answer means the status is durable, not yet recorded: the next start checks the recorded one.
  const connectorStatus = async () =>
    (await store.readStream(networkStreams.chargerLive(charger.chargerId)))
      .filter((e) => e.type === 'ConnectorStatusChanged' && (e.data as { connectorId: number }).connectorId === 1)
      .at(-1)?.data;
  await until(
    connectorStatus,
    (d) => (d as { status?: string } | undefined)?.status === 'available',
    'the connector to be recorded available again',
  );
  return { sessionId, transactionId: answer.transactionId };
}

/** A new verified customer with a registered car (written to its stream) and `creditPiastres` in the wallet. */
export async function aCustomerReadyToCharge(
  app: TestApp,
  creditPiastres = 10_000,
): Promise<{ customer: Awaited<ReturnType<typeof customerToken>>; carId: string }> {
  const customer = await customerToken(app);
  const carId = randomUUID();
  const car = {
    carId,
    customerId: customer.customerId,
    brandId: 'b',
    typeId: 't',
    batteryRangeId: 'r',
    licence: { customsCertificateFileId: 'a'.repeat(64) },
    at: new Date().toISOString(),
  };
  await app.embedded.infra.eventStore.append(
    chargingStreams.car(carId),
    [envelope({ type: 'CarRegistered', data: car }, newContext({ type: 'customer', id: customer.customerId }))],
    'no_stream',
  );
  const adjustment = randomUUID();
  const ledger = app.embedded.app.get<WalletLedger>(WALLET_LEDGER);
  await ledger.record(
    customer.customerId,
    {
      transactionId: `adjustment:${adjustment}`,
      direction: 'credit',
      amount: creditPiastres,
      kind: 'adjustment',
      reference: { type: 'adjustment', id: adjustment },
      reason: 'test',
    },
    newContext({ type: 'staff', id: 't' }),
  );
  return { customer, carId };
}

/** Connects a 1.6 charger, boots it and reports connector 1 Available; resolves once the status is recorded. */
export async function bootAvailable(app: TestApp, client: RPCClient, chargerId: string): Promise<void> {
  await client.connect();
  await client.call('BootNotification', { chargePointVendor: 'Delta', chargePointModel: 'AC Max 22' });
  await client.call('StatusNotification', { connectorId: 1, errorCode: 'NoError', status: 'Available' });
  const store = app.embedded.infra.eventStore;
  await expect
    .poll(async () => (await store.readStream(networkStreams.chargerLive(chargerId))).some((e) => e.type === 'ConnectorStatusChanged'))
    .toBe(true);
}

/**
 * A network to charge on: a governorate, one station, prices in force (AC 2.00 and DC 3.75 EGP a kWh, the given
 * minimum charge, 0.50 EGP a booking minute) and the gateway ready. Answers the station and a super admin's token.
 */
export async function aChargingNetwork(app: TestApp, minimumCharge = 2000): Promise<{ stationId: string; staff: string }> {
  await givenGovernorate(app.commandBus);
  const stationId = aStation().stationId;
  await registerStation(app.commandBus, { ...aStation(), stationId });
  const staff = await superAdminToken(app);
  await must(
    app,
    'pricing.set',
    {
      acPricePerKwh: 200,
      dcPricePerKwh: 375,
      minimumCharge,
      bookingFeePerMinute: 50,
      effectiveFrom: '2026-01-01T00:00:00.000Z',
      reason: 'Tariff',
    },
    staff,
  );
  await app.embedded.gateway!.ready;
  return { stationId, staff };
}
