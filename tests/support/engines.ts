import { spawn } from 'node:child_process';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { createServer } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, inject } from 'vitest';
import { ROOT } from './process';
import { dockerUnavailableReason, reportSkip } from './docker';

/** The engines a test run can start itself on 127.0.0.1 where no Docker engine answers. */
export type EngineName = 'kafka' | 'mongo';

/** What the engines' global setup hands the suites: per engine its address, or why it could not be had. */
export type EnginesInfo = { docker: true } | { docker: false; engines: Record<EngineName, { url: string } | { skip: string }> };

declare module 'vitest' {
  export interface ProvidedContext {
    /** With Docker: the suites start their own containers. */
    engines: EnginesInfo;
    /** Without Docker: where the global setup writes the EnginesInfo once the local engines have settled. */
    enginesFile: string;
  }
}

/** How long a suite waits for the global setup's engines: their start's own bound, and a margin. */
const ENGINES_WAIT_MS = 16 * 60_000;

/**
 * What the engines project's global setup hands the suites, once the engines it starts have settled (started, or
 * refused with a reason); undefined when it did not run. It starts them while other files run, so a suite may wait.
 */
export async function enginesInfo(): Promise<EnginesInfo | undefined> {
  const file = inject('enginesFile');
  if (!file) return inject('engines') as EnginesInfo | undefined;
  const until = Date.now() + ENGINES_WAIT_MS;
  for (;;) {
    const text = await readFile(file, 'utf8').catch(() => null);
    if (text !== null) return JSON.parse(text) as EnginesInfo;
    if (Date.now() > until) return undefined;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

const SCRIPTS: Record<EngineName, { script: string; prefix: string; needs: string }> = {
  kafka: { script: 'scripts/engines/kafka.sh', prefix: 'KAFKA_BROKERS=', needs: 'Java and Maven' },
  mongo: { script: 'scripts/engines/ferretdb.sh', prefix: 'MONGODB_URL=', needs: 'Go' },
};

/** A port nothing listens on now (the kernel's pick); the engine takes it a moment later. */
function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => (typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port'))));
    });
  });
}

function run(args: string[], timeoutMs: number): Promise<{ code: number | null; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    const child = spawn('bash', args, { cwd: ROOT, stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (d: Buffer) => (stdout += d.toString()));
    child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
    const timer = setTimeout(() => child.kill('SIGKILL'), timeoutMs);
    child.on('close', (code) => {
      clearTimeout(timer);
      resolve({ code, stdout, stderr });
    });
  });
}

export interface StartedEngine {
  url: string;
  stop(): Promise<void>;
}

/**
 * Starts an engine through its script in a fresh temporary folder, on free loopback ports. Rejects with the reason
 * it cannot be had (a missing toolchain, a failed fetch or build, a server that did not start).
 */
export async function startEngine(name: EngineName): Promise<StartedEngine> {
  const { script, prefix, needs } = SCRIPTS[name];
  const dir = await mkdtemp(path.join(os.tmpdir(), `evc-${name}-`));
  const ports = name === 'kafka' ? [await freePort(), await freePort()] : [await freePort()];
  const [port, ...more] = ports;
  // The first run fetches or builds the engine into .engines/ (minutes); later runs start it in seconds.
  const started = await run([script, 'start', String(port), dir, ...more.map(String)], 15 * 60_000);
  const line = started.stdout.split('\n').find((l) => l.startsWith(prefix));
  const stop = async () => {
    await run([script, 'stop', dir], 30_000);
    await rm(dir, { recursive: true, force: true });
  };
  if (started.code !== 0 || !line) {
    await stop();
    const detail = started.stderr.trim().split('\n').slice(-3).join(' | ') || `exit code ${started.code}`;
    throw new Error(started.code === 3 ? `${detail} (it needs ${needs})` : `${script} could not start it: ${detail}`);
  }
  return { url: line.slice(prefix.length).trim(), stop };
}

/**
 * Registers a suite against a real server: a testcontainers container where a Docker engine answers; otherwise the
 * engine the engines project's global setup started on 127.0.0.1; otherwise it prints why it skips and registers
 * the suite with describe.skip. `body` gets a getter for the server's address.
 */
export async function describeAgainstEngine<C extends { stop(): Promise<unknown> }>(
  suite: string,
  engine: EngineName,
  container: { start: () => Promise<C>; url: (started: C) => string },
  body: (url: () => string, server: 'container' | 'local') => void,
): Promise<void> {
  const docker = await dockerUnavailableReason();
  if (docker === null) {
    describe(`${suite} (testcontainers)`, () => {
      let started: C | undefined;
      beforeAll(async () => {
        started = await container.start();
      }, 180_000);
      afterAll(async () => {
        await started?.stop();
      });
      body(() => {
        if (!started) throw new Error(`${suite}: the container did not start`);
        return container.url(started);
      }, 'container');
    });
    return;
  }
  const info = await enginesInfo();
  const local = info && !info.docker ? info.engines[engine] : undefined;
  if (local && 'url' in local) {
    describe(`${suite} (on 127.0.0.1)`, () => body(() => local.url, 'local'));
    return;
  }
  const reason = local
    ? `${docker}, and the local ${engine} could not be had: ${local.skip}`
    : `${docker}, and the engines project's global setup did not run (run it with --project engines)`;
  reportSkip(suite, reason);
  describe.skip(suite, () =>
    body(() => {
      throw new Error(reason);
    }, 'local'),
  );
}
