/**
 * `npm run bench:bookings [-- --chargers 500 --bookings 10000 --at-once 1000]`: the bookings' figures on the embedded
 * profile, the product alone in this process; the customers' phones and the simulated chargers in a child process.
 *
 * - Booking: N bookings spread over the chargers' 2 × C Type2 connectors for tomorrow (Cairo), each by its own
 *   customer (one open booking each), at the station by connector type as the form sends them (the server picks the
 *   connector), 32 requests in flight. Measured: the `bookings.create` HTTP round trip, p50 / p99, and bookings/s.
 * - The charger holds it: M slots (one per connector) begin in the same minute, with the simulated chargers connected.
 *   The scheduler (the product's own, ticking every second on the clock) starts them and sends ReserveNow. Measured:
 *   from the slot's start to the simulator's answer reaching the command side (the command's answer recorded), and to
 *   the booking read model showing the connector held (what the customer sees), p50 / p99.
 */
import { randomUUID } from 'node:crypto';
import { fileURLToPath } from 'node:url';
import { performance } from 'node:perf_hooks';
import { addDays, bookingStreams, cairoWallClock, chargingStreams, identityStreams, networkStreams } from '@evc/contracts';
import { envelope, newContext } from '@evc/command-service';
import { WALLET_LEDGER, type WalletLedger } from '@evc/command-service/wallet/wallet-ledger';
import { AccessTokens } from '@evc/platform/auth/access-tokens';
import { Simulator, type SimulatedChargerSpec } from '@evc/simulator';
import { startTestApp } from '../support/app';
import { aStation, registerCharger, registerStation } from '../support/factories';
import { forkLoad, runBench } from './load-process';
import { benchOptions } from './options';
import { fmt, percentile } from './stats';

const options = benchOptions('bookings made over HTTP, then held by the simulated chargers when their slots begin', {
  chargers: { type: 'number', default: 500, description: 'simulated chargers (two Type2 connectors each)' },
  bookings: { type: 'number', default: 10_000, description: 'bookings made for tomorrow, one customer each' },
  atOnce: { type: 'number', default: 1000, description: 'slots that begin in the same minute (at most two per charger)' },
});
const CHARGERS = options.chargers;
const BOOKINGS = options.bookings;
const AT_ONCE = Math.min(options.atOnce, CHARGERS * 2);
const IN_FLIGHT = 32;
const PER_STATION = 50;
const now = () => performance.timeOrigin + performance.now();

interface Booking {
  bookingId: string;
  token: string;
  body: Record<string, unknown>;
}
type ToLoad =
  | { cmd: 'connect'; url: string; chargers: SimulatedChargerSpec[] }
  | { cmd: 'book'; url: string; bookings: Booking[] }
  | { cmd: 'close' };
type FromLoad = { done: 'connect' } | { done: 'book'; ms: number[]; statuses: Record<string, number>; seconds: number } | { done: 'close' };

/** The simulated chargers and the customers' phones (HTTP), in the child process. */
function loadGenerator() {
  let simulator: Simulator | null = null;
  return async (m: ToLoad): Promise<FromLoad> => {
    switch (m.cmd) {
      case 'connect':
        simulator = new Simulator({ url: m.url.replace('http', 'ws'), chargers: m.chargers, backoffMs: { initial: 200, max: 5000 } });
        simulator.start();
        return { done: 'connect' };
      case 'book': {
        const ms: number[] = [];
        const statuses: Record<string, number> = {};
        const started = now();
        let next = 0;
        await Promise.all(
          Array.from({ length: IN_FLIGHT }, async () => {
            while (next < m.bookings.length) {
              const b = m.bookings[next++]!;
              const t0 = now();
              const res = await fetch(`${m.url}/api/commands/bookings.create`, {
                method: 'POST',
                headers: { 'content-type': 'application/json', authorization: `Bearer ${b.token}` },
                body: JSON.stringify(b.body),
              });
              const answer = (await res.json()) as { code?: string };
              ms.push(now() - t0);
              const key = res.status === 200 ? '200' : `${res.status} ${answer.code ?? ''}`;
              statuses[key] = (statuses[key] ?? 0) + 1;
            }
          }),
        );
        return { done: 'book', ms, statuses, seconds: (now() - started) / 1000 };
      }
      case 'close':
        await simulator?.stop();
        return { done: 'close' };
    }
  };
}

