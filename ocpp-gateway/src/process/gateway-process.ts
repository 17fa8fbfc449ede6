import { fork, type ChildProcess } from 'node:child_process';
import type { IncomingMessage } from 'node:http';
import type { Socket } from 'node:net';
import path from 'node:path';
import type { Duplex } from 'node:stream';
import { fileURLToPath } from 'node:url';
import { BUS_TOPICS } from '@evc/contracts';
import type { Bus, Consumer, ConsumerOptions, DocumentStore, IncomingMessage as BusMessage } from '@evc/platform';
import { createLogger } from '@evc/platform/logging/logger';
import { heapGrowthFlags, youngGenerationFlags } from '@evc/platform/runtime/heap-growth';
import { CHARGER_AUTH_COLLECTION } from '../charger-auth';
import { LoginGate, OCPP_PATH_PREFIX, readHandshake, refuseUpgrade } from '../login-gate';
import { FORWARDED_TOPICS } from './parent-channel';
import { raisePriority } from './priority';
import { GATEWAY_OPTIONS_ENV, errorText, type FromGateway, type GatewayProcessOptions, type ToGateway } from './protocol';

const CHILD_MAIN = path.join(path.dirname(fileURLToPath(import.meta.url)), 'child-main.ts');
/** What the gateway may subscribe to on the launcher's bus: commands, authorization answers, card and login changes. */
const SUBSCRIBABLE = new Set<string>([
  BUS_TOPICS.ocppOutbound,
  BUS_TOPICS.ocppAuthorizeReplies,
  BUS_TOPICS.idTokenChanges,
  BUS_TOPICS.readModelChanged,
]);
const PUBLISHABLE = new Set<string>(FORWARDED_TOPICS);
/**
 * Of a topic the gateway reads, the messages its handlers act on; the others are settled here, without a trip to its
 * process. The read models' change notices are mostly customers' (a burst of 1,000 starts sends thousands); the
 * gateway acts only on charger_auth's (gateway.ts, revocations).
 */
const WANTED: Readonly<Record<string, (value: unknown) => boolean>> = {
  [BUS_TOPICS.readModelChanged]: (value) => (value as { collection?: unknown } | null)?.collection === CHARGER_AUTH_COLLECTION,
};
/** How long a (re)started gateway process may take to be ready. */
const START_TIMEOUT_MS = 30_000;

export interface GatewayProcessSettings extends GatewayProcessOptions {
  /** Wait before starting a gateway process again after it died (default 1 s). */
  restartDelayMs?: number;
  /**
   * A gateway process that has sent nothing for this long (it reports every second) is stuck: it is killed and
   * started again, so its chargers reconnect to one that answers (default 10 s).
   */
  unresponsiveAfterMs?: number;
  /** HEAP_GROWTH_PERCENT for the gateway's process (a V8 flag at its start; 0 or absent: V8's own). */
  heapGrowthPercent?: number;
  /**
   * OCPP_GATEWAY_PRIORITY: how many nice values ahead of the launcher the gateway's process runs (priority.ts; 0 or
   * absent: the launcher's).
   */
  priority?: number;
}

/**
 * The launcher's side of the OCPP gateway's own process (embedded profile, OCPP_GATEWAY=process): forks it, hands it
 * every charger's upgraded socket, publishes what it forwards on the launcher's bus, serves the subscriptions it
 * makes and its charger logins, and starts it again if it dies. A charger is answered by the gateway process once
 * its message is on that process's disk; a crash of either process loses nothing acknowledged (the gateway's log is
 * forwarded again at its next start).
 */
export class GatewayProcess {
  private readonly log = createLogger('ocpp-process');
  private child: ChildProcess | null = null;
  private taking = false;
  private closing: Promise<void> | null = null;
  private connected = 0;
  private memory = { heapUsed: 0, rss: 0 };
  private cpu = { userUs: 0, systemUs: 0 };
  private readonly reportWaiters: (() => void)[] = [];
  private restarts = 0;
  private readonly subscriptions = new Map<number, Consumer>();
  private readonly deliveries = new Map<number, { resolve: () => void; reject: (error: Error) => void }>();
  private nextDelivery = 1;
  private readonly counts = { delivered: 0, skipped: 0 };
  /** IPC messages each way (benchmarks: the channel's traffic per start). */
  private readonly channel = { toGateway: 0, fromGateway: 0 };
  private startedOnce: ((error?: Error) => void) | null = null;
  private readonly logins: LoginGate;
  /** When the running gateway process last sent anything; the watchdog kills one silent too long. */
  private heardAt = 0;
  private checkedAt = Date.now();
  private readonly watchdog: NodeJS.Timeout;
  private priorityRefused = false;

