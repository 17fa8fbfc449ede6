/**
 * The cluster adapters on real servers: Apache Kafka and the MongoDB-wire server (FerretDB), started
 * on 127.0.0.1 through startEngine() and stopped at the end. Prints one table; not a test.
 *
 *   npm run bench:engines [-- --seconds 10]   (`-- --help`: the options)
 *
 * - Kafka bus publish → consume at 1,000 and 5,000 msg/s: one publish per message (as the gateway publishes each
 *   call), acks from all in-sync replicas (the adapter's only mode); latency from the message's scheduled time to
 *   its delivery to the handler, so a publisher that falls behind shows in the figure.
 * - A charger's StatusNotification through one cluster gateway node (tests/support/cluster-gateway-node.ts) on that
 *   Kafka: 1,000 chargers, each one a second (1,000 msg/s), answered only once ocpp.inbound has it (acks=all);
 *   latency from the call's scheduled time to its answer.
 * - Read-model writes per second: the projections' kind of write (updateOne with $set, upsert) on the
 *   MongoDB-wire server through the document adapter, one at a time and 8 at a time (FerretDB on SQLite refuses
 *   some concurrent writes with SQLITE_BUSY: counted, not hidden).
 */
import { spawn } from 'node:child_process';
import { createHash, randomUUID } from 'node:crypto';
import os from 'node:os';
import path from 'node:path';
import { RPCClient } from 'ocpp-rpc';
import { createKafkaBus } from '@evc/platform/bus/index';
import { openMongoDocumentStore } from '@evc/platform/documents/index';
import { RM } from '@evc/projections';
import { startEngine, type StartedEngine } from '../support/engines';
import { ROOT, freePort } from '../support/process';
import { benchOptions } from './options';
import { fmt, percentile } from './stats';

const options = benchOptions(
  'Kafka publish to consume, a cluster gateway node answering on Kafka, read-model writes on the MongoDB-wire server',
  {
    seconds: { type: 'number', default: 10, description: 'seconds measured per figure' },
  },
);
const SECONDS = options.seconds;
const WARMUP_S = 3;
const CHARGERS = 1000;
const rows: [string, string][] = [];
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** Runs `send(i, scheduledAt)` `rate` times a second for WARMUP_S + SECONDS, in 10 ms ticks; answers the sends' count. */
async function paced(rate: number, send: (i: number, scheduledAt: number) => void): Promise<number> {
  const total = rate * (WARMUP_S + SECONDS);
  const t0 = performance.now();
  let sent = 0;
  while (sent < total) {
    const due = Math.min(total, Math.floor(((performance.now() - t0) / 1000) * rate));
    for (; sent < due; sent++) send(sent, t0 + (sent / rate) * 1000);
    await sleep(10);
  }
  return sent;
}

async function busLatency(brokers: string, rate: number): Promise<void> {
  const bus = await createKafkaBus({ brokers: [brokers], clientId: `bench-${rate}` });
  const topic = `bench-${rate}-${randomUUID().slice(0, 8)}`;
  const latencies: number[] = [];
  let received = 0;
  const measuredFrom = rate * WARMUP_S;
  const consumer = bus.subscribe<{ i: number; at: number }>({ groupId: `bench-${topic}`, topics: [topic] }, ({ value }) => {
    received++;
    if (value.i >= measuredFrom) latencies.push(performance.now() - value.at);
  });
  await consumer.ready;
  let failed = 0;
  const total = await paced(rate, (i, at) => {
    bus.publish(topic, [{ key: `charger-${i % 1000}`, value: { i, at } }]).catch(() => failed++);
  });
  for (const deadline = Date.now() + 60_000; received < total - failed && Date.now() < deadline; ) await sleep(50);
  await consumer.stop();
  await bus.close();
  const label = `Kafka bus publish → consume at ${rate.toLocaleString('en')} msg/s`;
  rows.push([
    `${label}, p50 / p99`,
    `${fmt(percentile(latencies, 50))} / ${fmt(percentile(latencies, 99))} ms (${received} of ${total} delivered, ${failed} failed)`,
  ]);
}

