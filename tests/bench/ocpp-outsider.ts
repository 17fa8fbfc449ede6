// The `outsider` scenario of bench:ocpp: the product exactly as `npm start` runs it (its own process, demo data,
// default logging), chargers registered through the staff API as an operator would, and the load in a process of
// its own that boots each charger as a real one does and then keeps a schedule: StatusNotification alternating
// Available/Preparing, one call outstanding per charger, every latency counted from when the call was due.
import { spawn, fork, type ChildProcess } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { fmt, percentile } from './stats';

export interface OutsiderOptions {
  chargers: number;
  chargersPerStation: number;
  rate: number;
  seconds: number;
}

type Ask = (message: object, done: string) => Promise<Record<string, unknown>>;

const root = fileURLToPath(new URL('../..', import.meta.url));
const ADMIN = { email: 'admin@evcharging.eg', password: 'Bench-Outsider-9x!' };

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

/** `npm start`'s command line, in a fresh data dir; resolves once it listens, with the lines it logged. */
async function startProduct(port: number, dataDir: string): Promise<{ child: ChildProcess; lines: () => number }> {
  const child = spawn(process.execPath, ['--no-memory-reducer', '--import', 'tsx', 'launcher/src/main.ts'], {
    cwd: root,
    env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, SEED_ADMIN_EMAIL: ADMIN.email, SEED_ADMIN_PASSWORD: ADMIN.password },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let lines = 0;
  let tail = '';
  const count = (chunk: Buffer) => {
    const text = chunk.toString();
    for (const c of text) if (c === '\n') lines++;
    tail = (tail + text).slice(-4000);
  };
  child.stderr!.on('data', count);
  await new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`the product did not listen within 120 s:\n${tail}`)), 120_000);
    child.stdout!.on('data', (chunk: Buffer) => {
      count(chunk);
      if (tail.includes('listening on')) {
        clearTimeout(timer);
        resolve();
      }
    });
    child.once('exit', (code) => reject(new Error(`the product exited (${code}):\n${tail}`)));
  });
  return { child, lines: () => lines };
}

