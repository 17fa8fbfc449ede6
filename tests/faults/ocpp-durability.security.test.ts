import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';

const here = dirname(fileURLToPath(import.meta.url));
const KILLS = 3;

interface Child {
  child: ChildProcess;
  baseUrl: string;
  output: () => string;
  exited: Promise<void>;
}

/** Starts charging-child.ts on `dataDir`; resolves once it serves. */
function startChild(dataDir: string, mode: 'setup' | 'run' | 'verify', gateway: 'inline' | 'process'): Promise<Child> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--import', 'tsx', join(here, 'charging-child.ts'), dataDir], {
      cwd: join(here, '..', '..'),
      env: { ...process.env, CHILD_MODE: mode, LOG_LEVEL: 'silent', OCPP_GATEWAY: gateway },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let out = '';
    const exited = new Promise<void>((r) => child.on('close', () => r()));
    const safety = setTimeout(() => child.kill('SIGKILL'), 90_000);
    void exited.then(() => clearTimeout(safety));
    child.stdout.setEncoding('utf8').on('data', (chunk: string) => {
      out += chunk;
      const ready = /^ready (\S+)$/m.exec(out);
      if (ready) resolve({ child, baseUrl: ready[1]!, output: () => out, exited });
    });
    child.stderr.setEncoding('utf8').on('data', (chunk: string) => (out += chunk));
    void exited.then(() => reject(new Error(`child (${mode}) exited before it was ready:\n${out.slice(-3000)}`)));
  });
}

/**
 * A 1.6 charger that charges in a loop (StartTransaction, MeterValues, StopTransaction) and, like a real one,
 * sends a transaction message again after a reconnect when it got no answer. Answered stops are recorded.
 */
class Charger {
  private ws: WebSocket | null = null;
  private seq = 0;
  private readonly pending = new Map<string, (answer: unknown) => void>();
  stopped = false;
  readonly answeredStops: { chargerId: string; transactionId: number }[] = [];

  constructor(
    private readonly cred: { id: string; secret: string; idTag: string },
    private baseUrl: string,
  ) {}

  retarget(baseUrl: string): void {
    this.baseUrl = baseUrl;
  }

  private connect(): Promise<void> {
    return new Promise((resolve, reject) => {
      const ws = new WebSocket(`${this.baseUrl.replace('http', 'ws')}/ocpp/${this.cred.id}`, ['ocpp1.6'], {
        headers: { authorization: `Basic ${Buffer.from(`${this.cred.id}:${this.cred.secret}`).toString('base64')}` },
      });
      ws.on('open', () => {
        this.ws = ws;
        resolve();
      });
      ws.on('message', (data) => {
        const frame = JSON.parse(data.toString()) as unknown[];
        if (frame[0] === 3 || frame[0] === 4) this.pending.get(String(frame[1]))?.(frame[0] === 3 ? frame[2] : null);
        else if (frame[0] === 2) ws.send(JSON.stringify([3, frame[1], {}]));
      });
      ws.on('close', () => {
        if (this.ws === ws) this.ws = null;
        for (const answer of this.pending.values()) answer(undefined);
      });
      ws.on('error', () => reject(new Error('connect failed')));
    });
  }

  /** Sends a call until it is answered (reconnecting as needed); the answer's payload. */
  private async call(action: string, payload: unknown): Promise<Record<string, unknown>> {
    for (;;) {
      if (this.stopped && action !== 'StopTransaction') throw new Error('stopped');
      if (!this.ws) {
        await this.connect().catch(() => new Promise((r) => setTimeout(r, 200)));
        continue;
      }
      const id = `${this.cred.id}-${++this.seq}`;
      const answer = await new Promise<unknown>((resolve) => {
        this.pending.set(id, resolve);
        this.ws!.send(JSON.stringify([2, id, action, payload]));
        setTimeout(() => resolve(undefined), 5000);
      });
      this.pending.delete(id);
      if (answer) return answer as Record<string, unknown>;
      await new Promise((r) => setTimeout(r, 100));
    }
  }

