// OCPP gateway: connections held, memory per charger, StatusNotification throughput into the event store,
// StatusNotification → station read model latency at ~1,000 messages/s, and with chargers charging: MeterValues
// throughput (answered by the gateway; MeterReadingRecorded events when the command side records them) and
// MeterValues → `sessions.lastReadingAt` latency at ~1,000 messages/s. The embedded app runs in this process;
// the chargers are light `ws` clients speaking OCPP-J 1.6 frames in a forked copy of this file (BENCH_ROLE=load), so
// the memory figures are the server's alone. Everything on 127.0.0.1, bounded in count and time.
import { randomUUID } from 'node:crypto';
import { fork, type ChildProcess } from 'node:child_process';
import os from 'node:os';
import { performance } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';
import { setFlagsFromString, writeHeapSnapshot } from 'node:v8';
import { runInNewContext } from 'node:vm';
import WebSocket from 'ws';
import { startAllocationProfile, startProfile, watchLoop } from './profile';
import { benchOptions } from './options';
import { fmt, percentile } from './stats';

const options = benchOptions('OCPP chargers on the embedded product: connections held, memory, throughput and latency by scenario', {
  /**
   * `phases`: the phases (a) to (h) below. `ceiling`: 19,000 chargers held with a 60 s heartbeat, 5,000 of them
   * charging with MeterValues every 10 s (latency of every reading to the sessions read model, CALLERRORs, sockets
   * dropped, memory per charger); it waits until every charger holds the local authorisation list before the readings
   * and times that rollout on its own. `answer`: StatusNotification answered, p99, from chargers with one call
   * outstanding each, timed in the load process. `outsider`: the product as `npm start` runs it (ocpp-outsider.ts).
   */
  scenario: {
    type: 'choice',
    choices: ['phases', 'ceiling', 'answer', 'outsider'],
    default: 'phases',
    description: 'what is measured (see the header of tests/bench/ocpp.bench.ts)',
  },
  gateway: {
    type: 'choice',
    choices: ['process', 'inline'],
    default: 'process',
    description: "the gateway in its own process (as npm start runs it) or in the launcher's",
  },
  connections: { type: 'number', defaultText: '19000 ceiling, 1000 answer and outsider, 2000 phases', description: 'chargers connected' },
  tpChargers: { type: 'number', default: 100, description: 'phases: chargers sending StatusNotification for throughput' },
  tpSeconds: { type: 'number', default: 10, description: 'phases: seconds of each throughput phase' },
  latRate: { type: 'number', default: 1000, description: 'phases: messages per second in the latency phases' },
  latSeconds: { type: 'number', default: 10, description: 'phases: seconds of each latency phase' },
  latChargers: { type: 'number', default: 500, description: 'phases: chargers sending in the latency phases' },
  mvChargers: { type: 'number', defaultText: '5000 ceiling, else every charger', description: 'chargers charging, sending MeterValues' },
  mvIntervalMs: {
    type: 'number',
    defaultText: '10000 ceiling, else 2000',
    description: "milliseconds between a charging charger's MeterValues",
  },
  /**
   * The ceiling measures three minutes of readings: a full mark of its heap stalls the launcher, and a single minute's
   * p99 depends on whether it held one mark or three.
   */
  mvSeconds: { type: 'number', defaultText: '180 ceiling, else 15', description: 'seconds of MeterValues measured' },
  mvLatChargers: { type: 'number', default: 1000, description: 'chargers whose readings are timed to the read model' },
  sessionMinutes: {
    type: 'number',
    default: 0,
    description: 'ceiling: minutes of past readings sent to each session first (how old the sessions are)',
  },
  logFrames: { type: 'number', default: 0, description: 'ceiling: older frames written into the message log before any charger connects' },
  /** `answer`: the offered rate, spread evenly over the chargers (each waits for its answer before its next call). */
  answerRate: { type: 'number', default: 3000, description: 'answer and outsider: StatusNotification calls per second' },
  answerSeconds: { type: 'number', default: 20, description: 'answer and outsider: seconds measured' },
  /**
   * `answer`: seconds of the same load first, reported apart: the answer's path is compiled as it goes, and the first
   * seconds after a start are not the busy minute of a network whose server has long run it.
   */
  answerWarmupSeconds: {
    type: 'number',
    default: 10,
    description: 'answer: seconds of the same load before the measure, reported apart (0: none)',
  },
  chargersPerStation: { type: 'number', default: 20, description: 'outsider: chargers per station' },
  productCpus: {
    type: 'number',
    default: 0,
    description: 'outsider: cores the product may use (taskset), the load the others (0: the scheduler decides)',
  },
  productNodeOptions: { type: 'string', description: "outsider: V8/Node flags for the product's processes (NODE_OPTIONS), to compare" },
  productProfile: {
    type: 'string',
    description: "outsider: a directory for CPU profiles of the launcher and the gateway's process (cpuprofile-top.ts reads them)",
  },
  timeoutS: { type: 'number', defaultText: '900 ceiling, else 400', description: 'seconds before the bench gives up' },
  trace: {
    type: 'flag',
    description: "ceiling: p99 per second, the event loop's utilisation and stalls, and the events recorded, during the readings",
  },
  profile: { type: 'string', description: "a file for a CPU profile of the launcher's process over the measured phases" },
  allocProfile: { type: 'string', description: 'a file for a sampled allocation profile over the measured readings' },
  allocPromoted: { type: 'flag', description: 'the allocation profile keeps only what survived a scavenge' },
  /** Heap snapshots before and after the chargers connect (<prefix>-before/after) and, in the ceiling, after the readings (<prefix>-ceiling). */
  heapSnapshots: { type: 'string', description: 'a path prefix for heap snapshots (for heap-summary.ts)' },
  /**
   * Ceiling: heap snapshots just before the readings and after them (<prefix>-mv-start and <prefix>-mv-end), so
   * `tests/bench/heap-diff.ts` shows what the readings left alive and what holds it. The snapshots pause the launcher:
   * such a run's latencies are not the bench's figures.
   */
  heapDiff: { type: 'string', description: 'ceiling: a path prefix for heap snapshots around the readings (for heap-diff.ts)' },
});
const SCENARIO = options.scenario;
const CEILING = SCENARIO === 'ceiling';
const ANSWER = SCENARIO === 'answer';
const GATEWAY = options.gateway;
const CONNECTIONS = options.connections ?? (CEILING ? 19_000 : ANSWER || SCENARIO === 'outsider' ? 1000 : 2000);
const TP_CHARGERS = Math.min(CONNECTIONS, options.tpChargers);
const TP_SECONDS = options.tpSeconds;
const LAT_RATE = options.latRate;
const LAT_SECONDS = options.latSeconds;
const LAT_CHARGERS = Math.min(CONNECTIONS, options.latChargers);
const MV_CHARGERS = Math.min(CONNECTIONS, options.mvChargers ?? (CEILING ? 5000 : CONNECTIONS));
const MV_INTERVAL_MS = options.mvIntervalMs ?? (CEILING ? 10_000 : 2000);
const MV_SECONDS = options.mvSeconds ?? (CEILING ? 180 : 15);
const SESSION_MINUTES = CEILING ? options.sessionMinutes : 0;
const ANSWER_RATE = options.answerRate;
const ANSWER_SECONDS = options.answerSeconds;
const ANSWER_WARMUP_SECONDS = options.answerWarmupSeconds;
const HEAP_SNAPSHOTS = options.heapSnapshots ?? '';
const HEAP_DIFF = options.heapDiff ?? '';
const MV_LAT_CHARGERS = Math.min(MV_CHARGERS, options.mvLatChargers);
const TIMEOUT_S = options.timeoutS ?? (CEILING ? 900 : 400);
const CHARGERS_PER_STATION = 20;
const HEARTBEAT_S = 60;
const STATUSES = ['Available', 'Preparing'] as const;

