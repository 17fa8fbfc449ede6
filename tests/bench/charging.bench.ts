/**
 * `npm run bench:charging [-- --sessions 1000] [--rate R] [--burst-only]` (`-- --help`: every option) : the charging figures on the embedded profile, in one process on 127.0.0.1.
 *
 * - N customers (each with a car and a wallet) start N simultaneous sessions from the phone (HTTP sessions.start, all at
 *   once, or `--rate R` starts per second) on N/2 simulated chargers with two connectors each; the simulator plugs in
 *   at once (no charger delay). Measured: from the request to the moment the customer's session read model shows
 *   `charging` and its change notice is on the bus (what the customer's /api/live/me stream and the next query see),
 *   p50/p99. Twice: the first burst after the product started (its code not yet run, so compiled as it goes), and,
 *   once those sessions are stopped and billed, a second burst of N other customers on a process that has done it all
 *   once ("warm"), as a network's server has long before its busiest second. Each customer starts their first session.
 * - The warm burst's customers then stop (HTTP sessions.stop): remote stop → StopTransaction → SessionStopped → wallet
 *   debit → SessionBilled. Measured: wallet debits per second from the first stop to the last billed session.
 * - The ledger alone: 20,000 debits and credits spread over the N wallets, concurrently: transactions per second.
 */
