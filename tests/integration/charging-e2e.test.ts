import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chargingStreams, type SessionDetailView, type WalletView } from '@evc/contracts';
import { DEMO_CAR, DEMO_WELCOME_CREDIT } from '@evc/command-service/seed/seed-charging';
import { Simulator, loadDemoChargers, type SimulatedChargerSpec } from '@evc/simulator';
import { TEST_CUSTOMER_PASSWORD, startTestApp, type TestApp } from '../support/app';
import { command, query, signIn } from '../support/identity';

const DEMO_CUSTOMER = 'customer@evcharging.eg';

/**
 * End to end: a simulated charger (the product's simulator, OCPP 1.6) and the demo customer's API calls run
 * a whole session: start from the phone, remote start, the cable, meter values, stop from the phone, one debit equal
 * to the cost, and the wallet's history line linking back to the session.
 */
describe('a charging session from the phone, end to end with the simulator', () => {
  let app: TestApp;
  let simulator: Simulator;
  let charger: SimulatedChargerSpec;
  let token: string;

  beforeAll(async () => {
    app = await startTestApp({ seed: true });
    charger = (await loadDemoChargers(app.dataDir)).find((c) => c.ocppVersion === '1.6')!;
    // A time-lapse charger: a reading every second at high power, so the cost passes the minimum within seconds.
    simulator = new Simulator({
      url: app.baseUrl.replace('http', 'ws'),
      chargers: [{ ...charger, maxPowerKw: 1800 }],
      backoffMs: { initial: 100, max: 1000 },
      charging: { meterIntervalS: 1, plugInDelayMs: 300, batteryWh: 400_000, startSocPct: [20, 20] },
    });
    simulator.start();
    const signedIn = await signIn(app.baseUrl, DEMO_CUSTOMER, TEST_CUSTOMER_PASSWORD);
    expect(signedIn.status).toBe(200);
    token = signedIn.body.token;
  }, 60_000);

  afterAll(async () => {
    await simulator?.stop();
    await app?.close();
  });

  it('starts, charges, stops, debits the cost once and links the wallet line to the session', async () => {
    await expect.poll(() => simulator.stats().connected, { timeout: 10_000 }).toBe(1);
    const before = await query<WalletView>(app, '/api/queries/me/wallet', token);
    expect(before.body.balance).toBe(DEMO_WELCOME_CREDIT);

    const sessionId = randomUUID();
    const start = () => command(app, 'sessions.start', { sessionId, chargerId: charger.id, connectorId: 1, carId: DEMO_CAR.carId }, token);
    // The simulator counts its socket as connected before the product has recorded the charger online; until then a
    // start is refused (422) and leaves nothing, so the phone's start is sent again with the same id until accepted.
    await expect.poll(async () => (await start()).status, { timeout: 10_000 }).toBe(200);
    const started = await start();
    expect(started.status).toBe(200);
    // The same request again (a retry) starts nothing new.
    expect(
      (await command(app, 'sessions.start', { sessionId, chargerId: charger.id, connectorId: 1, carId: DEMO_CAR.carId }, token)).status,
    ).toBe(200);

    const session = async () => (await query<SessionDetailView>(app, `/api/queries/me/sessions/${sessionId}`, token)).body;
    await expect.poll(async () => (await session()).status, { timeout: 15_000 }).toBe('charging');
    await expect.poll(async () => (await session()).readings.length, { timeout: 15_000 }).toBeGreaterThanOrEqual(3);
    const running = await session();
    expect(running.energyWh).toBeGreaterThan(0);
    expect(running.powerW).toBeGreaterThan(0);
    expect(running.transactionId).not.toBeNull();

    expect((await command(app, 'sessions.stop', { sessionId }, token)).status).toBe(200);
    await expect.poll(async () => (await session()).billed, { timeout: 15_000 }).toBe(true);
    const done = await session();
    expect(done.status).toBe('stopped');
    expect(done.stopReason).toBe('customer');
    expect(done.energyWh).toBe(done.meterStopWh! - done.meterStartWh!);
    const expectedCost = Math.max(done.minimumCharge, Math.round((done.energyWh * done.pricePerKwh) / 1000));
    expect(done.cost).toBe(expectedCost);

    // Exactly one debit on the wallet stream, equal to the cost.
    const walletEvents = await app.embedded.infra.eventStore.readStream(chargingStreams.wallet(await customerIdOf()));
    const debits = walletEvents.filter((e) => e.type === 'WalletDebited');
    expect(debits).toHaveLength(1);
    expect((debits[0]!.data as { amount: number }).amount).toBe(done.cost);

    const after = await query<WalletView>(app, '/api/queries/me/wallet?filter=outgoing', token);
    const line = after.body.transactionsDates[0]!.transactions[0]!;
    expect(line).toMatchObject({ direction: 'out', amount: done.cost, kind: 'session', reference: { type: 'session', id: sessionId } });
    const all = await query<WalletView>(app, '/api/queries/me/wallet', token);
    expect(all.body.balance).toBe(DEMO_WELCOME_CREDIT - done.cost);
  }, 90_000);

  async function customerIdOf(): Promise<string> {
    const me = await query<{ userId: string }>(app, '/api/queries/me', token);
    return me.body.userId;
  }
});
