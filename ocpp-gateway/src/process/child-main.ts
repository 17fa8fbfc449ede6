/**
 * The OCPP gateway's own process in the embedded profile, forked by the launcher (gateway-process.ts).
 * The launcher's HTTP server takes each charger's upgrade request and hands the socket over; from then on the
 * charger's frames are read, validated, written to this process's write-ahead log and answered here, on this
 * process's event loop and heap, while the launcher's read models, command handlers and HTTP API run on the other.
 */
import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import type { Socket } from 'node:net';
import type { IncomingMessage } from 'node:http';
import { BUS_TOPICS } from '@evc/contracts';
import type { Bus, Consumer } from '@evc/platform';
import { openInProcessBus } from '@evc/platform/bus/index';
import { StoreLockedError, acquireLock } from '@evc/platform/eventstore/embedded/lock-file';
import { createLogger, setLogLevel } from '@evc/platform/logging/logger';
import { startProfile } from '@evc/platform/runtime/cpu-profile';
import { OcppGateway } from '../gateway';
import { ParentChannel, GatewayProcessBus, forwardToLauncher } from './parent-channel';
import { GATEWAY_OPTIONS_ENV, type FromGateway, type GatewayProcessOptions, type ToGateway } from './protocol';

const options = JSON.parse(process.env[GATEWAY_OPTIONS_ENV] ?? 'null') as GatewayProcessOptions | null;
if (!options || !process.send) {
  process.stderr.write('the OCPP gateway process is started by the launcher (npm start), not on its own\n');
  process.exit(2);
}
setLogLevel(options.logLevel);
const log = createLogger('ocpp-process');
const send = (message: FromGateway) => {
  if (process.connected) process.send!(message);
};
const channel = new ParentChannel(send);
let gateway: OcppGateway | null = null;
let stopping: Promise<never> | null = null;
// Set as start-up reaches them; a stop during start-up closes what exists.
let local: Bus | null = null;
let forwarding: Consumer | null = null;
let unlock: (() => Promise<void>) | null = null;
let stats: NodeJS.Timeout | null = null;

const report = (connected: number) => {
  const { heapUsed, rss } = process.memoryUsage();
  const cpu = process.cpuUsage();
  send({ t: 'stats', connected, heapUsed, rss, cpuUserUs: cpu.user, cpuSystemUs: cpu.system });
};

/** The CPU profiler of this process while a benchmark asks for it (`file` null starts it, a file stops and writes it). */
let profiler: Awaited<ReturnType<typeof startProfile>> | null = null;
async function profile(file: string | null): Promise<void> {
  if (file === null) {
    profiler ??= await startProfile();
    return;
  }
  const running = profiler;
  profiler = null;
  await running?.stop(file);
}

process.on('message', (message: ToGateway, socket?: Socket) => {
  if (message.t === 'upgrade') {
    if (!socket) return;
    if (!gateway || stopping) return void socket.destroy();
    // What ws and ocpp-rpc read of the request; the launcher's server parsed it.
    const request = {
      url: message.url,
      method: message.method,
      headers: message.headers,
      socket: { remoteAddress: message.remoteAddress ?? socket.remoteAddress },
      login: message.login,
    };
    gateway.handleUpgrade(request as unknown as IncomingMessage, socket, Buffer.from(message.head, 'base64'));
  } else if (message.t === 'report') {
    report(gateway?.connectedCount ?? 0);
  } else if (message.t === 'profile') {
    void profile(message.file).then(
      () => report(gateway?.connectedCount ?? 0),
      (error: unknown) => log.error('profile failed', { error: String(error) }),
    );
  } else if (message.t === 'drain') {
    void stop(0);
  } else {
    channel.receive(message);
  }
});
// Ctrl-C in a terminal signals the launcher and this process together: the launcher drains this one (closing its
// chargers, flushing), so the signal itself is not for us. A SIGTERM aimed at this process alone stops it gracefully.
process.on('SIGINT', () => undefined);
process.on('SIGTERM', () => void stop(0));
// The launcher is gone (a crash, or killed): what chargers were told is done is on this process's disk already.
process.on('disconnect', () => {
  channel.failAll('the launcher is gone');
  void stop(0);
});

const dir = path.join(options.dataDir, 'ocpp-gateway');
await mkdir(dir, { recursive: true });
unlock = await ownLog(path.join(dir, 'bus.lock'));
local = await openInProcessBus({ dir: path.join(dir, 'bus'), durableTopics: [BUS_TOPICS.ocppInbound], fsync: options.fsync });
forwarding = forwardToLauncher(local, channel);
gateway = new OcppGateway({
  documents: channel.documents,
  bus: new GatewayProcessBus(local, channel),
  maxFrameBytes: options.maxFrameBytes,
  trustProxy: options.trustProxy,
  // The launcher decided the login before it handed the socket over (LoginGate), as fast as its read model answers.
  loginsCheckedBefore: true,
});
await gateway.ready;
stats = setInterval(() => report(gateway?.connectedCount ?? 0), 1000);
stats.unref();
send({ t: 'ready', nodeId: gateway.nodeId });
log.info('taking chargers', { pid: process.pid, nodeId: gateway.nodeId });

/**
 * Closes every charger (1001), waits (≤ 2 s) until the launcher has what they said, closes the log, exits. What the
 * launcher did not take stays in the log and goes at the next start.
 */
function stop(code: number): Promise<never> {
  return (stopping ??= (async () => {
    if (stats) clearInterval(stats);
    // Bounded: a stuck close must not keep a gateway without its launcher alive.
    setTimeout(() => process.exit(code), 5000).unref();
    try {
      await gateway?.close();
      const until = Date.now() + 2000;
      while (process.connected && channel.pending > 0 && Date.now() < until) await new Promise((r) => setTimeout(r, 20));
      await forwarding?.stop();
      await local?.close();
      await unlock?.();
    } catch (error) {
      log.error('stopping failed', { error: String(error) });
    }
    report(0);
    process.exit(code);
  })());
}

/**
 * One gateway process owns the log. A launcher killed and started again forks a new one while the old one may still
 * be closing (it exits within 5 s of losing its launcher): the new one waits for it rather than replay a log that is
 * still being written.
 */
async function ownLog(lockPath: string): Promise<() => Promise<void>> {
  for (const until = Date.now() + 15_000; ; ) {
    try {
      return await acquireLock(lockPath);
    } catch (error) {
      if (!(error instanceof StoreLockedError) || Date.now() > until) throw error;
      log.warn('the previous gateway process still holds its log; waiting', { ownerPid: error.ownerPid });
      await new Promise((r) => setTimeout(r, 200));
    }
  }
}