  async run(): Promise<void> {
    let meter = 0;
    while (!this.stopped) {
      const startedAt = new Date().toISOString();
      let started: Record<string, unknown>;
      try {
        started = await this.call('StartTransaction', { connectorId: 1, idTag: this.cred.idTag, meterStart: meter, timestamp: startedAt });
      } catch {
        return;
      }
      const transactionId = Number(started.transactionId);
      for (let i = 0; i < 2; i++) {
        meter += 500;
        const sampled = [{ value: String(meter), measurand: 'Energy.Active.Import.Register', unit: 'Wh' }];
        await this.call('MeterValues', {
          connectorId: 1,
          transactionId,
          meterValue: [{ timestamp: new Date().toISOString(), sampledValue: sampled }],
        }).catch(() => undefined);
      }
      meter += 500;
      await this.call('StopTransaction', {
        transactionId,
        meterStop: meter,
        timestamp: new Date().toISOString(),
        idTag: this.cred.idTag,
        reason: 'Local',
      });
      this.answeredStops.push({ chargerId: this.cred.id, transactionId });
    }
  }

  close(): void {
    this.ws?.terminate();
  }
}

/**
 * A charger message the gateway answered is durable before the answer. Chargers charge in a loop
 * while the product is killed with SIGKILL three times; after the last restart every session whose StopTransaction
 * the charger saw answered is billed.
 */
/*
 * With OCPP_GATEWAY=process (what npm start runs) the chargers are answered by the gateway's own process from
 * its own log; the launcher's SIGKILL takes the gateway process down with it (it closes on losing its launcher), and
 * the next gateway process forwards what its log still holds. The two modes are independent (their own data, ports and
 * processes), so they run side by side.
 */
describe('answered charger messages survive kill -9', () => {
  const roots: string[] = [];
  const children = new Set<Child>();
  afterAll(async () => {
    for (const c of children) c.child.kill('SIGKILL');
    await Promise.all(roots.map((root) => rm(root, { recursive: true, force: true })));
  });

  it.concurrent.each(['inline', 'process'] as const)(
    'gateway %s: bills every stop the chargers saw answered, across three hard kills',
    async (gateway) => {
      const root = await mkdtemp(join(tmpdir(), 'evc-ocpp-crash-'));
      roots.push(root);
      let current: Child;
      const start = async (dataDir: string, mode: 'setup' | 'run' | 'verify') => {
        const child = await startChild(dataDir, mode, gateway);
        children.add(child);
        void child.exited.then(() => children.delete(child));
        return child;
      };
      const dataDir = join(root, 'data');
      current = await start(dataDir, 'setup');
      const creds = JSON.parse(await readFile(join(root, 'creds.json'), 'utf8')) as { id: string; secret: string; idTag: string }[];
      const chargers = creds.map((c) => new Charger(c, current!.baseUrl));
      const running = chargers.map((c) => c.run());

      for (let kill = 0; kill < KILLS; kill++) {
        await new Promise((r) => setTimeout(r, 2500 + Math.random() * 1500));
        current.child.kill('SIGKILL');
        await current.exited;
        for (const c of chargers) c.close();
        current = await start(dataDir, 'run');
        for (const c of chargers) c.retarget(current.baseUrl);
      }
      await new Promise((r) => setTimeout(r, 2000));
      for (const c of chargers) c.stopped = true;
      await Promise.all(running);
      // One last hard kill right after the last answers: nothing may be waiting in memory only.
      current.child.kill('SIGKILL');
      await current.exited;

      const answered = chargers.flatMap((c) => c.answeredStops);
      expect(answered.length).toBeGreaterThan(20);
      await writeFile(join(root, 'answered.json'), JSON.stringify(answered));
      current = await start(dataDir, 'verify');
      await current.exited;
      const line = /^result (.+)$/m.exec(current.output());
      expect(line, current.output().slice(-2000)).not.toBeNull();
      const result = JSON.parse(line![1]!) as { answered: number; missing: unknown[] };
      expect(result.missing).toEqual([]);
      expect(result.answered).toBe(answered.length);
    },
    240_000,
  );
});
