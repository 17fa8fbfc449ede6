// The `outsider` scenario of bench:ocpp: the product exactly as `npm start` runs it (its own process, demo data,
// default logging), chargers registered through the staff API as an operator would, and the load in a process of
// its own that boots each charger as a real one does and then keeps a schedule: StatusNotification alternating
// Available/Preparing, one call outstanding per charger, every latency counted from when the call was due.
import { execFileSync, spawn, fork, type ChildProcess } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { fmt, percentile } from './stats';
import type { AnswerResult } from './ocpp.bench';

export interface OutsiderOptions {
  chargers: number;
  chargersPerStation: number;
  rate: number;
  seconds: number;
  /** Cores the product may use (`taskset`), the load the others: 0 leaves both to the scheduler. */
  productCpus: number;
  /** V8/Node flags for both of the product's processes (e.g. a young generation's size), to compare. */
  productNodeOptions: string;
  /** A directory for CPU profiles of the launcher and the gateway's process, written when they stop. */
  productProfile: string;
}

/** CPU seconds (user + system) a process and its descendants have used so far, from /proc (Linux). */
function cpuSeconds(pid: number): number {
  let total = 0;
  const visit = (p: number) => {
    try {
      const stat = readFileSync(`/proc/${p}/stat`, 'utf8');
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      total += (Number(fields[11]) + Number(fields[12])) / 100;
      for (const task of readFileSync(`/proc/${p}/task/${p}/children`, 'utf8').trim().split(/\s+/).filter(Boolean)) visit(Number(task));
    } catch {
      // gone, or not Linux: counted as nothing
    }
  };
  visit(pid);
  return total;
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
async function startProduct(
  port: number,
  dataDir: string,
  { productCpus: cpus, productNodeOptions, productProfile }: OutsiderOptions,
): Promise<{ child: ChildProcess; lines: () => number }> {
  // npm start's own command line (its last step), read from package.json so the two cannot drift apart.
  const start = (JSON.parse(readFileSync(path.join(root, 'package.json'), 'utf8')) as { scripts: { start: string } }).scripts.start;
  const node = [process.execPath, ...start.split('&&').at(-1)!.trim().split(/\s+/).slice(1)];
  const [command, ...args] = cpus > 0 ? ['taskset', '-c', cpuList(0, cpus), ...node] : node;
  const child = spawn(command!, args, {
    cwd: root,
    env: {
      ...process.env,
      NODE_OPTIONS: [productNodeOptions, productProfile ? `--cpu-prof --cpu-prof-dir=${productProfile}` : ''].join(' ').trim(),
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      SEED_ADMIN_EMAIL: ADMIN.email,
      SEED_ADMIN_PASSWORD: ADMIN.password,
    },
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

const cpuList = (from: number, count: number) => Array.from({ length: count }, (_, i) => from + i).join(',');

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
  const { token } = await post<{ token: string }>(base, 'auth.sign-in', {
    email: ADMIN.email,
    password: ADMIN.password,
    audience: 'staff',
    rememberMe: false,
  });
  const creds: { id: string; secret: string }[] = [];
  const stations = Array.from({ length: Math.ceil(options.chargers / options.chargersPerStation) }, (_, s) => s);
  // The stations one after another (each also touches its governorate's stream).
  for (const s of stations) {
    await post(
      base,
      'stations.create',
      {
        stationId: `st-out-${s}`,
        governorateId: 'eg-c',
        nameEn: `Outsider ${s}`,
        nameAr: `محطة ${s}`,
        location: { lat: 30 + (s % 50) / 100, lng: 31.2 + (s % 30) / 100 },
        addressEn: 'Ring Road',
        addressAr: 'الطريق الدائري',
      },
      token,
    );
  }
  // Chargers 8 stations at a time, one after another within a station (each also touches its station's stream: a
  // staff member adding many at once to one station would get "changed by someone else" after the retries).
  const work = [...stations];
  await Promise.all(
    Array.from({ length: 8 }, async () => {
      for (let s = work.shift(); s !== undefined; s = work.shift()) {
        for (let i = s * options.chargersPerStation; i < Math.min(options.chargers, (s + 1) * options.chargersPerStation); i++) {
          const chargerId = `CP-OUT${String(i).padStart(5, '0')}`;
          const { secretKey } = await post<{ secretKey: string }>(
            base,
            'chargers.add',
            {
              chargerId,
              stationId: `st-out-${s}`,
              serialNumber: `SN-${chargerId}`,
              model: 'Terra 54',
              vendor: 'ABB',
              ocppVersion: '1.6',
              connectors: [{ connectorId: 1, code: `${chargerId}-1`, type: 'CCS2', current: 'DC', maxPowerKw: 50 }],
            },
            token,
          );
          creds.push({ id: chargerId, secret: secretKey });
        }
      }
    }),
  );
  return creds.sort((a, b) => a.id.localeCompare(b.id));
}

export async function runOutsider(
  options: OutsiderOptions,
  loadScript: string,
  print: (title: string, rows: [string, string][]) => void,
): Promise<void> {
  const started = Date.now();
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'evc-outsider-'));
  const port = await freePort();
  const product = await startProduct(port, dataDir, options);
  let load: ChildProcess | null = null;
  try {
    const base = `http://127.0.0.1:${port}`;
    const registerStarted = Date.now();
    const creds = await registerThroughStaffApi(base, options);
    const registerS = (Date.now() - registerStarted) / 1000;
    const child = fork(loadScript, [], { env: { ...process.env, BENCH_ROLE: 'load' }, execArgv: process.execArgv, stdio: 'inherit' });
    load = child;
    if (options.productCpus > 0)
      execFileSync('taskset', [
        '-a',
        '-p',
        '-c',
        cpuList(options.productCpus, Math.max(1, os.cpus().length - options.productCpus)),
        String(child.pid),
      ]);
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
    const cpuBefore = { product: cpuSeconds(product.child.pid!), load: cpuSeconds(child.pid!) };
    const an = (await ask(
      { cmd: 'answer', chargers: creds.length, rate: options.rate, seconds: options.seconds, prefix: 'out' },
      'answer',
    )) as unknown as AnswerResult;
    const seconds = (an.endedAt - an.startedAt) / 1000;
    const cpu = { product: cpuSeconds(product.child.pid!) - cpuBefore.product, load: cpuSeconds(child.pid!) - cpuBefore.load };
    const sockets = await ask({ cmd: 'sockets' }, 'sockets');
    const perSecond = Array.from({ length: Math.ceil(options.seconds / 2) }, (_, w) => {
      const inWindow = an.fromDue.filter((_, i) => Math.floor(an.sentAfterMs[i]! / 2000) === w);
      return fmt(percentile(inWindow, 99), 0);
    }).join(' · ');
    print("StatusNotification answered, the outsider's way (npm start, staff API, every message a change, timed from due)", [
      ['product', `npm start's command line in its own process (embedded profile, demo data, log level info), port ${port}`],
      [
        'chargers',
        `${creds.length} registered through the staff API in ${fmt(registerS)} s (${options.chargersPerStation} a station); ${connect.connected} connected and booted in ${fmt((connect.ms as number) / 1000)} s, ${connect.failed} failed`,
      ],
      [
        'offered',
        `${options.rate}/s for ${options.seconds} s, one call outstanding per charger, Available/Preparing alternating; the schedule starts right after the boots`,
      ],
      [
        'answered of offered',
        `**${fmt(an.fromDue.length / seconds, 0)}** of ${options.rate} messages/s (${an.fromDue.length} answered, ${an.errors} CALLERRORs, ${an.late} sent late)`,
      ],
      [
        'from due: p50 / p95 / p99 / max',
        `${fmt(percentile(an.fromDue, 50))} / ${fmt(percentile(an.fromDue, 95))} / **${fmt(percentile(an.fromDue, 99))}** / ${fmt(an.fromDue.reduce((a, b) => Math.max(a, b), 0))} ms`,
      ],
      ['from sent: p50 / p99', `${fmt(percentile(an.latencies, 50))} / ${fmt(percentile(an.latencies, 99))} ms`],
      ['p99 from due per 2 s', perSecond],
      [
        'CPU per answered message: product (launcher + gateway process) / load generator',
        `**${fmt((cpu.product / an.fromDue.length) * 1e6, 0)}** / ${fmt((cpu.load / an.fromDue.length) * 1e6, 0)} µs (${fmt(cpu.product)} / ${fmt(cpu.load)} CPU s over ${fmt(seconds)} s)`,
      ],
      [
        'cores',
        options.productCpus > 0
          ? `the product on ${options.productCpus} (taskset), the load on the rest`
          : 'shared (the scheduler decides)',
      ],
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