/** Wall-clock ms with sub-ms precision, comparable between the two processes. */
const clock = () => performance.timeOrigin + performance.now();
// Never a negative delay (a due time just passed): Node warns on it and waits 1 ms anyway.
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, Math.max(0, ms)));

interface Cred {
  id: string;
  secret: string;
}
type ToLoad =
  | { cmd: 'connect'; url: string; chargers: Cred[]; boot?: boolean }
  | { cmd: 'throughput'; chargers: number; seconds: number }
  | { cmd: 'latency'; chargers: number; rate: number; seconds: number }
  | { cmd: 'start'; chargers: number }
  | { cmd: 'meter'; chargers: number; intervalMs: number; seconds: number; probe: boolean }
  | { cmd: 'age'; chargers: number; readings: number; perMessage: number }
  | { cmd: 'answer'; chargers: number; rate: number; seconds: number; prefix: string }
  | { cmd: 'sockets' }
  | { cmd: 'close' };
/** What the load process reports after an `answer` run (ocpp-outsider.ts reads the same message). */
export interface AnswerResult {
  sent: number;
  errors: number;
  latencies: number[];
  fromDue: number[];
  sentAfterMs: number[];
  late: number;
  startedAt: number;
  endedAt: number;
}
type FromLoad =
  | { done: 'connect'; connected: number; failed: number; ms: number }
  | { done: 'throughput'; sent: number; answered: number; errors: number; startedAt: number; endedAt: number }
  | { done: 'latency'; sent: number; errors: number; sendTimes: [string, number][] }
  | { done: 'start'; started: number; failed: number; ms: number }
  | { done: 'meter'; sent: number; answered: number; errors: number; startedAt: number; endedAt: number; sendTimes: [string, number][] }
  | { done: 'age'; sent: number; errors: number; ms: number }
  | ({ done: 'answer' } & AnswerResult)
  | { done: 'sockets'; open: number; dropped: number }
  | { done: 'close' };

// ---------------------------------------------------------------------------------------------------------------
// Load generator (child process): one WebSocket per charger, OCPP-J 1.6 frames by hand.
// ---------------------------------------------------------------------------------------------------------------
class LightCharger {
  private seq = 0;
  private readonly pending = new Map<string, (ok: boolean, payload: unknown) => void>();
  /** The running transaction (1.6 id from the gateway) and the energy register, Wh. */
  transactionId: number | null = null;
  private registerWh = 1_000_000;
  private lastStamp = 0;
  private statusIndex = 0;
  private heartbeat: NodeJS.Timeout | null = null;
  /** Closed by the other side (the bench never closes a socket before the end). */
  dropped = false;
  private closing = false;
  ws!: WebSocket;
  constructor(readonly cred: Cred) {}

  connect(url: string): Promise<void> {
    return new Promise((resolve, reject) => {
      const auth = Buffer.from(`${this.cred.id}:${this.cred.secret}`).toString('base64');
      this.ws = new WebSocket(`${url}/ocpp/${this.cred.id}`, ['ocpp1.6'], {
        headers: { authorization: `Basic ${auth}` },
        perMessageDeflate: false,
      });
      this.ws.once('open', () => {
        // Heartbeats spread over the interval (as chargers that connected at different times).
        const first = setTimeout(
          () => {
            void this.call('Heartbeat', {});
            this.heartbeat = setInterval(() => void this.call('Heartbeat', {}), HEARTBEAT_S * 1000);
          },
          Math.random() * HEARTBEAT_S * 1000,
        );
        this.heartbeat = first;
        resolve();
      });
      this.ws.once('error', reject);
      this.ws.once('close', () => {
        if (!this.closing) this.dropped = true;
        if (this.heartbeat) clearInterval(this.heartbeat);
      });
      this.ws.on('message', (data) => {
        const frame = JSON.parse(String(data)) as [number, string, ...unknown[]];
        // A call from the central system, answered as a charger without a local list would (1.6: listVersion 0).
        if (frame[0] === 2) {
          const answer = frame[2] === 'GetLocalListVersion' ? [3, frame[1], { listVersion: 0 }] : [4, frame[1], 'NotImplemented', '', {}];
          this.ws.send(JSON.stringify(answer));
          return;
        }
        const done = this.pending.get(frame[1]);
        this.pending.delete(frame[1]);
        done?.(frame[0] === 3, frame[2]);
      });
    });
  }

  call(action: string, payload: unknown, messageId = `m-${++this.seq}`): Promise<boolean> {
    return new Promise((resolve) => {
      this.pending.set(messageId, (ok) => resolve(ok));
      this.ws.send(JSON.stringify([2, messageId, action, payload]));
    });
  }

  /** StartTransaction on connector 1 (the gateway asks the command side, or falls back after its timeout). */
  start(): Promise<boolean> {
    const messageId = `st-${++this.seq}`;
    return new Promise((resolve) => {
      this.pending.set(messageId, (ok, payload) => {
        this.transactionId = ok ? (payload as { transactionId: number }).transactionId : null;
        resolve(ok);
      });
      const start = {
        connectorId: 1,
        idTag: `BENCH-${this.cred.id.slice(-5)}`,
        meterStart: this.registerWh,
        timestamp: new Date().toISOString(),
      };
      this.ws.send(JSON.stringify([2, messageId, 'StartTransaction', start]));
    });
  }

  /** MeterValues of the running transaction: 22 kW over `seconds`; answers the reading's unique timestamp. */
  meter(seconds: number, messageId: string): { timestamp: string; answered: Promise<boolean> } {
    this.registerWh += (22_000 * seconds) / 3600;
    // Unique per charger (ms resolution), so a reading is recognised in the event it becomes.
    this.lastStamp = Math.max(Date.now(), this.lastStamp + 1);
    const timestamp = new Date(this.lastStamp).toISOString();
    const sampledValue = [
      { value: String(Math.round(this.registerWh)), measurand: 'Energy.Active.Import.Register', unit: 'Wh' },
      { value: '22000', measurand: 'Power.Active.Import', unit: 'W' },
      { value: '50', measurand: 'SoC', unit: 'Percent', location: 'EV' },
    ];
    const answered = this.call(
      'MeterValues',
      { connectorId: 1, transactionId: this.transactionId ?? 0, meterValue: [{ timestamp, sampledValue }] },
      messageId,
    );
    return { timestamp, answered };
  }