async function main(): Promise<void> {
  const setupStarted = performance.now();
  const secret = randomUUID() + randomUUID();
  const app = await startTestApp({ seed: true, env: { AUTH_TOKEN_SECRET: secret } });
  const store = app.embedded.infra.eventStore;
  const documents = app.embedded.infra.documents;
  const ledger = app.embedded.app.get<WalletLedger>(WALLET_LEDGER);
  const tokens = new AccessTokens(secret, 3600);
  const system = newContext({ type: 'system', id: 'bench' }, 'bench data');

  // C chargers of two Type2 connectors, 50 per station.
  const governorate = await documents.collection('governorates').findOne({});
  const stations: string[] = [];
  const chargers: SimulatedChargerSpec[] = [];
  for (let s = 0; s * PER_STATION < CHARGERS; s++) {
    const station = aStation({ governorateId: String(governorate!._id) });
    await registerStation(app.commandBus, station);
    stations.push(station.stationId);
    for (let c = s * PER_STATION; c < Math.min(CHARGERS, (s + 1) * PER_STATION); c++) {
      const chargerId = `BOOK-${String(c).padStart(5, '0')}`;
      const key = `bench-${c}-${randomUUID()}`;
      await registerCharger(app.commandBus, station.stationId, {
        chargerId,
        secret: key,
        connectors: [1, 2].map((n) => ({
          connectorId: n,
          code: `${chargerId}-${n}`,
          type: 'Type2' as const,
          current: 'AC' as const,
          maxPowerKw: 22,
        })),
      });
      chargers.push({
        id: chargerId,
        secret: key,
        ocppVersion: c % 4 === 3 ? '2.0.1' : '1.6',
        connectorIds: [1, 2],
        current: 'AC',
        maxPowerKw: 22,
      });
    }
  }

  // Customers: an account (written straight to its stream: no password hashing for 11,000 accounts), a car, 500 EGP, a token.
  const customers = Array.from({ length: BOOKINGS + AT_ONCE }, () => ({ id: randomUUID(), carId: randomUUID(), token: '' }));
  let next = 0;
  await Promise.all(
    Array.from({ length: 16 }, async () => {
      while (next < customers.length) {
        const c = customers[next++]!;
        const data = {
          accountId: c.id,
          firstName: 'Bench',
          lastName: 'Driver',
          email: `bench.${c.id}@example.com`,
          phone: '01000000000',
          gender: 'male',
          locale: 'en',
          passwordHash: 'x',
        };
        await store.append(identityStreams.account(c.id), [envelope({ type: 'CustomerSignedUp', data }, system)], 'no_stream');
        const car = {
          carId: c.carId,
          customerId: c.id,
          brandId: 'brand-mg',
          typeId: 'type-mg-mg4',
          batteryRangeId: 'battery-60-80',
          licence: { customsCertificateFileId: 'f'.repeat(64) },
          at: new Date().toISOString(),
        };
        await store.append(chargingStreams.car(c.carId), [envelope({ type: 'CarRegistered', data: car }, system)], 'no_stream');
        await ledger.record(
          c.id,
          {
            transactionId: `adjustment:bench-${c.id}`,
            direction: 'credit',
            amount: 50_000,
            kind: 'adjustment',
            reference: { type: 'adjustment', id: `bench-${c.id}` },
            reason: 'bench',
          },
          system,
        );
        c.token = (await tokens.issue({ accountId: c.id, userType: 5, roles: [], privileges: [] })).token;
      }
    }),
  );

  const load = forkLoad<ToLoad, FromLoad>(fileURLToPath(import.meta.url));
  await load.ask({ cmd: 'connect', url: app.baseUrl, chargers });
  const online = () => documents.collection('chargers').countDocuments({ chargerId: { $regex: '^BOOK-' }, online: true });
  for (const deadline = Date.now() + 180_000; (await online()) < CHARGERS; ) {
    if (Date.now() > deadline) throw new Error(`only ${await online()} of ${CHARGERS} chargers online`);
    await new Promise((r) => setTimeout(r, 250));
  }
  await app.embedded.runner.waitFor(await store.headPosition(), 60_000);
  console.log(
    `setup: ${CHARGERS} chargers (${CHARGERS * 2} Type2 connectors, ${stations.length} stations) online, ${customers.length} customers, in ${fmt((performance.now() - setupStarted) / 1000)} s`,
  );

  // 1. N bookings for tomorrow, spread evenly over the day: each connector gets N / (2C) slots, 120 minutes each.
  const tomorrow = addDays(cairoWallClock(Date.now()).date, 1);
  const connectors = CHARGERS * 2;
  const perConnector = Math.ceil(BOOKINGS / connectors);
  const step = Math.floor((24 * 60) / perConnector);
  const day: Booking[] = customers.slice(0, BOOKINGS).map((c, i) => {
    const slot = Math.floor(i / connectors);
    const station = stations[Math.floor((i % connectors) / (PER_STATION * 2))]!;
    const minutes = slot * step;
    const time = `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`;
    const bookingId = randomUUID();
    return {
      bookingId,
      token: c.token,
      body: {
        bookingId,
        carId: c.carId,
        stationId: station,
        connectorType: 'Type2',
        date: tomorrow,
        time,
        durationMinutes: Math.min(120, step - (step % 15)),
      },
    };
  });
  const booked = (await load.ask({ cmd: 'book', url: app.baseUrl, bookings: day })) as Extract<FromLoad, { done: 'book' }>;
  console.log(
    `booking: ${BOOKINGS} bookings.create over ${connectors} connectors (${perConnector} slots each, ${IN_FLIGHT} in flight) in ${fmt(booked.seconds)} s = ${fmt(BOOKINGS / booked.seconds, 0)}/s; ` +
      `p50 ${fmt(percentile(booked.ms, 50))} ms, p99 ${fmt(percentile(booked.ms, 99))} ms, max ${fmt(Math.max(...booked.ms))} ms; answers ${JSON.stringify(booked.statuses)}`,
  );

  // 2. M slots beginning in the same minute (one per connector): the scheduler sends ReserveNow at the start.
  const startAt = Math.ceil((Date.now() + 90_000) / 60_000) * 60_000;
  const wall = cairoWallClock(startAt);
  const soon: Booking[] = customers.slice(BOOKINGS).map((c, i) => {
    const bookingId = randomUUID();
    const chargerId = chargers[Math.floor(i / 2)]!.id;
    return {
      bookingId,
      token: c.token,
      body: {
        bookingId,
        carId: c.carId,
        stationId: stations[Math.floor(i / (PER_STATION * 2))]!,
        connectorType: 'Type2',
        chargerId,
        connectorId: (i % 2) + 1,
        ...wall,
        durationMinutes: 30,
      },
    };
  });
  const prebooked = (await load.ask({ cmd: 'book', url: app.baseUrl, bookings: soon })) as Extract<FromLoad, { done: 'book' }>;
  console.log(
    `${AT_ONCE} bookings for ${wall.date} ${wall.time} Cairo: ${JSON.stringify(prebooked.statuses)}; waiting ${fmt((startAt - Date.now()) / 1000, 0)} s for the slot`,
  );
  /** When each step of a booking's start happened (ms since the epoch), once the booking shows the connector held. */
  const stepsOf = async (bookingId: string): Promise<Record<string, number> | null> => {
    const events = await store.readStream(bookingStreams.booking(bookingId));
    const requested = events.find((e) => e.type === 'BookingReservationRequested');
    const recorded = events.find((e) => e.type === 'BookingReservationAnswered');
    const doc = await documents.collection('bookings').findOne({ _id: bookingId }, { projection: { held: 1 } });
    if (!requested || !recorded || !doc?.held) return null;
    const command = await store.readStream(networkStreams.chargerCommand((requested.data as { commandId: string }).commandId));
    const at = (type: string) => Date.parse((command.find((e) => e.type === type)?.data as { at: string } | undefined)?.at ?? '');
    return {
      'slot started': Date.parse(events.find((e) => e.type === 'BookingSlotStarted')!.recordedAt),
      'ReserveNow requested': Date.parse(requested.recordedAt),
      'sent by the gateway': at('ChargerCommandSent'),
      'answered by the charger': at('ChargerCommandAnswered'),
      'recorded on the booking': Date.parse(recorded.recordedAt),
    };
  };
  await new Promise((r) => setTimeout(r, Math.max(0, startAt - Date.now())));
  const results = new Map<string, Record<string, number>>();
  for (const deadline = Date.now() + 180_000; results.size < soon.length && Date.now() < deadline; ) {
    for (const b of soon)
      if (!results.has(b.bookingId)) {
        const r = await stepsOf(b.bookingId);
        if (r) results.set(b.bookingId, r);
      }
    if (results.size < soon.length) await new Promise((r) => setTimeout(r, 500));
  }
  const missing = soon.find((b) => !results.has(b.bookingId));
  if (missing)
    console.log(
      `not held: booking ${missing.bookingId}: ${(await store.readStream(bookingStreams.booking(missing.bookingId))).map((e) => e.type).join(', ')}`,
    );
  const since = (step: string) => [...results.values()].map((r) => r[step]! - startAt);
  const toAnswer = since('answered by the charger');
  console.log(
    `slot start → ReserveNow answered by the simulated charger: ${results.size}/${soon.length} held; p50 ${fmt(percentile(toAnswer, 50), 0)} ms, p99 ${fmt(percentile(toAnswer, 99), 0)} ms, max ${fmt(Math.max(...toAnswer), 0)} ms`,
  );
  for (const step of Object.keys([...results.values()][0] ?? {}))
    console.log(
      `  ${step}: p50 ${fmt(percentile(since(step), 50), 0)} ms, p99 ${fmt(percentile(since(step), 99), 0)} ms after the slot's start`,
    );

  await load.ask({ cmd: 'close' });
  await app.close();
}

runBench(main, loadGenerator, (reply) => reply.done === 'close');
