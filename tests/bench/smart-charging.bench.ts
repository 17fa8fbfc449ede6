/**
 * `npm run bench:smart-charging [-- --chargers 20] [--cycles 40]` (`-- --help`: every option): smart charging's figures
 * on the embedded profile, in one process on 127.0.0.1.
 *
 * One station whose grid limit is 10 kW a charger, with N simulated 22 kW chargers (OCPP 1.6), every one charging a
 * session started from the phone. Churn: one session after another stops and its driver starts again at once.
 * Measured: from the stop recorded (SessionStopped, as the log delivers it) to the moment every other charger draws
 * its raised share (the simulator's own power), p50 / p99; and over the whole churn, recomputations (PowerShared) and
 * profiles sent (SetChargingProfile commands recorded and published) per second.
 */
import { randomUUID } from 'node:crypto';
import { performance } from 'node:perf_hooks';
import { SMART_CHARGING_RULES, chargingStreams, sharePower } from '@evc/contracts';
import type { RecordedEvent } from '@evc/platform';
import { SeedCustomerCommand, WALLET_LEDGER, envelope, newContext, sendCommand, type WalletLedger } from '@evc/command-service';
import { Simulator, type SimulatedChargerSpec } from '@evc/simulator';
import { startTestApp } from '../support/app';
import { aStation, givenGovernorate, registerCharger, registerStation } from '../support/factories';
import { benchOptions } from './options';
import { fmt, percentile } from './stats';

const options = benchOptions('a site limit shared under start/stop churn: recomputations, profiles, stop-to-raise latency', {
  chargers: { type: 'number', default: 20, description: 'simulated 22 kW chargers at the station, each charging one session' },
  cycles: { type: 'number', default: 40, description: 'stops (each followed by a new start) measured' },
});
const N = options.chargers;
const CYCLES = options.cycles;
const LIMIT_W = N * 10_000;

const app = await startTestApp();
const store = app.embedded.infra.eventStore;
const staff = newContext({ type: 'staff', id: 'bench' }, 'bench data');
await givenGovernorate(app.commandBus);
const stationId = aStation().stationId;
await registerStation(app.commandBus, { ...aStation(), stationId });
await sendCommand(
  app.commandBus,
  'pricing.set',
  {
    acPricePerKwh: 200,
    dcPricePerKwh: 375,
    minimumCharge: 100,
    bookingFeePerMinute: 50,
    effectiveFrom: '2026-01-01T00:00:00.000Z',
    reason: 'bench',
  },
  staff,
);
await sendCommand(app.commandBus, 'smart-charging.set-grid-limit', { stationId, limitW: LIMIT_W, periods: [], reason: 'bench' }, staff);

const chargers: SimulatedChargerSpec[] = [];
for (let i = 0; i < N; i++) {
  const { chargerId, secret } = await registerCharger(app.commandBus, stationId);
  chargers.push({ id: chargerId, secret, ocppVersion: '1.6', connectorIds: [1], current: 'AC', maxPowerKw: 22 });
}
const ledger = app.embedded.app.get<WalletLedger>(WALLET_LEDGER);
const drivers: { id: string; carId: string }[] = [];
for (let i = 0; i < N; i++) {
  const id = randomUUID();
  const carId = randomUUID();
  await app.commandBus.execute(
    new SeedCustomerCommand(
      {
        accountId: id,
        firstName: 'Bench',
        lastName: 'Driver',
        email: `bench.${i}.${id.slice(0, 6)}@example.com`,
        phone: '01000000000',
        gender: 'male',
        locale: 'en',
        password: 'Heron-Quartz-57',
      },
      staff,
    ),
  );
  await ledger.record(
    id,
    {
      transactionId: `adjustment:${id}`,
      direction: 'credit',
      amount: 1_000_000,
      kind: 'adjustment',
      reference: { type: 'adjustment', id },
      reason: 'bench',
    },
    staff,
  );
  const car = {
    carId,
    customerId: id,
    brandId: 'b',
    typeId: 't',
    batteryRangeId: 'r',
    licence: { customsCertificateFileId: 'a'.repeat(64) },
  };
  await store.append(
    chargingStreams.car(carId),
    [envelope({ type: 'CarRegistered', data: { ...car, at: new Date().toISOString() } }, newContext({ type: 'customer', id }))],
    'no_stream',
  );
  drivers.push({ id, carId });
}