  /**
   * `readings` past readings of the running transaction, one every 10 s up to 10 s ago, `perMessage` to a MeterValues
   * (a charger back online sends what it metered meanwhile in this way): the session as it stands that long in.
   */
  async age(readings: number, perMessage: number): Promise<{ sent: number; errors: number }> {
    const now = Date.now();
    const startWh = this.registerWh;
    let sent = 0;
    let errors = 0;
    for (let first = 0; first < readings; first += perMessage) {
      const meterValue = Array.from({ length: Math.min(perMessage, readings - first) }, (_, i) => {
        const n = first + i;
        const wh = Math.round(startWh + (22_000 * 10 * (n + 1)) / 3600);
        return {
          timestamp: new Date(now - (readings - n) * 10_000).toISOString(),
          sampledValue: [
            { value: String(wh), measurand: 'Energy.Active.Import.Register', unit: 'Wh' },
            { value: '22000', measurand: 'Power.Active.Import', unit: 'W' },
          ],
        };
      });
      sent++;
      if (!(await this.call('MeterValues', { connectorId: 1, transactionId: this.transactionId ?? 0, meterValue }))) errors++;
    }
    this.registerWh = startWh + (22_000 * 10 * readings) / 3600;
    return { sent, errors };
  }

  /** What a real charger sends once connected: BootNotification, then the status of the charger and its connector. */
  async boot(): Promise<boolean> {
    const accepted = await this.call('BootNotification', {
      chargePointVendor: 'ABB',
      chargePointModel: 'Terra 54',
      chargePointSerialNumber: `SN-${this.cred.id}`,
    });
    const zero = await this.call('StatusNotification', { connectorId: 0, errorCode: 'NoError', status: 'Available' });
    const one = await this.call('StatusNotification', { connectorId: 1, errorCode: 'NoError', status: 'Available' });
    this.statusIndex = 1;
    return accepted && zero && one;
  }

  /** The next status of connector 1, alternating so each one changes something (an event). */
  status(messageId?: string): Promise<boolean> {
    const status = STATUSES[this.statusIndex++ % 2];
    return this.call('StatusNotification', { connectorId: 1, errorCode: 'NoError', status }, messageId);
  }

  close(): void {
    this.closing = true;
    if (this.heartbeat) clearInterval(this.heartbeat);
    this.ws.terminate();
  }
}

async function runLoad(): Promise<void> {
  const chargers: LightCharger[] = [];
  const reply = (message: FromLoad) => process.send!(message);
  process.on('message', async (message: ToLoad) => {
    if (message.cmd === 'connect') {
      const started = performance.now();
      let failed = 0;
      const queue = [...message.chargers];
      await Promise.all(
        Array.from({ length: 100 }, async () => {
          for (let cred = queue.shift(); cred; cred = queue.shift()) {
            const charger = new LightCharger(cred);
            try {
              await charger.connect(message.url);
              if (message.boot && !(await charger.boot())) throw new Error('boot refused');
              chargers.push(charger);
            } catch {
              failed++;
            }
          }
        }),
      );
      reply({ done: 'connect', connected: chargers.length, failed, ms: performance.now() - started });
    } else if (message.cmd === 'throughput') {
      // Each charger: a StatusNotification, its answer, then no sooner than 50 ms after the last (under the 20/s limit).
      let sent = 0;
      let answered = 0;
      let errors = 0;
      const startedAt = clock();
      const phaseStart = performance.now();
      const until = phaseStart + message.seconds * 1000;
      await Promise.all(
        chargers.slice(0, message.chargers).map(async (charger) => {
          while (performance.now() < until) {
            const at = performance.now();
            sent++;
            if (await charger.status(`tp-${sent}`)) answered++;
            else errors++;
            const wait = 50 - (performance.now() - at);
            if (wait > 0) await sleep(wait);
          }
        }),
      );
      reply({ done: 'throughput', sent, answered, errors, startedAt, endedAt: clock() });
    } else if (message.cmd === 'latency') {
      // An open loop at `rate` messages/s, round robin over the chargers, every 10 ms.
      const sendTimes: [string, number][] = [];
      const inFlight: Promise<boolean>[] = [];
      const total = message.rate * message.seconds;
      const perTick = message.rate / 100;
      const group = chargers.slice(0, message.chargers);
      let sent = 0;
      let due = 0;
      const started = performance.now();
      await new Promise<void>((resolve) => {
        const timer = setInterval(() => {
          due = Math.min(total, Math.floor(((performance.now() - started) / 10) * perTick));
          for (; sent < due; sent++) {
            const messageId = `lat-${sent}`;
            sendTimes.push([messageId, clock()]);
            inFlight.push(group[sent % group.length]!.status(messageId));
          }
          if (sent >= total) {
            clearInterval(timer);
            resolve();
          }
        }, 10);
      });
      const outcomes = await Promise.all(inFlight);
      reply({ done: 'latency', sent, errors: outcomes.filter((ok) => !ok).length, sendTimes });
    } else if (message.cmd === 'start') {
      const started = performance.now();
      const outcomes = await Promise.all(chargers.slice(0, message.chargers).map((c) => (c.transactionId !== null ? true : c.start())));
      reply({
        done: 'start',
        started: outcomes.filter(Boolean).length,
        failed: outcomes.filter((ok) => !ok).length,
        ms: performance.now() - started,
      });
    } else if (message.cmd === 'meter') {
      // Each charging charger sends MeterValues every intervalMs (starts staggered over the first interval).
      const group = chargers.slice(0, message.chargers).filter((c) => c.transactionId !== null);
      const sendTimes: [string, number][] = [];
      const inFlight: Promise<boolean>[] = [];
      const startedAt = clock();
      const phaseStart = performance.now();
      const until = phaseStart + message.seconds * 1000;
      await Promise.all(
        group.map(async (charger, i) => {
          await sleep((i / group.length) * message.intervalMs);
          for (let n = 0; performance.now() < until; n++) {
            const at = performance.now();
            const { timestamp, answered } = charger.meter(message.intervalMs / 1000, `mv-${n}`);
            if (message.probe) sendTimes.push([`${charger.transactionId}|${timestamp}`, clock()]);
            inFlight.push(answered);
            const wait = message.intervalMs - (performance.now() - at);
            if (wait > 0) await sleep(wait);
          }
        }),
      );
      const outcomes = await Promise.all(inFlight);
      const answered = outcomes.filter(Boolean).length;
      reply({ done: 'meter', sent: outcomes.length, answered, errors: outcomes.length - answered, startedAt, endedAt: clock(), sendTimes });
    } else if (message.cmd === 'age') {
      const started = performance.now();
      const queue = chargers.slice(0, message.chargers).filter((c) => c.transactionId !== null);
      let sent = 0;
      let errors = 0;
      // 50 chargers at a time, each waiting for its answers: a backlog the product works through, not a flood.
      await Promise.all(
        Array.from({ length: 50 }, async () => {
          for (let charger = queue.shift(); charger; charger = queue.shift()) {
            const r = await charger.age(message.readings, message.perMessage);
            sent += r.sent;
            errors += r.errors;
          }
        }),
      );
      reply({ done: 'age', sent, errors, ms: performance.now() - started });
    } else if (message.cmd === 'answer') {
      // Each charger: one StatusNotification outstanding at a time, the next due every chargers / rate seconds from
      // a staggered start (sent at once when the answer came late, and counted as late).
      const group = chargers.slice(0, message.chargers);
      const periodMs = (group.length / message.rate) * 1000;
      const latencies: number[] = [];
      /** From when each call was due, not when it went out: a late answer delays the next call, and that wait counts. */
      const fromDue: number[] = [];
      /** When each measured call was sent, from the start of the phase: the figures per second of the run. */
      const sentAfterMs: number[] = [];
      let sent = 0;
      let errors = 0;
      let late = 0;
      const startedAt = clock();
      const phaseStart = performance.now();
      const until = phaseStart + message.seconds * 1000;
      await Promise.all(
        group.map(async (charger, i) => {
          let due = performance.now() + (i / group.length) * periodMs;
          await sleep(due - performance.now());
          while (due < until) {
            const at = performance.now();
            sent++;
            if (await charger.status(`${message.prefix}-${sent}`)) {
              const answeredAt = performance.now();
              latencies.push(answeredAt - at);
              fromDue.push(answeredAt - due);
              sentAfterMs.push(at - phaseStart);
            } else errors++;
            due += periodMs;
            const wait = due - performance.now();
            if (wait > 0) await sleep(wait);
            else late++;
          }
        }),
      );
      reply({ done: 'answer', sent, errors, latencies, fromDue, sentAfterMs, late, startedAt, endedAt: clock() });
    } else if (message.cmd === 'sockets') {
      reply({
        done: 'sockets',
        open: chargers.filter((c) => c.ws.readyState === WebSocket.OPEN).length,
        dropped: chargers.filter((c) => c.dropped).length,
      });
    } else {
      for (const charger of chargers) charger.close();
      reply({ done: 'close' });
      process.disconnect();
    }
  });
}

