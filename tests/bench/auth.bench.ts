// Sign-ins per second at the chosen argon2id cost, and p99 latency of authenticated queries, over HTTP against the
// embedded app. Bounded: about 5 s of sign-ins and 2 × 2.5 s of queries. `npm run bench:auth`.
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { randomUUID } from 'node:crypto';
import { ARGON2_OPTIONS, SeedCustomerCommand, newContext } from '@evc/command-service';
import { loadConfig } from '@evc/platform/config/config';
import { createEmbeddedApp } from '@evc/launcher';
import { setLogLevel } from '@evc/platform/logging/logger';
import { CommandBus } from '@nestjs/cqrs';
import { benchOptions } from './options';
import { fmt, percentile } from './stats';

const options = benchOptions("sign-ins per second at the argon2id cost, and authenticated queries' latency, over HTTP", {
  signinSeconds: { type: 'number', default: 5, description: 'seconds of sign-ins measured' },
  querySeconds: { type: 'number', default: 2.5, description: 'seconds of queries measured, per kind' },
  clients: { type: 'number', default: 8, description: 'concurrent HTTP clients' },
});
const SIGN_IN_SECONDS = options.signinSeconds;
const QUERY_SECONDS = options.querySeconds;
const CLIENTS = options.clients;
const ACCOUNTS = 16;
const ADMIN = { email: 'bench.admin@example.com', password: 'Heron-Quartz-57' };
const PASSWORD = 'Ibis-Lantern-47q';

setLogLevel('error');
const dir = await mkdtemp(path.join(os.tmpdir(), 'evc-bench-auth-'));
const config = loadConfig({
  DATA_DIR: dir,
  LOG_LEVEL: 'error',
  SEED_DEMO: 'false',
  SEED_ADMIN_EMAIL: ADMIN.email,
  SEED_ADMIN_PASSWORD: ADMIN.password,
});
const app = await createEmbeddedApp(config, { frontendDist: path.join(dir, 'none') });
await app.app.listen({ port: 0, host: '127.0.0.1' });
const address = app.app.getHttpServer().address();
if (!address || typeof address === 'string') throw new Error('no port');
const base = `http://127.0.0.1:${address.port}`;

const bus = app.app.get(CommandBus);
const emails = Array.from({ length: ACCOUNTS }, (_, i) => `bench.${i}@example.com`);
for (const email of emails) {
  await bus.execute(
    new SeedCustomerCommand(
      {
        accountId: randomUUID(),
        firstName: 'Bench',
        lastName: 'Customer',
        email,
        phone: '01012345678',
        gender: 'male',
        locale: 'en',
        password: PASSWORD,
      },
      newContext({ type: 'system', id: 'bench' }, 'benchmark'),
    ),
  );
}

async function signIn(email: string, password: string, audience: 'customer' | 'staff'): Promise<string> {
  const res = await fetch(`${base}/api/commands/auth.sign-in`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password, audience }),
  });
  if (res.status !== 200) throw new Error(`sign-in ${res.status}`);
  return ((await res.json()) as { token: string }).token;
}

/** `clients` loops calling `fn` until the deadline; answers each call's latency in ms. */
async function load(
  seconds: number,
  clients: number,
  fn: (client: number, i: number) => Promise<void>,
): Promise<{ latencies: number[]; elapsed: number }> {
  const latencies: number[] = [];
  const started = performance.now();
  const deadline = started + seconds * 1000;
  await Promise.all(
    Array.from({ length: clients }, async (_, client) => {
      for (let i = 0; performance.now() < deadline; i++) {
        const t = performance.now();
        await fn(client, i);
        latencies.push(performance.now() - t);
      }
    }),
  );
  return { latencies, elapsed: (performance.now() - started) / 1000 };
}

async function getOk(pathname: string, token: string): Promise<void> {
  const res = await fetch(base + pathname, { headers: { authorization: `Bearer ${token}` } });
  await res.arrayBuffer();
  if (res.status !== 200) throw new Error(`${pathname} ${res.status}`);
}

try {
  await signIn(emails[0]!, PASSWORD, 'customer'); // warm-up
  const signIns = await load(SIGN_IN_SECONDS, CLIENTS, (c, i) =>
    signIn(emails[(c * 7 + i) % ACCOUNTS]!, PASSWORD, 'customer').then(() => undefined),
  );
  const customerToken = await signIn(emails[0]!, PASSWORD, 'customer');
  const adminToken = await signIn(ADMIN.email, ADMIN.password, 'staff');
  const me = await load(QUERY_SECONDS, CLIENTS, () => getOk('/api/queries/me', customerToken));
  const admins = await load(QUERY_SECONDS, CLIENTS, () => getOk('/api/queries/admins?pageSize=20', adminToken));

  const row = (name: string, r: { latencies: number[]; elapsed: number }) =>
    `| ${name} | ${r.latencies.length} | ${fmt(r.latencies.length / r.elapsed)} | ${fmt(percentile(r.latencies, 50))} | ${fmt(percentile(r.latencies, 99))} |`;
  console.log(
    `\n### Auth benchmark (${os.cpus().length} cores, Node ${process.version}, ${CLIENTS} concurrent HTTP clients, argon2id m=${ARGON2_OPTIONS.memoryCost} KiB t=${ARGON2_OPTIONS.timeCost} p=${ARGON2_OPTIONS.parallelism}, UV_THREADPOOL_SIZE=${process.env.UV_THREADPOOL_SIZE ?? '4 (default)'})\n`,
  );
  console.log('| operation | requests | per second | p50 ms | p99 ms |');
  console.log('|---|---:|---:|---:|---:|');
  console.log(row('sign-in (argon2id verify + refresh family append + JWT)', signIns));
  console.log(row('me.get (customer token)', me));
  console.log(row('admins.list (staff token, admins.read)', admins));
} finally {
  await app.close();
  await rm(dir, { recursive: true, force: true });
}