const powers = new Map<string, number>();
const simulator = new Simulator({
  url: app.baseUrl.replace('http', 'ws'),
  chargers,
  charging: { meterIntervalS: 60, plugInDelayMs: 0, batteryWh: 2_000_000, startSocPct: [10, 10] },
  onPower: (chargerId, _connector, powerW) => powers.set(chargerId, powerW),
});
simulator.start();
await waitFor(() => simulator.stats().connected === N, 'the chargers to connect', 30_000);

/** Every event of a few types, as the log delivers them, with the moment it did. */
const seen: { type: string; sessionId?: string; at: number; action?: string }[] = [];
const subscription = store.subscribeToAll(
  (e: RecordedEvent) => {
    if (e.type === 'SessionStopped' || e.type === 'PowerShared' || e.type === 'ChargerCommandRequested')
      seen.push({
        type: e.type,
        sessionId: (e.data as { sessionId?: string }).sessionId,
        action: (e.data as { request?: { action: string } }).request?.action,
        at: performance.now(),
      });
  },
  { after: await store.headPosition() },
);

const sessions: string[] = [];
const start = async (i: number) => {
  const sessionId = randomUUID();
  sessions[i] = sessionId;
  const body = { sessionId, chargerId: chargers[i]!.id, connectorId: 1, carId: drivers[i]!.carId };
  await waitFor(
    () =>
      sendCommand(app.commandBus, 'sessions.start', body, newContext({ type: 'customer', id: drivers[i]!.id })).then(
        () => true,
        () => false,
      ),
    'a start',
    30_000,
  );
};
/** Every charger but `except` draws its share (the equal share, or a few watts more where the division leaves some). */
const everyoneAt = (share: number, except: number | null) =>
  chargers.every((c, i) => i === except || ((powers.get(c.id) ?? 0) >= share && (powers.get(c.id) ?? 0) < share + N));
const shareOf = (n: number) =>
  sharePower(
    LIMIT_W,
    Array.from({ length: n }, (_, k) => ({
      chargerId: `c${k}`,
      connectorId: 1,
      sessionId: `s${k}`,
      minW: SMART_CHARGING_RULES.acMinW,
      maxW: 22_000,
      refusesProfiles: false,
    })),
  )[0]!.limitW;

await Promise.all(chargers.map((_, i) => start(i)));
await waitFor(() => everyoneAt(shareOf(N), null), 'every charger at its share', 60_000);

const latencies: number[] = [];
const begin = performance.now();
const before = seen.length;
for (let cycle = 0; cycle < CYCLES; cycle++) {
  const i = cycle % N;
  const sessionId = sessions[i]!;
  await sendCommand(app.commandBus, 'sessions.stop', { sessionId }, newContext({ type: 'customer', id: drivers[i]!.id }));
  await waitFor(() => seen.some((e) => e.type === 'SessionStopped' && e.sessionId === sessionId), 'the stop', 30_000);
  const stoppedAt = seen.find((e) => e.type === 'SessionStopped' && e.sessionId === sessionId)!.at;
  await waitFor(() => everyoneAt(shareOf(N - 1), i), `the others raised (cycle ${cycle}, share ${shareOf(N - 1)})`, 30_000);
  latencies.push(performance.now() - stoppedAt);
  await waitFor(
    async () => (await store.readStream(chargingStreams.session(sessionId))).some((e) => e.type === 'SessionBilled'),
    'the bill',
    30_000,
  );
  await start(i);
  await waitFor(() => everyoneAt(shareOf(N), null), 'every charger back at its share', 30_000);
}
const seconds = (performance.now() - begin) / 1000;
const churn = seen.slice(before);
const recomputations = churn.filter((e) => e.type === 'PowerShared').length;
const profiles = churn.filter((e) => e.type === 'ChargerCommandRequested' && e.action === 'SetChargingProfile').length;

console.log(`smart charging, ${N} chargers, ${CYCLES} stop/start cycles in ${fmt(seconds)} s`);
console.log(
  `  recomputations: ${recomputations} (${fmt(recomputations / seconds)} /s); profiles sent: ${profiles} (${fmt(profiles / seconds)} /s)`,
);
console.log(
  `  stop recorded → every other charger at its raised share: p50 ${fmt(percentile(latencies, 50))} ms, p99 ${fmt(percentile(latencies, 99))} ms`,
);

await subscription.stop();
await simulator.stop();
await app.close();

async function waitFor(ok: () => boolean | Promise<boolean>, what: string, timeoutMs: number): Promise<void> {
  const until = Date.now() + timeoutMs;
  while (!(await ok())) {
    if (Date.now() > until) throw new Error(`timed out waiting for ${what}: ${JSON.stringify(chargers.map((c) => powers.get(c.id)))}`);
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
}