import { randomUUID } from 'node:crypto';
import { existsSync } from 'node:fs';
import http from 'node:http';
import { cp, mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import os from 'node:os';
import { fileURLToPath } from 'node:url';
import { performance } from 'node:perf_hooks';
import { BUS_TOPICS, type LiveChange } from '@evc/contracts';
import { newContext } from '@evc/command-service';
import { SeedCustomerCommand, sendCommand } from '@evc/command-service';
import { WALLET_LEDGER, type WalletLedger } from '@evc/command-service/wallet/wallet-ledger';
import { DEMO_CAR } from '@evc/command-service/seed/seed-charging';
import { LOCAL_LIST_SYNC } from '@evc/command-service/cards/cards.tokens';
import type { LocalListSync } from '@evc/command-service/cards/local-list-sync';
import { stripedFlagPng } from '@evc/command-service/seed/flag-png';
import { IDENTITY, type IdentityDeps } from '@evc/command-service/identity/identity.settings';
import { accessVersionOf } from '@evc/command-service/identity/accounts';
import { Simulator, type SimulatedChargerSpec } from '@evc/simulator';
import { startTestApp, type TestApp } from '../support/app';
import { aStation, registerCharger, registerStation } from '../support/factories';
import { forkLoad, runBench } from './load-process';
import { startProfile } from './profile';
import { benchOptions } from './options';
import { contextSwitches, fmt, jsonMs, percentile } from './stats';

const options = benchOptions('simultaneous session starts from the phone, stops to billed, and the wallet ledger alone', {
  sessions: { type: 'number', default: 1000, description: 'customers starting a session in each burst (on sessions/2 chargers)' },
  rate: { type: 'number', default: 0, description: 'starts per second; 0 fires all at once' },
  /**
   * Where the chargers and the phones run: `fork` in a child process, as in production they are elsewhere and the
   * measured process is the product alone; `inprocess` in the product's own process.
   */
  load: { type: 'choice', choices: ['fork', 'inprocess'], default: 'fork', description: 'where the simulated chargers and phones run' },
  gateway: {
    type: 'choice',
    choices: ['process', 'inline'],
    default: 'process',
    description: "the gateway in its own process (as npm start runs it) or in the launcher's",
  },
  burstOnly: { type: 'flag', description: 'the starts alone (to compare builds run after run): no stops, no ledger' },
  state: { type: 'string', description: 'a directory that keeps the set-up, made once and copied by later runs' },
  profile: { type: 'string', description: "a file for a CPU profile of the launcher's process over the warm burst" },
  profileGateway: { type: 'string', description: "the same for the gateway's process" },
  profileLoad: { type: 'string', description: 'the same for the load process' },
});
const SESSIONS = options.sessions;
/** Starts per second; 0 (default) fires all N at once. */
const RATE = options.rate;
const LOAD = options.load;
const GATEWAY = options.gateway;
/** Epoch milliseconds with sub-millisecond precision, comparable between the two processes. */
const now = () => performance.timeOrigin + performance.now();

interface PhoneSession {
  sessionId: string;
  chargerId: string;
  connectorId: number;
  carId: string;
  token: string;
}
type ToLoad =
  | { cmd: 'connect'; url: string; chargers: SimulatedChargerSpec[] }
  | { cmd: 'start'; url: string; rate: number; sessions: PhoneSession[] }
  | { cmd: 'stop'; url: string; sessions: PhoneSession[] }
  /**
   * The load generator's CPU so far; with --profile-load <file>, `profile` starts its CPU profiler, and the next
   * `cpu` writes the profile to the file.
   */
  | { cmd: 'cpu'; profile: boolean }
  | { cmd: 'close' };
type FromLoad =
  | { done: 'connect' }
  | { done: 'cpu'; usage: NodeJS.CpuUsage }
  | { done: 'start'; t0: Record<string, number>; statuses: number[] }
  | { done: 'stop'; startedAt: number }
  | { done: 'close' };

/** The chargers (the product's simulator) and the customers' phones (HTTP). */
function loadGenerator() {
  let simulator: Simulator | null = null;
  let profiler: Awaited<ReturnType<typeof startProfile>> | null = null;
  // Each phone on a connection of its own, as before; node:http costs the load process some 0.2 ms of CPU a request
  // against 0.5 for fetch, CPU the two cores' product would otherwise lose to its own load generator.
  const agent = new http.Agent({ keepAlive: false, maxSockets: Infinity });
  const post = (url: string, path: string, body: unknown, token: string) =>
    new Promise<number>((resolve, reject) => {
      const text = JSON.stringify(body);
      const headers = { 'content-type': 'application/json', 'content-length': Buffer.byteLength(text), authorization: `Bearer ${token}` };
      const request = http.request(url + path, { method: 'POST', agent, headers }, (res) => {
        res.resume();
        res.on('end', () => resolve(res.statusCode ?? 0));
        res.on('error', reject);
      });
      request.on('error', reject);
      request.end(text);
    });
  return async (m: ToLoad): Promise<FromLoad> => {
    switch (m.cmd) {
      case 'connect':
        simulator = new Simulator({
          url: m.url.replace('http', 'ws'),
          chargers: m.chargers,
          backoffMs: { initial: 200, max: 5000 },
          charging: { plugInDelayMs: 0, meterIntervalS: 10 },
        });
        simulator.start();
        return { done: 'connect' };
      case 'start': {
        const t0: Record<string, number> = {};
        const statuses = await Promise.all(
          m.sessions.map(async (s, i) => {
            if (m.rate > 0) await new Promise((r) => setTimeout(r, (i * 1000) / m.rate));
            t0[s.sessionId] = now();
            return post(
              m.url,
              '/api/commands/sessions.start',
              { sessionId: s.sessionId, chargerId: s.chargerId, connectorId: s.connectorId, carId: s.carId },
              s.token,
            );
          }),
        );
        return { done: 'start', t0, statuses };
      }
      case 'stop': {
        const startedAt = now();
        await Promise.all(m.sessions.map((s) => post(m.url, '/api/commands/sessions.stop', { sessionId: s.sessionId }, s.token)));
        return { done: 'stop', startedAt };
      }
      case 'cpu': {
        const usage = process.cpuUsage();
        if (profiler) await profiler.stop(options.profileLoad!);
        profiler = m.profile && options.profileLoad ? await startProfile() : null;
        return { done: 'cpu', usage };
      }
      case 'close':
        await simulator?.stop();
        return { done: 'close' };
    }
  };
}

/** The load generator in a child process (default) or in this one; answers each command's reply. */
function startLoad(): { ask(m: ToLoad): Promise<FromLoad>; pid: number | null } {
  if (LOAD === 'inprocess') return { ask: loadGenerator(), pid: null };
  return forkLoad<ToLoad, FromLoad>(fileURLToPath(import.meta.url));
}
const CHARGERS = Math.ceil(SESSIONS / 2);
const SECRET = randomUUID() + randomUUID();

async function inBatches<T>(items: T[], size: number, fn: (item: T, index: number) => Promise<unknown>): Promise<void> {
  let next = 0;
  await Promise.all(
    Array.from({ length: Math.min(size, items.length) }, async () => {
      while (next < items.length) {
        const i = next++;
        await fn(items[i]!, i);
      }
    }),
  );
}

interface Prepared {
  secret: string;
  chargers: SimulatedChargerSpec[];
  customers: { id: string; email: string }[];
}

/**
 * --state <dir>: the setup (stations, chargers, 1,000 customers with cars and wallets: some 100 s, most of it the
 * customers' password hashing) is kept in <dir> after its first run and copied into a fresh data dir by later runs,
 * which replay it at start. An aid for comparing builds run after run; the recorded figures use a fresh setup.
 */
const STATE = options.state ?? null;

/** Stations, chargers and customers as a fresh setup makes them, in `app`. */
async function prepare(app: TestApp): Promise<Prepared> {
  const bus = app.commandBus;
  const documents = app.embedded.infra.documents;
  const ledger = app.embedded.app.get<WalletLedger>(WALLET_LEDGER);
  const staff = newContext({ type: 'system', id: 'bench' }, 'bench data');

  // Chargers: N/2 DC chargers with two 50 kW connectors, 50 per station, in a seeded governorate.
  const governorate = await documents.collection('governorates').findOne({});
  const chargers: SimulatedChargerSpec[] = [];
  for (let s = 0; s * 50 < CHARGERS; s++) {
    const station = aStation({ governorateId: String(governorate!._id) });
    await registerStation(bus, station);
    for (let c = s * 50; c < Math.min(CHARGERS, (s + 1) * 50); c++) {
      const chargerId = `BENCH-${String(c).padStart(5, '0')}`;
      const secret = `bench-secret-${c}-${randomUUID()}`;
      await registerCharger(bus, station.stationId, {
        chargerId,
        secret,
        model: 'DC Fast 50',
        connectors: [
          { connectorId: 1, code: `${chargerId}-1`, type: 'CCS2', current: 'DC', maxPowerKw: 50 },
          { connectorId: 2, code: `${chargerId}-2`, type: 'CCS2', current: 'DC', maxPowerKw: 50 },
        ],
      });
      chargers.push({ id: chargerId, secret, ocppVersion: '1.6', connectorIds: [1, 2], current: 'DC', maxPowerKw: 50 });
    }
  }

  // Customers: signed up (verified), 1,000 EGP in the wallet, a car.
  const customers = Array.from({ length: 2 * SESSIONS }, (_, i) => ({
    id: randomUUID(),
    email: `bench.${i}.${randomUUID().slice(0, 6)}@example.com`,
  }));
  await inBatches(customers, 8, async (c, i) => {
    await bus.execute(
      new SeedCustomerCommand(
        {
          accountId: c.id,
          firstName: 'Bench',
          lastName: 'Driver',
          email: c.email,
          phone: '01000000000',
          gender: 'male',
          locale: 'en',
          password: 'Heron-Quartz-57',
        },
        staff,
      ),
    );
    await ledger.record(
      c.id,
      {
        transactionId: `adjustment:bench-${c.id}`,
        direction: 'credit',
        amount: 100_000,
        kind: 'adjustment',
        reference: { type: 'adjustment', id: `bench-${c.id}` },
        reason: 'bench',
      },
      staff,
    );
    const png = stripedFlagPng(
      [
        [i % 256, (i >> 8) % 256, 7],
        [9, 9, 9],
      ],
      8,
      8,
    );
    const file = await app.embedded.files.put(png, { contentType: 'image/png', purpose: 'licence', ownerId: c.id });
    const asCustomer = newContext({ type: 'customer', id: c.id }, 'bench data');
    await sendCommand(
      bus,
      'cars.register',
      {
        carId: c.id,
        brandId: DEMO_CAR.brandId,
        typeId: DEMO_CAR.typeId,
        batteryRangeId: DEMO_CAR.batteryRangeId,
        licence: { customsCertificateFileId: file.fileId },
      },
      asCustomer,
    );
  });
  return { secret: SECRET, chargers, customers };
}

/** The app with the setup done: made here, or (--state) copied from an earlier run's. */
async function preparedApp(env: Record<string, string>): Promise<{ app: TestApp; prepared: Prepared }> {
  const file = STATE ? path.join(STATE, 'state.json') : null;
  if (file && existsSync(file)) {
    const prepared = JSON.parse(await readFile(file, 'utf8')) as Prepared;
    if (prepared.customers.length !== 2 * SESSIONS)
      throw new Error(`${STATE} holds ${prepared.customers.length} customers, not ${2 * SESSIONS}: use another --state`);
    const dataDir = await mkdtemp(path.join(os.tmpdir(), 'evc-bench-'));
    await cp(path.join(STATE!, 'data'), dataDir, { recursive: true });
    const app = await startTestApp({ seed: true, dataDir, env: { ...env, AUTH_TOKEN_SECRET: prepared.secret } });
    return { app, prepared };
  }
  const app = await startTestApp({ seed: true, env: { ...env, AUTH_TOKEN_SECRET: SECRET } });
  const prepared = await prepare(app);
  if (!file) return { app, prepared };
  // Kept as a stopped app leaves it (log flushed); this run goes on from the same files, restarted as later runs are.
  await app.close({ keepData: true });
  await rm(STATE!, { recursive: true, force: true });
  await mkdir(STATE!, { recursive: true });
  await cp(app.dataDir, path.join(STATE!, 'data'), { recursive: true });
  await writeFile(file, JSON.stringify(prepared));
  return { app: await startTestApp({ seed: true, dataDir: app.dataDir, env: { ...env, AUTH_TOKEN_SECRET: SECRET } }), prepared };
}

async function main(): Promise<void> {
  const setupStarted = performance.now();
  // HEAP_GROWTH_PERCENT, when set, passes through to the app (the default is what npm start runs).
  const heapGrowth: Record<string, string> =
    process.env.HEAP_GROWTH_PERCENT !== undefined ? { HEAP_GROWTH_PERCENT: process.env.HEAP_GROWTH_PERCENT } : {};
  const { app, prepared } = await preparedApp({ OCPP_GATEWAY: GATEWAY, ...heapGrowth });
  const { chargers } = prepared;
  const documents = app.embedded.infra.documents;
  const ledger = app.embedded.app.get<WalletLedger>(WALLET_LEDGER);
  // Drivers' tokens are signed by the app's own identity service, as its sign-in signs them (the process that signs a
  // token knows it without checking its signature; another replica would check it). Each carries the account's access
  // version now: a token signed below it is refused.
  const tokens = app.embedded.app.get<IdentityDeps>(IDENTITY).tokens;
  const customers = await Promise.all(
    prepared.customers.map(async (c) => {
      const version = await accessVersionOf(app.embedded.infra.eventStore, c.id, []);
      return { ...c, token: (await tokens.issue({ accountId: c.id, userType: 5, roles: ['customer'], privileges: [], version })).token };
    }),
  );
  const url = app.baseUrl;
  const staff = newContext({ type: 'system', id: 'bench' }, 'bench data');

  const load = startLoad();
  await load.ask({ cmd: 'connect', url, chargers });
  const online = async () => documents.collection('chargers').countDocuments({ chargerId: { $regex: '^BENCH-' }, online: true });
  for (const deadline = Date.now() + 120_000; (await online()) < CHARGERS; ) {
    if (Date.now() > deadline) throw new Error(`only ${await online()} of ${CHARGERS} chargers online`);
    await new Promise((r) => setTimeout(r, 250));
  }
  // Every charger that boots is asked its local authorisation list version and sent the list it lacks, 32
  // at a time: the burst is measured once every charger is in step, as chargers long connected are (before, a tenth of
  // the chargers were still being synced during the burst, and their list commands were counted as the starts' work).
  const listSync = app.embedded.app.get<LocalListSync>(LOCAL_LIST_SYNC);
  for (const deadline = Date.now() + 120_000; ; ) {
    const version = await listSync.currentVersion();
    const inStep = chargers.filter((c) => listSync.versions().get(c.id) === version).length;
    if (inStep === CHARGERS) break;
    if (Date.now() > deadline) throw new Error(`only ${inStep} of ${CHARGERS} chargers hold local list version ${version}`);
    await new Promise((r) => setTimeout(r, 250));
  }
  await app.embedded.runner.waitFor(await app.embedded.infra.eventStore.headPosition(), 30_000);
  console.log(
    `setup: ${2 * SESSIONS} customers, ${CHARGERS} chargers online and in step with the local list in ${fmt((performance.now() - setupStarted) / 1000)} s (chargers and phones: ${LOAD === 'fork' ? 'a child process' : 'this process'}${STATE ? `; the setup kept in ${STATE}` : ''})`,
  );

  // The machine's speed now, for figures of different days: its JS, and what waking another process costs (the product
  // is two processes, and each message between them costs CPU on both sides).
  const roundTrips: number[] = [];
  for (let i = 0; i < 500; i++) {
    const t0 = now();
    await load.ask({ cmd: 'cpu', profile: false });
    roundTrips.push((now() - t0) * 1000);
  }
  console.log(
    `machine speed: 100,000 JSON round trips of an event in ${fmt(jsonMs(), 0)} ms; an IPC message to the load process and its answer in ${fmt(percentile(roundTrips, 50), 0)} µs (median of 500; lower is faster)`,
  );

  // Watch the sessions read model's change notices: the moment a session shows `charging` to its customer.
  type Measured = { sessionId: string; t0: number; charging: number; billed: number };
  const watched = new Map<string, Measured>();
  const watcher = app.embedded.infra.bus.subscribe<LiveChange>(
    { groupId: `bench-${randomUUID()}`, topics: [BUS_TOPICS.readModelChanged] },
    async ({ value }) => {
      if (value.collection !== 'sessions' || !value.ids) return;
      const at = now();
      const docs = await documents
        .collection('sessions')
        .find({ _id: { $in: value.ids.filter((id: string) => watched.has(id)) } }, { projection: { status: 1, billed: 1 } })
        .toArray();
      for (const d of docs) {
        const s = watched.get(String(d._id))!;
        if (!s.charging && d.status === 'charging') s.charging = at;
        if (!s.billed && d.billed === true) s.billed = at;
      }
    },
  );
  await watcher.ready;
  const gatewayProcess = app.embedded.gatewayProcess;
  /** The event store's group commits so far (write + fdatasync, each carrying every append waiting). */
  const fileStore = (app.embedded.infra.eventStore as { inner?: unknown }).inner as
    | { stats?(): { writes: number; decoded: number } }
    | undefined;
  const storeWrites = () => fileStore?.stats?.().writes ?? 0;
  /** Events the store decoded for readers so far (projections, consumers, the command side's state loads). */
  const storeDecoded = () => fileStore?.stats?.().decoded ?? 0;

  /**
   * `group` (one customer per connector) starts at once; answers their phones once all show `charging`. Prints the
   * start → `charging` figures, the product's and the load's CPU per start and the events each start recorded.
   */
  async function burst(label: string, group: typeof customers): Promise<{ phones: PhoneSession[]; measured: Measured[] }> {
    const measured = group.map(() => ({ sessionId: randomUUID(), t0: 0, charging: 0, billed: 0 }));
    for (const m of measured) watched.set(m.sessionId, m);
    const phones = group.map((c, i) => ({
      sessionId: measured[i]!.sessionId,
      chargerId: chargers[Math.floor(i / 2)]!.id,
      connectorId: (i % 2) + 1,
      carId: c.id,
      token: c.token,
    }));
    // --profile <file>: a CPU profile of this process over the (warm) burst, start to the last `charging`.
    const profiled = label === 'warm' ? options.profile : undefined;
    const profiler = profiled ? await startProfile() : null;
    // --profile-gateway <file>: the same for the gateway's process.
    if (label === 'warm' && options.profileGateway) await gatewayProcess?.profile(null);
    const startAll = now();
    const cpuBefore = process.cpuUsage();
    const gatewayCpuBefore = (await gatewayProcess?.cpuUsage()) ?? { userUs: 0, systemUs: 0 };
    const deliveriesBefore = gatewayProcess?.deliveryCounts ?? { delivered: 0, skipped: 0 };
    const channelBefore = gatewayProcess?.channelCounts ?? null;
    const switchesBefore = [process.pid, gatewayProcess?.pid ?? null, load.pid].map(contextSwitches);
    const commitsBefore = storeWrites();
    const decodedBefore = storeDecoded();
    const loadBefore = os.loadavg()[0]!;
    const headBefore = await app.embedded.infra.eventStore.headPosition();
    const loadCpuBefore = ((await load.ask({ cmd: 'cpu', profile: label === 'warm' })) as Extract<FromLoad, { done: 'cpu' }>).usage;
    const started = (await load.ask({ cmd: 'start', url, rate: RATE, sessions: phones })) as Extract<FromLoad, { done: 'start' }>;
    for (const m of measured) m.t0 = started.t0[m.sessionId]!;
    const starts = started.statuses;
    const refused = starts.filter((st) => st !== 200).length;
    if (refused > 0)
      console.log(
        `refused starts by HTTP status: ${JSON.stringify(Object.fromEntries([...new Set(starts)].map((st) => [st, starts.filter((x) => x === st).length])))}`,
      );
    // Only the accepted starts can become charging (a refused one would hold the wait, and the CPU figure, for 120 s).
    const accepted = measured.filter((_, i) => starts[i] === 200);
    for (const deadline = Date.now() + 120_000; accepted.some((m) => !m.charging) && Date.now() < deadline; )
      await new Promise((r) => setTimeout(r, 100));
    const toCharging = measured.filter((m) => m.charging).map((m) => m.charging - m.t0);
    const decoded = storeDecoded() - decodedBefore;
    const switches = [process.pid, gatewayProcess?.pid ?? null, load.pid]
      .map(contextSwitches)
      .map((after, i) => (after !== null && switchesBefore[i] !== null ? after - switchesBefore[i]! : null));
    // CPU of this process (the product) over the burst, per start: what a busy machine blurs less than a latency.
    const launcherCpu = process.cpuUsage(cpuBefore);
    // With the gateway in its own process, the product's CPU is both processes'.
    const gatewayCpuAfter = (await gatewayProcess?.cpuUsage()) ?? gatewayCpuBefore;
    const gatewayCpu = {
      user: gatewayCpuAfter.userUs - gatewayCpuBefore.userUs,
      system: gatewayCpuAfter.systemUs - gatewayCpuBefore.systemUs,
    };
    const cpu = { user: launcherCpu.user + gatewayCpu.user, system: launcherCpu.system + gatewayCpu.system };
    if (profiler) await profiler.stop(profiled!);
    if (label === 'warm' && options.profileGateway) await gatewayProcess?.profile(options.profileGateway);
    // The chargers' and phones' CPU over the same span: on two cores, the burst ends when product and load together do.
    const loadCpuAfter = ((await load.ask({ cmd: 'cpu', profile: false })) as Extract<FromLoad, { done: 'cpu' }>).usage;
    const loadCpuMs = (loadCpuAfter.user - loadCpuBefore.user + loadCpuAfter.system - loadCpuBefore.system) / 1000;
    // What one start records: the events appended over the burst, by type (the work downstream of each is per event).
    const burstEvents = await app.embedded.infra.eventStore.readAll({ after: headBefore, maxCount: 1_000_000 });
    const byType = new Map<string, number>();
    for (const e of burstEvents) byType.set(e.type, (byType.get(e.type) ?? 0) + 1);
    const per = (n: number) => fmt(n / Math.max(1, toCharging.length), 2);
    const perStart = [...byType].sort((a, b) => b[1] - a[1]).map(([type, n]) => `${type} ${per(n)}`);
    console.log(`${label} burst: events recorded per start ${per(burstEvents.length)} (${perStart.join(', ')})`);
    console.log(
      `${label} burst: event store writes (write + fdatasync, each a group of appends) per start ${per(storeWrites() - commitsBefore)}`,
    );
    // Each recorded event is read once by the projections; what is more is read again (or a stream not seen lately).
    console.log(
      `${label} burst: events decoded for readers per start ${per(decoded)} (the projections read each recorded event once; the rest is state loads)`,
    );
    // On this machine a thread that sleeps and is woken again costs tens of microseconds (a virtual machine's switch).
    const named = ['the launcher', 'the gateway process', 'the load process'];
    const known = switches.flatMap((n, i) => (n === null ? [] : [`${named[i]} ${per(n)}`]));
    if (known.length > 0) console.log(`${label} burst: context switches per start (all threads): ${known.join(', ')}`);
    if (gatewayProcess && channelBefore) {
      const d = gatewayProcess.deliveryCounts;
      const c = gatewayProcess.channelCounts;
      console.log(
        `${label} burst: messages of the gateway's subscriptions per start: ${per(d.delivered - deliveriesBefore.delivered)} sent to its process, ${per(d.skipped - deliveriesBefore.skipped)} settled in the launcher (change notices it does not act on)`,
      );
      console.log(
        `${label} burst: IPC messages per start: ${per(c.toGateway - channelBefore.toGateway)} to the gateway process, ${per(c.fromGateway - channelBefore.fromGateway)} from it`,
      );
    }
    const cpuMsPerStart = (cpu.user + cpu.system) / 1000 / Math.max(1, toCharging.length);
    console.log(
      `${label} burst, start → charging shown (${RATE > 0 ? `${RATE} starts/s` : 'all at once'}): ${toCharging.length}/${group.length} sessions (refused ${refused}) in ${fmt((now() - startAll) / 1000)} s; ` +
        `p50 ${fmt(percentile(toCharging, 50), 0)} ms, p99 ${fmt(percentile(toCharging, 99), 0)} ms, max ${fmt(Math.max(...toCharging), 0)} ms; ` +
        `CPU of the product ${fmt(cpuMsPerStart, 2)} ms per start (user ${fmt(cpu.user / 1000, 0)} + system ${fmt(cpu.system / 1000, 0)} ms${gatewayProcess ? `; of it the gateway process ${fmt((gatewayCpu.user + gatewayCpu.system) / 1000, 0)} ms` : ''}); gateway ${GATEWAY === 'process' ? 'in its own process' : 'in the launcher'}; ` +
        `${LOAD === 'fork' ? `CPU of the chargers and phones (load process) ${fmt(loadCpuMs / Math.max(1, toCharging.length), 2)} ms per start; ` : ''}load average ${loadBefore.toFixed(2)} → ${os.loadavg()[0]!.toFixed(2)}`,
    );
    return { phones: phones.filter((_, i) => measured[i]!.charging), measured };
  }

  /** Stops `phones`' sessions at once; answers when each is billed, with the time the stops were sent. */
  async function stopAll(phones: PhoneSession[], measured: Measured[]): Promise<{ startedAt: number; billed: Measured[] }> {
    const { startedAt } = (await load.ask({ cmd: 'stop', url, sessions: phones })) as Extract<FromLoad, { done: 'stop' }>;
    const charging = measured.filter((m) => m.charging);
    for (const deadline = Date.now() + 180_000; charging.some((m) => !m.billed) && Date.now() < deadline; )
      await new Promise((r) => setTimeout(r, 100));
    return { startedAt, billed: charging.filter((m) => m.billed) };
  }

  // The first burst after start, on code the process has not run yet (compiled as it goes); its sessions are stopped
  // and billed, then the second burst, of other customers on the same connectors, runs on a process that has done all
  // of it once, as a network's server has long before its busiest second. Each customer starts their first session.
  const first = await burst('first', customers.slice(0, SESSIONS));
  await stopAll(first.phones, first.measured);
  await app.embedded.runner.waitFor(await app.embedded.infra.eventStore.headPosition(), 30_000);
  // Billed is not yet free: each charger reports its connector Finishing, then Available. Started before that, a few
  // warm starts were refused (connector unavailable) and left out of the figures.
  const notAvailable = async () =>
    (
      await documents
        .collection('chargers')
        .find({ chargerId: { $regex: '^BENCH-' } }, { projection: { connectors: 1 } })
        .toArray()
    ).flatMap((c) => (c.connectors as Array<{ status: string }>).filter((k) => k.status !== 'available')).length;
  for (const deadline = Date.now() + 60_000; (await notAvailable()) > 0 && Date.now() < deadline; )
    await new Promise((r) => setTimeout(r, 250));
  const warm = await burst('warm', customers.slice(SESSIONS));

  // --burst-only: the starts alone (comparing builds run after run); the stops and the ledger are measured otherwise.
  if (options.burstOnly) {
    await watcher.stop();
    await load.ask({ cmd: 'close' });
    return app.close();
  }
  await new Promise((r) => setTimeout(r, 12_000)); // a meter value from each connector
  const stopped = await stopAll(warm.phones, warm.measured);
  const lastBilled = Math.max(...stopped.billed.map((m) => m.billed));
  console.log(
    `stop → billed (warm burst's sessions): ${stopped.billed.length} debits in ${fmt((lastBilled - stopped.startedAt) / 1000, 2)} s = ${fmt(stopped.billed.length / ((lastBilled - stopped.startedAt) / 1000), 0)} wallet debits/s (through OCPP stop, session and read model)`,
  );

  // The ledger alone.
  const LEDGER_OPS = 20_000;
  const ledgerStarted = performance.now();
  await inBatches(
    Array.from({ length: LEDGER_OPS }, (_, i) => i),
    1000,
    async (i) => {
      const c = customers[i % customers.length]!;
      // Each wallet alternates credit, debit, credit, …: it never runs dry.
      const credit = Math.floor(i / customers.length) % 2 === 0;
      const id = randomUUID();
      await ledger.record(
        c.id,
        {
          transactionId: `adjustment:${id}`,
          direction: credit ? 'credit' : 'debit',
          amount: 100,
          kind: 'adjustment',
          reference: { type: 'adjustment', id },
          reason: 'bench',
        },
        staff,
      );
    },
  );
  const ledgerS = (performance.now() - ledgerStarted) / 1000;
  console.log(
    `ledger: ${LEDGER_OPS} credits/debits over ${customers.length} wallets in ${fmt(ledgerS, 2)} s = ${fmt(LEDGER_OPS / ledgerS, 0)} transactions/s`,
  );

  await watcher.stop();
  await load.ask({ cmd: 'close' });
  await app.close();
}

runBench(main, loadGenerator, (reply) => reply.done === 'close');