// ---------------------------------------------------------------------------------------------------------------
// Main: the embedded app, chargers registered through the command bus, measurements.
// ---------------------------------------------------------------------------------------------------------------
async function runMain(): Promise<void> {
  setFlagsFromString('--expose-gc');
  const gc = runInNewContext('gc') as () => void;
  const { RM } = await import('@evc/projections');
  const { startTestApp } = await import('../support/app');
  const { loadConfig } = await import('@evc/platform/config/config');
  const { aStation, givenGovernorate, registerCharger, registerStation } = await import('../support/factories');
  const { command, givenVerifiedCustomer, superAdminToken } = await import('../support/identity');

  const benchStarted = performance.now();
  // OCPP_LOG_MAX_FRAMES and HEAP_GROWTH_PERCENT, when set, pass through to the app (the defaults are what npm start runs).
  const passed = Object.fromEntries(
    ['OCPP_LOG_MAX_FRAMES', 'HEAP_GROWTH_PERCENT'].filter((k) => process.env[k] !== undefined).map((k) => [k, process.env[k]!]),
  );
  const app = await startTestApp({ env: { OCPP_GATEWAY: GATEWAY, ...passed } });
  const heapGrowth = loadConfig(passed).HEAP_GROWTH_PERCENT;
  // --log-frames <n> (ceiling): the message log as it stands after hours at the ceiling, n older frames spread
  // evenly over the chargers, written before any charger connects (so the log's per-charger counts include them):
  // the readings are then measured with the launcher's heap in its steady state, not three minutes in.
  if (CEILING && options.logFrames > 0) await prefillMessageLog(app.embedded.infra.frames, options.logFrames);
  /**
   * The bench chargers' card tokens, owned by one customer with a large balance, so their transactions become card
   * sessions on the command side (IdTokenIssued appended directly: the product issues cards elsewhere).
   */
  const givenCards = async (tags: string[]): Promise<string> => {
    const { customerId } = await givenVerifiedCustomer(app);
    const credit = await command(
      app,
      'wallet.adjust',
      { adjustmentId: randomUUID(), customerId, direction: 'credit', amountEgp: 10_000, reason: 'OCPP bench balance' },
      await superAdminToken(app),
    );
    const at = new Date().toISOString();
    const metadata = {
      correlationId: randomUUID(),
      causationId: 'ocpp-bench',
      actor: { type: 'system' as const, id: 'ocpp-bench' },
      occurredAt: at,
      schemaVersion: 1,
    };
    // 100 at a time: they share the event store's group commit.
    for (let i = 0; i < tags.length; i += 100) {
      await Promise.all(
        tags
          .slice(i, i + 100)
          .map((idTag) =>
            app.embedded.infra.eventStore.append(
              `id-token-${idTag}`,
              [{ eventId: randomUUID(), type: 'IdTokenIssued', data: { idTag, customerId, kind: 'card', expiresAt: null, at }, metadata }],
              'no_stream',
            ),
          ),
      );
    }
    return `${tags.length} cards of one customer (wallet credit ${credit.status})`;
  };
  let load: ChildProcess | null = null;
  const watchdog = setTimeout(() => {
    process.stderr.write(`ocpp bench: over ${TIMEOUT_S} s, stopping\n`);
    load?.kill('SIGKILL');
    process.exit(1);
  }, TIMEOUT_S * 1000);
  watchdog.unref();

  try {
    const { infra, runner } = app.embedded;
    // Chargers held: the gateway process reports its count every second.
    const gateway = {
      get connectedCount() {
        return app.embedded.gateway?.connectedCount ?? app.embedded.gatewayProcess?.connectedCount ?? 0;
      },
    };
    // Register the stations, then the chargers (20 per station).
    const registerStarted = performance.now();
    await givenGovernorate(app.commandBus);
    const stationOf = new Map<string, string>();
    const creds: Cred[] = [];
    const stations = Array.from({ length: Math.ceil(CONNECTIONS / CHARGERS_PER_STATION) }, () => aStation());
    let last = 0;
    // One at a time: a station also touches its governorate's stream.
    for (const s of stations) last = Math.max(last, (await registerStation(app.commandBus, s)).position);
    // A charger also touches its station's stream: one worker per station at a time, 50 stations at once.
    const stationQueue = stations.map((station, n) => ({ station, n }));
    await Promise.all(
      Array.from({ length: 50 }, async () => {
        for (let next = stationQueue.shift(); next; next = stationQueue.shift()) {
          for (let i = next.n * CHARGERS_PER_STATION; i < Math.min(CONNECTIONS, (next.n + 1) * CHARGERS_PER_STATION); i++) {
            const chargerId = `CP-B${String(i).padStart(5, '0')}`;
            const secret = `bench-secret-${i}`;
            const { result } = await registerCharger(app.commandBus, next.station.stationId, { chargerId, secret });
            last = Math.max(last, result.position);
            stationOf.set(chargerId, next.station.stationId);
            creds.push({ id: chargerId, secret });
          }
        }
      }),
    );
    await runner.waitFor(last, 60_000);
    creds.sort((a, b) => a.id.localeCompare(b.id));
    const registerS = (performance.now() - registerStarted) / 1000;
    const cards = await givenCards(creds.slice(0, ANSWER ? 0 : MV_CHARGERS).map((c) => `BENCH-${c.id.slice(-5)}`)).catch(
      (error: unknown) => `not set up (${String(error)})`,
    );

    // Every ConnectorStatusChanged, as it is recorded; the latency probes also wait for the station read model.
    let recorded = 0;
    let lastRecordedAt = 0;
    const seenAt = new Map<string, number>();
    let mismatched = 0;
    const stationsRm = infra.documents.collection(RM.stations);
    const probes: Promise<void>[] = [];
    // MeterReadingRecorded (the command side's charging consumer), and the sessions read model for the probes.
    let readings = 0;
    let lastReadingAt = 0;
    let probingMeters = false;
    const readingSeenAt = new Map<string, number>();
    let readingMissing = 0;
    const sessionsRm = infra.documents.collection('sessions');
    const subscription = infra.eventStore.subscribeToAll(
      (event) => {
        if (event.type === 'MeterReadingRecorded') {
          readings++;
          lastReadingAt = clock();
          if (!probingMeters) return;
          const data = event.data as { sessionId: string; transactionId: string; timestamp: string };
          probes.push(
            (async () => {
              await runner.waitFor(event.position, 30_000);
              // Only the field it checks: a session an hour in holds hundreds of readings, and copying them all for
              // each of 30,000 probes was the bench's own load on the heap it measures.
              const session = await sessionsRm.findOne({ _id: data.sessionId }, { projection: { lastReadingAt: 1 } });
              const shown = session?.lastReadingAt as string | null | undefined;
              if (!shown || shown < data.timestamp) readingMissing++;
              else readingSeenAt.set(`${data.transactionId}|${data.timestamp}`, clock());
            })(),
          );
          return;
        }
        if (event.type !== 'ConnectorStatusChanged') return;
        recorded++;
        lastRecordedAt = clock();
        const data = event.data as { chargerId: string; messageId: string; status: string };
        if (!data.messageId.startsWith('lat-')) return;
        probes.push(
          (async () => {
            await runner.waitFor(event.position, 30_000);
            const station = await stationsRm.findOne({ _id: stationOf.get(data.chargerId)! });
            const chargers = (station?.chargers ?? []) as { chargerId: string; connectors: { connectorId: number; status: string }[] }[];
            const shown = chargers.find((c) => c.chargerId === data.chargerId)?.connectors.find((k) => k.connectorId === 1)?.status;
            if (shown === undefined) throw new Error(`station read model does not show ${data.chargerId}`);
            // The charger's next status may already be there (it sends every LAT_CHARGERS / LAT_RATE s).
            if (shown !== data.status) mismatched++;
            seenAt.set(data.messageId, clock());
          })(),
        );
      },
      { after: last, name: 'ocpp-bench' },
    );

    const child = fork(fileURLToPath(import.meta.url), [], {
      env: { ...process.env, BENCH_ROLE: 'load' },
      execArgv: process.execArgv,
      stdio: 'inherit',
    });
    load = child;
    const ask = <T extends FromLoad['done']>(message: ToLoad, done: T) =>
      new Promise<Extract<FromLoad, { done: T }>>((resolve, reject) => {
        const onMessage = (m: FromLoad) => {
          if (m.done !== done) return;
          child.off('message', onMessage);
          resolve(m as Extract<FromLoad, { done: T }>);
        };
        child.on('message', onMessage);
        child.once('exit', (code) => reject(new Error(`load generator exited (${code})`)));
        child.send(message);
      });
    const waitRecorded = async (count: number, maxMs: number) => {
      const until = performance.now() + maxMs;
      while (recorded < count && performance.now() < until) await sleep(20);
      return recorded >= count;
    };

    // (a) + (b): connections and memory.
    await sleep(500);
    gc();
    if (HEAP_SNAPSHOTS) writeHeapSnapshot(`${HEAP_SNAPSHOTS}-before.heapsnapshot`);
    const before = process.memoryUsage();
    // The gateway process reports its memory every second (not after a forced collection).
    const gatewayMemory = () => app.embedded.gatewayProcess?.memoryUsage ?? { heapUsed: 0, rss: 0 };
    const gatewayBefore = gatewayMemory();
    const connect = await ask({ cmd: 'connect', url: app.baseUrl.replace('http', 'ws'), chargers: creds }, 'connect');
    await sleep(500);
    await runner.waitFor(await infra.eventStore.headPosition(), 30_000);
    await sleep(2000);
    gc();
    const after = process.memoryUsage();
    const gatewayAfter = gatewayMemory();
    if (HEAP_SNAPSHOTS) writeHeapSnapshot(`${HEAP_SNAPSHOTS}-after.heapsnapshot`);
    const held = gateway.connectedCount;
    const online = (await infra.documents.collection(RM.chargers).countDocuments({ online: true })) as number;
    const perConnection = (a: number, b: number) => (held > 0 ? (b - a) / held / 1024 : NaN);

    const connectedRows: [string, string][] = [
      ['chargers registered (commands, 20 per station)', `${CONNECTIONS} in ${fmt(registerS)} s`],
      [
        '(a) connections held, 60 s heartbeat',
        `${held} of ${CONNECTIONS} (${connect.failed} failed), ramp ${fmt(connect.ms / 1000)} s (${fmt(connect.connected / (connect.ms / 1000), 0)} connects/s); ${online} shown online`,
      ],
      [
        `(b) memory per connected charger, heap / RSS${GATEWAY === 'process' ? ', launcher' : ''}`,
        `${fmt(perConnection(before.heapUsed, after.heapUsed))} / ${fmt(perConnection(before.rss, after.rss))} KiB (heap ${fmt(before.heapUsed / 2 ** 20)} → ${fmt(after.heapUsed / 2 ** 20)} MiB, RSS ${fmt(before.rss / 2 ** 20)} → ${fmt(after.rss / 2 ** 20)} MiB)`,
      ],
      ...(GATEWAY === 'process'
        ? [
            [
              '(b) memory per connected charger, heap / RSS, gateway process',
              `${fmt(perConnection(gatewayBefore.heapUsed, gatewayAfter.heapUsed))} / ${fmt(perConnection(gatewayBefore.rss, gatewayAfter.rss))} KiB (heap ${fmt(gatewayBefore.heapUsed / 2 ** 20)} → ${fmt(gatewayAfter.heapUsed / 2 ** 20)} MiB, RSS ${fmt(gatewayBefore.rss / 2 ** 20)} → ${fmt(gatewayAfter.rss / 2 ** 20)} MiB)`,
            ] as [string, string],
          ]
        : []),
      [
        'where the gateway runs (--gateway)',
        GATEWAY === 'process'
          ? "its own process (what npm start runs); the event loop figures are the launcher's"
          : "in the launcher's process",
      ],
      [
        'old generation allowed to grow past the last full collection (HEAP_GROWTH_PERCENT)',
        heapGrowth > 0 ? `${heapGrowth} %` : "V8's own choice (0)",
      ],
    ];
    const print = (title: string, rows: [string, string][]) =>
      process.stdout.write(`\n## ${title}\n\n| figure | result |\n|---|---|\n${rows.map(([a, b]) => `| ${a} | ${b} |`).join('\n')}\n`);
    const profiled = async <T>(run: () => Promise<T>): Promise<T> => {
      const p = options.profile ? await startProfile() : null;
      try {
        return await run();
      } finally {
        await p?.stop(options.profile!);
      }
    };

    if (ANSWER) {
      // StatusNotification answered: call → result in the load process, each charger one call outstanding.
      const recordedAtStart = recorded;
      const warmup =
        ANSWER_WARMUP_SECONDS > 0
          ? await ask({ cmd: 'answer', chargers: CONNECTIONS, rate: ANSWER_RATE, seconds: ANSWER_WARMUP_SECONDS, prefix: 'warm' }, 'answer')
          : null;
      // Its statuses recorded and projected before the measured run, which then has the machine to itself.
      if (warmup) await waitRecorded(recordedAtStart + warmup.latencies.length, 60_000);
      if (warmup) await runner.waitFor(await infra.eventStore.headPosition(), 60_000);
      const recordedBefore = recorded;
      const loop = watchLoop(options.trace);
      const allocations = await startAllocationProfile(options.allocProfile, options.allocPromoted);
      const an = await profiled(() =>
        ask({ cmd: 'answer', chargers: CONNECTIONS, rate: ANSWER_RATE, seconds: ANSWER_SECONDS, prefix: 'an' }, 'answer'),
      );
      const loopRows = [...loop.stop(), ...(await allocations.stop())];
      const drained = await waitRecorded(recordedBefore + an.latencies.length, 60_000);
      const seconds = (an.endedAt - an.startedAt) / 1000;
      const sockets = await ask({ cmd: 'sockets' }, 'sockets');
      const l = an.latencies;
      print('StatusNotification answered (embedded profile, durable ocpp.inbound)', [
        ...connectedRows,
        [
          'StatusNotification call → result at the charger, p50 / p95 / p99 / max',
          `${fmt(percentile(l, 50))} / ${fmt(percentile(l, 95))} / **${fmt(percentile(l, 99))}** / ${fmt(Math.max(...l))} ms at ${fmt(an.sent / seconds, 0)} messages/s answered (offered ${ANSWER_RATE}/s from ${CONNECTIONS} chargers, one call outstanding each, ${ANSWER_SECONDS} s; ${an.late} sent late because the previous answer came after the next was due), ${an.errors} CALLERRORs`,
        ],
        [
          'the same counted from when each call was due (as a charger that keeps its schedule sees it), p50 / p99 / max; answered of offered',
          `${fmt(percentile(an.fromDue, 50))} / **${fmt(percentile(an.fromDue, 99))}** / ${fmt(Math.max(...an.fromDue))} ms; ${fmt(an.sent / seconds, 0)} of ${ANSWER_RATE} messages/s`,
        ],
        ['p99 per 2 s of the run (when the call was sent)', perWindow(an.sentAfterMs, l, 2000)],
        ...(warmup
          ? [
              [
                `the ${ANSWER_WARMUP_SECONDS} s of the same load before it, from the product's start (--answer-warmup-seconds): p50 / p99; p99 per 2 s`,
                `${fmt(percentile(warmup.latencies, 50))} / ${fmt(percentile(warmup.latencies, 99))} ms; ${perWindow(warmup.sentAfterMs, warmup.latencies, 2000)}, ${warmup.errors} CALLERRORs`,
              ] as [string, string],
            ]
          : []),
        ...loopRows,
        [
          'ConnectorStatusChanged recorded',
          `${recorded - recordedBefore} of ${an.latencies.length} answered${drained ? '' : ' (NOT all within 60 s)'}`,
        ],
        ['sockets', `${sockets.open} open, ${sockets.dropped} dropped; ${gateway.connectedCount} held by the gateway`],
        ['load average (1 min) at the end', os.loadavg()[0]!.toFixed(2)],
        ['run time', `${fmt((performance.now() - benchStarted) / 1000)} s`],
      ]);
      await ask({ cmd: 'close' }, 'close');
      await subscription.stop();
      return;
    }

    if (CEILING) {
      // 5,000 chargers start a transaction (card sessions), then MeterValues every 10 s for MV_SECONDS, every reading
      // timed to the sessions read model; the other chargers only heartbeat.
      // Every charger that boots is asked its local authorisation list version and sent the list it lacks:
      // that rollout to 19,000 chargers is timed on its own, and the readings are measured once every charger is in step.
      const { LOCAL_LIST_SYNC } = await import('@evc/command-service/cards/cards.tokens');
      const listSync = app.embedded.app.get<import('@evc/command-service/cards/local-list-sync').LocalListSync>(LOCAL_LIST_SYNC);
      const rolloutStarted = performance.now();
      let listVersion = 0;
      let listHeld = 0;
      while (performance.now() - rolloutStarted < 900_000) {
        listVersion = await listSync.currentVersion();
        listHeld = [...listSync.versions().values()].filter((v) => v === listVersion).length;
        if (listHeld >= CONNECTIONS) break;
        await sleep(500);
      }
      const rollout = `${listHeld} of ${CONNECTIONS} chargers hold version ${listVersion} after ${fmt((performance.now() - rolloutStarted) / 1000)} s`;
      const start = await ask({ cmd: 'start', chargers: MV_CHARGERS }, 'start');
      await runner.waitFor(await infra.eventStore.headPosition(), 120_000);
      // --session-minutes <m>: the sessions as they stand m minutes in (6 readings a minute each, sent as past
      // readings, 60 to a MeterValues), so the readings are measured on sessions that hold hundreds already, as a
      // real network's do, not on sessions a minute old.
      if (SESSION_MINUTES > 0) {
        // The chargers were answered; their sessions must be charging on the command side before past readings count.
        const sessions = infra.documents.collection('sessions');
        for (
          const until = performance.now() + 120_000;
          (await sessions.countDocuments({ status: 'charging' })) < start.started && performance.now() < until;
        )
          await sleep(250);
      }
      const agedAt = performance.now();
      const agedWallClock = Date.now();
      const headBeforeAge = await infra.eventStore.headPosition();
      const aged =
        SESSION_MINUTES > 0 ? await ask({ cmd: 'age', chargers: MV_CHARGERS, readings: SESSION_MINUTES * 6, perMessage: 60 }, 'age') : null;
      if (aged) {
        // Answered is not yet recorded: the command side works through the backlog after the gateway's answers. Each
        // session's last past reading is 10 s before it was sent, so the backlog is in once every session shows one
        // that late (then the projections catch up with the events that recorded them).
        const cutoff = new Date(agedWallClock - 10_000).toISOString();
        const sessions = infra.documents.collection('sessions');
        for (
          const until = performance.now() + 900_000;
          (await sessions.countDocuments({ status: 'charging', lastReadingAt: { $gte: cutoff } })) < start.started &&
          performance.now() < until;
        )
          await sleep(500);
        await runner.waitFor(await infra.eventStore.headPosition(), 900_000);
      }
      const agedRow: [string, string][] = aged
        ? [
            [
              'sessions aged first (--session-minutes)',
              `${SESSION_MINUTES * 6} past readings each (${SESSION_MINUTES} minutes), ${aged.sent} MeterValues (${aged.errors} refused), sent in ${fmt(aged.ms / 1000)} s and in the read models ${fmt((performance.now() - agedAt) / 1000)} s after the first; recorded: ${await eventTypes(infra.eventStore, headBeforeAge)}`,
            ],
          ]
        : [];
      // The ageing leaves gigabytes of garbage behind it, and the collector's next limit is set from that heap: the
      // readings would be measured for their first half minute without a mark. A full collection first starts the
      // minute from the steady state's heap, with marks as often as they come there.
      gc();
      if (HEAP_DIFF) writeHeapSnapshot(`${HEAP_DIFF}-mv-start.heapsnapshot`);
      await sleep(1000);
      probingMeters = true;
      const loadBefore = os.loadavg()[0]!;
      const cpuBefore = process.cpuUsage();
      const headAtMv = await infra.eventStore.headPosition();
      const loop = watchLoop(options.trace);
      const allocations = await startAllocationProfile(options.allocProfile, options.allocPromoted);
      const mv = await profiled(() =>
        ask({ cmd: 'meter', chargers: MV_CHARGERS, intervalMs: MV_INTERVAL_MS, seconds: MV_SECONDS, probe: true }, 'meter'),
      );
      const loopRows = [...loop.stop(), ...(await allocations.stop())];
      const cpu = process.cpuUsage(cpuBefore);
      const latUntil = performance.now() + 60_000;
      while (readingSeenAt.size + readingMissing < mv.answered && performance.now() < latUntil) await sleep(200);
      await Promise.all(probes);
      const measured = mv.sendTimes.filter(([key]) => readingSeenAt.has(key));
      const lats = measured.map(([key, t]) => readingSeenAt.get(key)! - t);
      const seconds = (mv.endedAt - mv.startedAt) / 1000;
      const sockets = await ask({ cmd: 'sockets' }, 'sockets');
      gc();
      const end = process.memoryUsage();
      // The launcher's heap in the steady state: what the marker walks every few seconds.
      if (HEAP_SNAPSHOTS) writeHeapSnapshot(`${HEAP_SNAPSHOTS}-ceiling.heapsnapshot`);
      if (HEAP_DIFF) writeHeapSnapshot(`${HEAP_DIFF}-mv-end.heapsnapshot`);
      print(`The ceiling of one process: ${CONNECTIONS} chargers (embedded profile)`, [
        ...connectedRows,
        ['local authorisation list in step on every charger (asked and sent as they booted, 32 at a time)', rollout],
        [
          'chargers charging (StartTransaction answered)',
          `${start.started} of ${MV_CHARGERS} in ${fmt(start.ms / 1000)} s (${start.failed} refused); ${cards}`,
        ],
        ...agedRow,
        [
          'MeterValues → sessions.lastReadingAt, p50 / p95 / p99 / max',
          lats.length > 0
            ? `${fmt(percentile(lats, 50))} / ${fmt(percentile(lats, 95))} / **${fmt(percentile(lats, 99))}** / ${fmt(Math.max(...lats))} ms at ${fmt(mv.sent / seconds, 0)} messages/s from ${start.started} chargers every ${MV_INTERVAL_MS / 1000} s for ${MV_SECONDS} s (${lats.length} of ${mv.sent} measured, ${readingMissing} not shown), ${mv.errors} CALLERRORs, plus the heartbeats of all ${CONNECTIONS}`
            : `no reading reached the sessions read model (${readingMissing} events without it, ${mv.errors} CALLERRORs)`,
        ],
        [
          'p99 per 5 s of the run (when the reading was sent)',
          perWindow(
            measured.map(([, t]) => t - mv.startedAt),
            lats,
            5000,
          ),
        ],
        ...(options.trace
          ? [
              [
                'p99 per 1 s',
                perWindow(
                  measured.map(([, t]) => t - mv.startedAt),
                  lats,
                  1000,
                ),
              ] as [string, string],
              ...loopRows,
              ['events recorded during the readings', await eventTypes(infra.eventStore, headAtMv)] as [string, string],
            ]
          : []),
        ['sockets after the run', `${sockets.open} open, **${sockets.dropped} dropped**; ${gateway.connectedCount} held by the gateway`],
        [
          'CPU of this process during the MeterValues phase',
          `${fmt((cpu.user + cpu.system) / 1000 / seconds / 10, 0)} % of one core (load average ${loadBefore.toFixed(2)} → ${os.loadavg()[0]!.toFixed(2)})`,
        ],
        [
          'memory at the end (after GC)',
          `heap ${fmt(end.heapUsed / 2 ** 20)} MiB, RSS ${fmt(end.rss / 2 ** 20)} MiB, outside the heap in ArrayBuffers (Buffers) ${fmt(end.arrayBuffers / 2 ** 20)} MiB`,
        ],
        [
          'the charger message log at the end (in the launcher, outside its heap, bounded by OCPP_LOG_MAX_FRAMES over all chargers)',
          `${fmt(await infra.frames.size(), 0)} frames held`,
        ],
        ['run time', `${fmt((performance.now() - benchStarted) / 1000)} s`],
      ]);
      await ask({ cmd: 'close' }, 'close');
      await subscription.stop();
      return;
    }

    // --profile <file>: a CPU profile of this process over the throughput phases (c) to (g).
    const profiler = options.profile ? await startProfile() : null;
    // (c): throughput into the event store.
    const recordedBefore = recorded;
    const tp = await ask({ cmd: 'throughput', chargers: TP_CHARGERS, seconds: TP_SECONDS }, 'throughput');
    const drained = await waitRecorded(recordedBefore + tp.answered, 45_000);
    const tpRecorded = recorded - recordedBefore;
    const tpSeconds = (lastRecordedAt - tp.startedAt) / 1000;

    // (d): latency at ~LAT_RATE messages/s.
    const recordedBeforeLat = recorded;
    const lat = await ask({ cmd: 'latency', chargers: LAT_CHARGERS, rate: LAT_RATE, seconds: LAT_SECONDS }, 'latency');
    await waitRecorded(recordedBeforeLat + lat.sent - lat.errors, 30_000);
    await Promise.all(probes);
    const latencies = lat.sendTimes.flatMap(([id, t]) => (seenAt.has(id) ? [seenAt.get(id)! - t] : []));
    const latSeconds = (lat.sendTimes.at(-1)![1] - lat.sendTimes[0]![1]) / 1000;

    // (e) + (f): chargers charging, MeterValues.
    const start = await ask({ cmd: 'start', chargers: MV_CHARGERS }, 'start');
    await sleep(1000);
    const readingsBefore = readings;
    const mv = await ask({ cmd: 'meter', chargers: MV_CHARGERS, intervalMs: MV_INTERVAL_MS, seconds: MV_SECONDS, probe: false }, 'meter');
    // The command side may lag behind (a backlog of starts): wait up to 90 s, or until 10 s pass without progress.
    const mvUntil = performance.now() + 90_000;
    for (let seen = readings, quietSince = performance.now(); readings - readingsBefore < mv.answered && performance.now() < mvUntil; ) {
      await sleep(500);
      if (readings !== seen) [seen, quietSince] = [readings, performance.now()];
      else if (performance.now() - quietSince > 10_000) break;
    }
    if (profiler) await profiler.stop(options.profile!);
    const mvRecorded = readings - readingsBefore;
    const mvSeconds = (lastReadingAt - mv.startedAt) / 1000;
    const mvAnsweredRate = mv.answered / ((mv.endedAt - mv.startedAt) / 1000);
    // (h) is the latency at ~1,000 messages/s, not behind the backlog of the throughput phase: let the read side catch up.
    await runner.waitFor(await infra.eventStore.headPosition(), 120_000);
    probingMeters = true;
    const probesBefore = probes.length;
    const mvLat = await ask({ cmd: 'meter', chargers: MV_LAT_CHARGERS, intervalMs: 1000, seconds: LAT_SECONDS, probe: true }, 'meter');
    const latUntil = performance.now() + 30_000;
    while (readingSeenAt.size + readingMissing < mvLat.answered && performance.now() < latUntil) await sleep(200);
    await Promise.all(probes.slice(probesBefore));
    const mvLatencies = mvLat.sendTimes.flatMap(([key, t]) => (readingSeenAt.has(key) ? [readingSeenAt.get(key)! - t] : []));
    const mvLatRate = mvLat.sent / ((mvLat.endedAt - mvLat.startedAt) / 1000);

    await ask({ cmd: 'close' }, 'close');
    await subscription.stop();
    await sleep(500);

    const rows: [string, string][] = [
      ...connectedRows,
      [
        '(c) StatusNotification → event store, sustained',
        `${fmt(tpRecorded / tpSeconds, 0)} events/s (${tpRecorded} events from ${TP_CHARGERS} chargers, offered for ${TP_SECONDS} s, all recorded ${fmt(tpSeconds)} s after the first send${drained ? '' : ', NOT all recorded within 60 s'}); gateway answered ${fmt(tp.answered / ((tp.endedAt - tp.startedAt) / 1000), 0)}/s, ${tp.errors} CALLERRORs`,
      ],
      [
        '(d) StatusNotification → station read model, p50 / p95 / p99 / max',
        `${fmt(percentile(latencies, 50))} / ${fmt(percentile(latencies, 95))} / **${fmt(percentile(latencies, 99))}** / ${fmt(Math.max(...latencies))} ms at ${fmt(lat.sent / latSeconds, 0)} messages/s from ${LAT_CHARGERS} chargers (${latencies.length} of ${lat.sent} measured, ${mismatched} already overtaken by the next status, ${lat.errors} CALLERRORs)`,
      ],
      [
        '(e) chargers charging (StartTransaction answered)',
        `${start.started} of ${MV_CHARGERS} in ${fmt(start.ms / 1000)} s (${start.failed} refused); ${cards}`,
      ],
      [
        '(f) MeterValues answered by the gateway (published on ocpp.inbound first), sustained',
        `${fmt(mvAnsweredRate, 0)} messages/s (${mv.answered} of ${mv.sent} from ${start.started} chargers every ${MV_INTERVAL_MS} ms for ${MV_SECONDS} s, ${mv.errors} CALLERRORs)`,
      ],
      [
        '(g) MeterValues → MeterReadingRecorded in the event store',
        mvRecorded > 0
          ? `${fmt(mvRecorded / mvSeconds, 0)} events/s (${mvRecorded} events, the last recorded ${fmt(mvSeconds)} s after the first send)`
          : "pending: no MeterReadingRecorded recorded (the command side's charging consumer did not record readings for the bench chargers)",
      ],
      [
        '(h) MeterValues → sessions.lastReadingAt, p50 / p95 / p99 / max',
        mvLatencies.length > 0
          ? `${fmt(percentile(mvLatencies, 50))} / ${fmt(percentile(mvLatencies, 95))} / **${fmt(percentile(mvLatencies, 99))}** / ${fmt(Math.max(...mvLatencies))} ms at ${fmt(mvLatRate, 0)} messages/s from ${MV_LAT_CHARGERS} chargers (${mvLatencies.length} of ${mvLat.sent} measured, ${readingMissing} not shown)`
          : `pending: no reading reached the sessions read model (${readingMissing} events without it)`,
      ],
      ['run time', `${fmt((performance.now() - benchStarted) / 1000)} s`],
    ];
    print('OCPP gateway (embedded profile)', rows);
  } finally {
    load?.kill();
    clearTimeout(watchdog);
    await app.close();
  }
}