  constructor(
    private readonly infra: { bus: Bus; documents: DocumentStore },
    private readonly settings: GatewayProcessSettings,
  ) {
    this.logins = new LoginGate(infra.documents, undefined, settings.trustProxy);
    this.watchdog = setInterval(() => this.checkAlive(), 1000);
    this.watchdog.unref();
  }

  /** A stuck gateway process (a busy loop, SIGSTOP) holds its chargers without answering them: kill it. */
  private checkAlive(): void {
    const now = Date.now();
    // Timers run before the channel is read: after this process was itself blocked, what the gateway sent meanwhile
    // is still unread. Such a late check judges nothing.
    const late = now - this.checkedAt > 3000;
    this.checkedAt = now;
    if (late) this.heardAt = Math.max(this.heardAt, now);
    const child = this.child;
    const limit = this.settings.unresponsiveAfterMs ?? 10_000;
    if (!child || !this.taking || this.closing || Date.now() - this.heardAt <= limit) return;
    this.log.error('OCPP gateway process unresponsive; killing it', { pid: child.pid, silentForMs: Date.now() - this.heardAt });
    this.heardAt = Date.now();
    child.kill('SIGKILL');
  }

  /** Chargers the gateway process holds (as it last reported, every second). */
  get connectedCount(): number {
    return this.connected;
  }

  /** The gateway process's memory as it last reported (bytes; benchmarks: memory per charger). */
  get memoryUsage(): { heapUsed: number; rss: number } {
    return this.memory;
  }

  /** The gateway process's CPU time so far (µs), as it reports now (benchmarks: the product's CPU per start). */
  async cpuUsage(): Promise<{ userUs: number; systemUs: number }> {
    const child = this.child;
    if (!child?.connected) return this.cpu;
    const reported = new Promise<void>((resolve) => this.reportWaiters.push(resolve));
    this.send(child, { t: 'report' });
    await Promise.race([reported, new Promise((resolve) => setTimeout(resolve, 2000))]);
    return this.cpu;
  }

  /**
   * Benchmarks: starts the gateway process's CPU profiler (`file` null), or stops it and writes the profile (a
   * .cpuprofile) to `file`; resolves once done (or after 5 s).
   */
  async profile(file: string | null): Promise<void> {
    const child = this.child;
    if (!child?.connected) return;
    const done = new Promise<void>((resolve) => this.reportWaiters.push(resolve));
    this.send(child, { t: 'profile', file });
    await Promise.race([done, new Promise((resolve) => setTimeout(resolve, 5000))]);
  }

  /** The gateway process's pid while it runs (tests and benchmarks). */
  get pid(): number | null {
    return this.child?.pid ?? null;
  }

  /** How many times it was started again after dying. */
  get restartCount(): number {
    return this.restarts;
  }

  /** Messages of its subscriptions sent to the gateway process, and those settled here as none of its business. */
  get deliveryCounts(): { delivered: number; skipped: number } {
    return { ...this.counts };
  }

  /** IPC messages sent to the gateway process and received from it so far. */
  get channelCounts(): { toGateway: number; fromGateway: number } {
    return { ...this.channel };
  }

  /** Forks the gateway process; resolves once it takes chargers. */
  start(): Promise<void> {
    return new Promise<void>((resolve, reject) => {
      const timer = setTimeout(() => finish(new Error('the OCPP gateway process did not start in time')), START_TIMEOUT_MS);
      const finish = (error?: Error) => {
        clearTimeout(timer);
        this.startedOnce = null;
        if (error) reject(error);
        else resolve();
      };
      this.startedOnce = finish;
      this.spawn();
    });
  }

  private spawn(): void {
    const { restartDelayMs: _delay, unresponsiveAfterMs: _silent, heapGrowthPercent = 0, priority = 0, ...options } = this.settings;
    const child = fork(CHILD_MAIN, [], {
      execArgv: ['--import', 'tsx', ...youngGenerationFlags(), ...heapGrowthFlags(heapGrowthPercent)],
      env: { ...process.env, [GATEWAY_OPTIONS_ENV]: JSON.stringify(options) },
      stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
      serialization: 'json',
    });
    this.child = child;
    if (child.pid !== undefined) this.prioritise(child.pid, priority);
    child.on('message', (message: FromGateway) => this.onMessage(child, message));
    child.on('error', (error) => this.log.error('OCPP gateway process error', { error: String(error) }));
    child.on('exit', (code, signal) => this.onExit(child, code, signal));
  }