/** Publishes awaited one after another for SECONDS: the ceiling of one publisher whose every send waits for its acks. */
async function publishRoundTrips(brokers: string): Promise<void> {
  const bus = await createKafkaBus({ brokers: [brokers], clientId: 'bench-sequential' });
  const topic = `bench-sequential-${randomUUID().slice(0, 8)}`;
  await bus.publish(topic, [{ key: 'k', value: 0 }]);
  const times: number[] = [];
  for (const end = performance.now() + SECONDS * 1000; performance.now() < end; ) {
    const t0 = performance.now();
    await bus.publish(topic, [{ key: `charger-${times.length % 1000}`, value: times.length }]);
    times.push(performance.now() - t0);
  }
  await bus.close();
  rows.push([
    'Kafka bus publish awaited one after another (acks=all), per second; p50 / p99 of one',
    `${Math.round(times.length / SECONDS).toLocaleString('en')} /s; ${fmt(percentile(times, 50))} / ${fmt(percentile(times, 99))} ms`,
  ]);
}

async function gatewayLatency(brokers: string, mongoUrl: string): Promise<void> {
  const db = `bench_engines_${process.pid}`;
  const documents = await openMongoDocumentStore(mongoUrl, db);
  const chargers = Array.from({ length: CHARGERS }, (_, i) => ({
    id: `BENCH-KAFKA-${String(i).padStart(4, '0')}`,
    secret: `secret-${i}-${randomUUID()}`,
  }));
  for (let i = 0; i < chargers.length; i += 100) {
    await documents.collection(RM.chargerAuth).bulkWrite(
      chargers.slice(i, i + 100).map((c) => ({
        insertOne: {
          document: {
            _id: c.id,
            stationId: 'S-BENCH',
            ocppVersion: '1.6',
            deleted: false,
            secretHash: createHash('sha256').update(c.secret).digest('hex'),
          },
        },
      })),
    );
  }
  const port = await freePort();
  const child = spawn(process.execPath, ['--import', 'tsx', path.join(ROOT, 'tests/support/cluster-gateway-node.ts')], {
    cwd: ROOT,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      LOG_LEVEL: 'warn',
      ENGINE_KAFKA_BROKERS: brokers,
      ENGINE_MONGODB_URL: mongoUrl,
      ENGINE_MONGODB_DB: db,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  child.stdout.on('data', (d: Buffer) => (out += d.toString()));
  child.stderr.on('data', (d: Buffer) => (out += d.toString()));
  const clients: RPCClient[] = [];
  try {
    for (const deadline = Date.now() + 120_000; ; ) {
      try {
        const res = await fetch(`http://127.0.0.1:${port}/health`);
        if (res.ok) break;
      } catch {
        // not listening yet
      }
      if (Date.now() > deadline || child.exitCode !== null) throw new Error(`the gateway node did not start:\n${out}`);
      await sleep(200);
    }
    for (let i = 0; i < chargers.length; i += 50) {
      await Promise.all(
        chargers.slice(i, i + 50).map(async (c) => {
          // The chargers' side does not validate (strictMode off) so that the bench's CPU goes to the gateway's side.
          const client = new RPCClient({
            endpoint: `ws://127.0.0.1:${port}/ocpp`,
            identity: c.id,
            password: c.secret,
            protocols: ['ocpp1.6'],
            reconnect: false,
            strictMode: false,
          } as ConstructorParameters<typeof RPCClient>[0]);
          await client.connect();
          clients.push(client);
        }),
      );
    }
    const latencies: number[] = [];
    let errors = 0;
    const measuredFrom = CHARGERS * WARMUP_S;
    const calls: Promise<unknown>[] = [];
    const total = await paced(CHARGERS, (i, at) => {
      const client = clients[i % clients.length]!;
      const params = {
        connectorId: 1,
        errorCode: 'NoError',
        status: i % 2 === 0 ? 'Available' : 'Preparing',
        timestamp: new Date().toISOString(),
      };
      calls.push(
        client.call('StatusNotification', params, { callTimeoutMs: 30_000 }).then(
          () => void (i >= measuredFrom && latencies.push(performance.now() - at)),
          () => errors++,
        ),
      );
    });
    await Promise.all(calls);
    rows.push([
      `StatusNotification answered through a gateway on Kafka (acks=all), ${CHARGERS.toLocaleString('en')} chargers, 1,000 msg/s, p50 / p99`,
      `${fmt(percentile(latencies, 50))} / ${fmt(percentile(latencies, 99))} ms (${total} calls, ${errors} errors)`,
    ]);
  } finally {
    await Promise.all(clients.map((c) => c.close({ force: true }).catch(() => undefined)));
    child.kill('SIGTERM');
    await new Promise((r) => (child.exitCode !== null ? r(null) : child.once('exit', r)));
    await documents.dropCollection(RM.chargerAuth).catch(() => undefined);
    await documents.close();
  }
}

async function readModelWrites(mongoUrl: string, concurrency: number): Promise<void> {
  const documents = await openMongoDocumentStore(mongoUrl, `bench_writes_${process.pid}_${concurrency}`);
  const sessions = documents.collection('bench_sessions');
  const N = 2_000;
  let failed = 0;
  let reason = '';
  const write = (i: number) =>
    sessions
      .updateOne(
        { _id: `session-${i % 500}` },
        {
          $set: {
            status: i % 3 === 0 ? 'charging' : 'finished',
            energyWh: i * 7,
            costPiastres: i * 3,
            updatedAt: new Date().toISOString(),
          },
        },
        { upsert: true },
      )
      .catch((error: unknown) => {
        failed++;
        reason ||= String(error instanceof Error ? error.message : error).slice(-60);
      });
  for (let i = 0; i < 200; i++) await write(i); // warm-up
  failed = 0;
  let next = 0;
  const t0 = performance.now();
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      for (let i = next++; i < N; i = next++) await write(i);
    }),
  );
  const seconds = (performance.now() - t0) / 1000;
  rows.push([
    `Read-model writes on the MongoDB-wire server (FerretDB on SQLite; updateOne $set upsert, ${concurrency} at a time)`,
    `${Math.round((N - failed) / seconds).toLocaleString('en')} writes/s (${N} writes, ${failed} failed${failed ? `: ${reason}` : ''})`,
  ]);
  await documents.dropCollection('bench_sessions').catch(() => undefined);
  await documents.close();
}

const engines: StartedEngine[] = [];
const loadBefore = os.loadavg()[0]!;
try {
  const [kafka, mongo] = await Promise.all([startEngine('kafka'), startEngine('mongo')]);
  engines.push(kafka, mongo);
  await publishRoundTrips(kafka.url);
  await busLatency(kafka.url, 1000);
  await busLatency(kafka.url, 5000);
  await gatewayLatency(kafka.url, mongo.url);
  await readModelWrites(mongo.url, 1);
  await readModelWrites(mongo.url, 8);
} finally {
  await Promise.all(engines.map((e) => e.stop()));
}
const machine = `${os.cpus().length} × ${os.cpus()[0]?.model ?? 'cpu'}, Node ${process.version}, load average (1 min) ${loadBefore.toFixed(2)} → ${os.loadavg()[0]!.toFixed(2)}`;
console.log(`\n### Engines (${SECONDS} s measured per figure after ${WARMUP_S} s warm-up; ${machine})\n`);
console.log('| figure | value |\n|---|---|');
for (const [figure, value] of rows) console.log(`| ${figure} | ${value} |`);
process.exit(0);