/** --trace: the events appended after `after`, by type (what else the process was doing during a phase). */
async function eventTypes(
  store: { readAll(o: { after: number; maxCount: number }): Promise<{ type: string }[]> },
  after: number,
): Promise<string> {
  const types = new Map<string, number>();
  for (const e of await store.readAll({ after, maxCount: 5_000_000 })) types.set(e.type, (types.get(e.type) ?? 0) + 1);
  return [...types]
    .sort((a, b) => b[1] - a[1])
    .map(([t, n]) => `${t} ${n}`)
    .join(', ');
}

/** The p99 of the latencies whose calls were sent in each window of `windowMs`: a warm-up or a stall shows where it is. */
function perWindow(sentAfterMs: number[], latencies: number[], windowMs: number): string {
  const windows: number[][] = [];
  sentAfterMs.forEach((at, i) => (windows[Math.floor(at / windowMs)] ??= []).push(latencies[i]!));
  return Array.from(windows, (w) => (w?.length ? fmt(percentile(w, 99), 0) : '–')).join(' · ') + ' ms';
}

if (process.env.BENCH_ROLE === 'load') await runLoad();
else if (SCENARIO === 'outsider') {
  const { runOutsider } = await import('./ocpp-outsider');
  const print = (title: string, rows: [string, string][]) =>
    process.stdout.write(`\n## ${title}\n\n| figure | result |\n|---|---|\n${rows.map(([a, b]) => `| ${a} | ${b} |`).join('\n')}\n`);
  const outsider = {
    chargers: CONNECTIONS,
    chargersPerStation: options.chargersPerStation,
    rate: ANSWER_RATE,
    seconds: ANSWER_SECONDS,
    productCpus: options.productCpus,
    productNodeOptions: options.productNodeOptions ?? '',
    productProfile: options.productProfile ?? '',
  };
  await runOutsider(outsider, fileURLToPath(import.meta.url), print);
  process.exit(0);
} else await runMain();

/** `frames` older frames in the message log, heartbeat calls and answers spread evenly over the ceiling's chargers. */
async function prefillMessageLog(log: import('@evc/platform').FrameLog, frames: number): Promise<void> {
  const started = performance.now();
  const at0 = Date.now() - 86_400_000;
  for (let done = 0; done < frames; done++) {
    const chargerId = `CP-B${String(done % CONNECTIONS).padStart(5, '0')}`;
    const connectionId = `${chargerId}-prefill`;
    const frameId = `${connectionId}-${String(done).padStart(9, '0')}`;
    const call = done % 2 === 0;
    const at = new Date(at0 + done * 10).toISOString();
    await log.append({
      frameId,
      chargerId,
      connectionId,
      direction: call ? 'in' : 'out',
      kind: call ? 'call' : 'result',
      messageId: randomUUID(),
      action: 'Heartbeat',
      payload: call ? {} : { currentTime: at },
      error: null,
      at,
    });
  }
  console.log(`message log prefilled with ${frames} frames in ${fmt((performance.now() - started) / 1000)} s`);
}