  /** Runs the new gateway process ahead of this one (each start: a restarted one too); says once if it may not. */
  private prioritise(pid: number, steps: number): void {
    const outcome = raisePriority(pid, steps);
    if (!('refused' in outcome) || this.priorityRefused) return;
    this.priorityRefused = true;
    this.log.info(
      "the OCPP gateway process runs at the launcher's priority: raising it needs root or CAP_SYS_NICE (OCPP_GATEWAY_PRIORITY=0 keeps it so without this note)",
      { steps, error: outcome.refused },
    );
  }

  /**
   * Takes an upgrade on /ocpp/ (answers false for other paths): decides the login here, where the read models are
   * (LoginGate, the same rules as inline), then hands the socket and the accepted login to the gateway process.
   */
  readonly upgrade = (request: IncomingMessage, socket: Duplex, head: Buffer): boolean => {
    if (!request.url?.startsWith(OCPP_PATH_PREFIX)) return false;
    if (!this.child?.connected || !this.taking) {
      refuseUpgrade(socket, 503, 'Try again later');
      return true;
    }
    const remoteAddress = (socket as Socket).remoteAddress;
    void this.logins.check(readHandshake(request, remoteAddress)).then((outcome) => {
      if (!outcome.ok) return refuseUpgrade(socket, outcome.status, outcome.message);
      const child = this.child;
      if (socket.destroyed) return;
      if (!child?.connected || !this.taking) return refuseUpgrade(socket, 503, 'Try again later');
      const message: ToGateway = {
        t: 'upgrade',
        url: request.url!,
        method: request.method ?? 'GET',
        headers: request.headers,
        head: head.toString('base64'),
        remoteAddress: remoteAddress ?? null,
        login: { protocol: outcome.protocol, session: outcome.session },
      };
      // The socket is the gateway process's from here. Sent as it is, Node would count it as a connection the child
      // holds for this server, and the server's close would wait for that child to answer for it: forever once the
      // child has exited (it drains and exits before the server closes). Without its server, it is simply handed
      // over; destroying this side's emptied socket object then lets the server count it closed.
      const handed = socket as Socket & { server: unknown };
      handed.server = null;
      child.send(message, handed, () => handed.destroy());
    });
    return true;
  };

  private send(child: ChildProcess, message: ToGateway): void {
    if (!child.connected) return;
    this.channel.toGateway++;
    child.send(message);
  }

  private onMessage(child: ChildProcess, message: FromGateway): void {
    if (child === this.child) this.heardAt = Date.now();
    this.channel.fromGateway++;
    switch (message.t) {
      case 'ready':
        this.taking = true;
        this.log.info('OCPP gateway process taking chargers', { pid: child.pid, nodeId: message.nodeId });
        this.startedOnce?.();
        return;
      case 'stats':
        this.connected = message.connected;
        this.memory = { heapUsed: message.heapUsed, rss: message.rss };
        this.cpu = { userUs: message.cpuUserUs, systemUs: message.cpuSystemUs };
        for (const wake of this.reportWaiters.splice(0)) wake();
        return;
      case 'delivered': {
        const delivery = this.deliveries.get(message.id);
        this.deliveries.delete(message.id);
        if (message.error !== undefined) delivery?.reject(new Error(message.error));
        else delivery?.resolve();
        return;
      }
      case 'publish':
        return this.answer(child, message.id, this.publish(message.batch));
      case 'post':
        return void this.publish(message.batch).catch((error: unknown) =>
          this.log.error('forwarded messages not published', { error: errorText(error) }),
        );
      case 'find':
        return this.answer(child, message.id, this.find(message.collection, message.filter));
      case 'subscribe':
        return this.answer(child, message.id, this.subscribe(child, message.sub, message.options));
      case 'unsubscribe': {
        const consumer = this.subscriptions.get(message.sub);
        this.subscriptions.delete(message.sub);
        return this.answer(child, message.id, consumer?.stop() ?? Promise.resolve());
      }
    }
  }