async function post<T>(base: string, name: string, body: unknown, token?: string): Promise<T> {
  const res = await fetch(`${base}/api/commands/${name}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: JSON.stringify(body),
  });
  const json = (await res.json()) as T;
  if (!res.ok) throw new Error(`${name}: ${res.status} ${JSON.stringify(json)}`);
  return json;
}

/** Stations and chargers through the staff API, as the admin panel sends them; answers each charger's key. */
async function registerThroughStaffApi(base: string, options: OutsiderOptions): Promise<{ id: string; secret: string }[]> {
  const { token } = await post<{ token: string }>(base, 'auth.sign-in', { email: ADMIN.email, password: ADMIN.password, audience: 'staff', rememberMe: false });
  const creds: { id: string; secret: string }[] = [];
  const stations = Math.ceil(options.chargers / options.chargersPerStation);
  const work = Array.from({ length: stations }, (_, s) => s);
  await Promise.all(
    Array.from({ length: 8 }, async () => {
      for (let s = work.shift(); s !== undefined; s = work.shift()) {
        const stationId = `st-out-${s}`;
        await post(base, 'stations.create', {
          stationId,
          governorateId: 'eg-c',
          nameEn: `Outsider ${s}`,
          nameAr: `محطة ${s}`,
          location: { lat: 30 + (s % 50) / 100, lng: 31.2 + (s % 30) / 100 },
          addressEn: 'Ring Road',
          addressAr: 'الطريق الدائري',
        }, token);
        for (let i = s * options.chargersPerStation; i < Math.min(options.chargers, (s + 1) * options.chargersPerStation); i++) {
          const chargerId = `CP-OUT${String(i).padStart(5, '0')}`;
          const { secretKey } = await post<{ secretKey: string }>(base, 'chargers.add', {
            chargerId,
            stationId,
            serialNumber: `SN-${chargerId}`,
            model: 'Terra 54',
            vendor: 'ABB',
            ocppVersion: '1.6',
            connectors: [{ connectorId: 1, code: `${chargerId}-1`, type: 'CCS2', current: 'DC', maxPowerKw: 50 }],
          }, token);
          creds.push({ id: chargerId, secret: secretKey });
        }
      }
    }),
  );
  return creds.sort((a, b) => a.id.localeCompare(b.id));
}

export async function runOutsider(options: OutsiderOptions, loadScript: string, print: (title: string, rows: [string, string][]) => void): Promise<void> {
  const started = Date.now();
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'evc-outsider-'));
  const port = await freePort();
  const product = await startProduct(port, dataDir);
  let load: ChildProcess | null = null;
  try {
    const base = `http://127.0.0.1:${port}`;
    const registerStarted = Date.now();
    const creds = await registerThroughStaffApi(base, options);
    const registerS = (Date.now() - registerStarted) / 1000;
    const child = fork(loadScript, [], { env: { ...process.env, BENCH_ROLE: 'load' }, execArgv: process.execArgv, stdio: 'inherit' });
    load = child;
    const ask: Ask = (message, done) =>
      new Promise((resolve, reject) => {
        const onMessage = (m: Record<string, unknown>) => {
          if (m.done !== done) return;
          child.off('message', onMessage);
          resolve(m);
        };
        child.on('message', onMessage);
        child.once('exit', (code) => reject(new Error(`load generator exited (${code})`)));
        child.send(message);
      });
    const connect = await ask({ cmd: 'connect', url: base.replace('http', 'ws'), chargers: creds, boot: true }, 'connect');
    const linesBefore = product.lines();
    const an = (await ask({ cmd: 'answer', chargers: creds.length, rate: options.rate, seconds: options.seconds, prefix: 'out' }, 'answer')) as unknown as {
      sent: number; errors: number; latencies: number[]; fromDue: number[]; sentAfterMs: number[]; late: number; startedAt: number; endedAt: number;
    };
    const seconds = (an.endedAt - an.startedAt) / 1000;
    const sockets = await ask({ cmd: 'sockets' }, 'sockets');
    const perSecond = Array.from({ length: Math.ceil(options.seconds / 2) }, (_, w) => {
      const inWindow = an.fromDue.filter((_, i) => Math.floor(an.sentAfterMs[i]! / 2000) === w);
      return fmt(percentile(inWindow, 99), 0);
    }).join(' · ');
    print('StatusNotification answered, the outsider\'s way (npm start, staff API, every message a change, timed from due)', [
      ['product', `npm start's command line in its own process (embedded profile, demo data, log level info), port ${port}`],
      ['chargers', `${creds.length} registered through the staff API in ${fmt(registerS)} s (${options.chargersPerStation} a station); ${connect.connected} connected and booted in ${fmt((connect.ms as number) / 1000)} s, ${connect.failed} failed`],
      ['offered', `${options.rate}/s for ${options.seconds} s, one call outstanding per charger, Available/Preparing alternating; the schedule starts right after the boots`],
      ['answered of offered', `**${fmt(an.fromDue.length / seconds, 0)}** of ${options.rate} messages/s (${an.fromDue.length} answered, ${an.errors} CALLERRORs, ${an.late} sent late)`],
      ['from due: p50 / p95 / p99 / max', `${fmt(percentile(an.fromDue, 50))} / ${fmt(percentile(an.fromDue, 95))} / **${fmt(percentile(an.fromDue, 99))}** / ${fmt(an.fromDue.reduce((a, b) => Math.max(a, b), 0))} ms`],
      ['from sent: p50 / p99', `${fmt(percentile(an.latencies, 50))} / ${fmt(percentile(an.latencies, 99))} ms`],
      ['p99 from due per 2 s', perSecond],
      ['product log lines during the run', String(product.lines() - linesBefore)],
      ['sockets', `${sockets.open} open, ${sockets.dropped} dropped`],
      ['load average (1 min) at the end', os.loadavg()[0]!.toFixed(2)],
      ['run time', `${fmt((Date.now() - started) / 1000)} s`],
    ]);
    await ask({ cmd: 'close' }, 'close');
  } finally {
    load?.kill('SIGKILL');
    product.child.kill('SIGTERM');
    await new Promise((resolve) => product.child.once('exit', resolve));
    await rm(dataDir, { recursive: true, force: true });
  }
}