  /** Replies to a request of the gateway process once `work` settles (`doc` answers `find`). */
  private answer(child: ChildProcess, id: number, work: Promise<Record<string, unknown> | null | void>): void {
    void work.then(
      (doc) => this.send(child, doc === undefined ? { t: 'reply', id } : { t: 'reply', id, doc }),
      (error: unknown) => this.send(child, { t: 'reply', id, error: errorText(error) }),
    );
  }

  /** A subscription of the gateway process on the launcher's bus, its messages delivered to that process. */
  private subscribe(child: ChildProcess, sub: number, requested: ConsumerOptions): Promise<void> {
    const refused = requested.topics.find((topic) => !SUBSCRIBABLE.has(topic));
    if (refused) return Promise.reject(new Error(`the gateway may not subscribe to ${refused}`));
    // Each delivery waits for a round trip to the gateway process: one at a time per partition, a burst (5,000
    // authorization answers as 5,000 chargers start) would queue behind those trips and time out. The gateway's
    // handlers need each key's messages in order only, which the bus keeps.
    const options = { ...requested, concurrency: requested.concurrency ?? { perKey: true as const, max: 256 } };
    const consumer = this.infra.bus.subscribe(options, (delivered) =>
      WANTED[delivered.topic]?.(delivered.value) === false ? this.skip() : this.deliver(child, sub, delivered),
    );
    this.subscriptions.set(sub, consumer);
    return consumer.ready;
  }

  /** The forwarded messages on the launcher's bus, each topic's in the order they came (durable ones on disk). */
  private async publish(
    batch: readonly { topic: string; messages: { key: string; value: unknown; headers?: Record<string, string> }[] }[],
  ): Promise<void> {
    const refused = batch.find((part) => !PUBLISHABLE.has(part.topic));
    if (refused) throw new Error(`the gateway may not publish on ${refused.topic}`);
    // The batch was parsed from the channel just now and nothing else holds it: the bus may keep its values as they are.
    await Promise.all(batch.map((part) => this.infra.bus.publish(part.topic, part.messages, { handOver: true })));
  }

  /** The one read the gateway makes: a charger's login record. */
  private find(collection: string, filter: Record<string, unknown>): Promise<Record<string, unknown> | null> {
    if (collection !== CHARGER_AUTH_COLLECTION || typeof filter._id !== 'string' || Object.keys(filter).length !== 1) {
      return Promise.reject(new Error('the gateway may only read a charger login by id'));
    }
    return this.infra.documents.collection(collection).findOne({ _id: filter._id });
  }

  private skip(): Promise<void> {
    this.counts.skipped++;
    return Promise.resolve();
  }

  /** A message of the gateway's subscription, handled in its process; settles with its handler there. */
  private deliver(child: ChildProcess, sub: number, message: BusMessage): Promise<void> {
    if (this.child !== child || !child.connected) return Promise.reject(new Error('the OCPP gateway process is not running'));
    this.counts.delivered++;
    const id = this.nextDelivery++;
    return new Promise<void>((resolve, reject) => {
      this.deliveries.set(id, { resolve, reject });
      this.send(child, { t: 'deliver', sub, id, message });
    });
  }

  private onExit(child: ChildProcess, code: number | null, signal: NodeJS.Signals | null): void {
    if (this.child !== child) return;
    this.child = null;
    this.taking = false;
    this.connected = 0;
    for (const delivery of this.deliveries.values()) delivery.reject(new Error('the OCPP gateway process exited'));
    this.deliveries.clear();
    const consumers = [...this.subscriptions.values()];
    this.subscriptions.clear();
    void Promise.allSettled(consumers.map((c) => c.stop()));
    if (this.startedOnce)
      return this.startedOnce(new Error(`the OCPP gateway process exited before it was ready (code ${code}, signal ${signal})`));
    if (this.closing) return;
    const delay = this.settings.restartDelayMs ?? 1000;
    this.log.error('OCPP gateway process exited; starting it again', { code, signal, inMs: delay });
    setTimeout(() => {
      if (this.closing) return;
      this.restarts++;
      this.spawn();
    }, delay).unref();
  }

  /** Closes every charger's connection and stops the gateway process (killed if it takes over 5 s). */
  close(): Promise<void> {
    return (this.closing ??= (async () => {
      clearInterval(this.watchdog);
      const child = this.child;
      this.taking = false;
      if (!child) return;
      const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
      this.send(child, { t: 'drain' });
      const killer = setTimeout(() => child.kill('SIGKILL'), 5000);
      await exited;
      clearTimeout(killer);
    })());
  }
}
