// Time from an append to the read model being queryable, at a steady 1,000 events/s.
import { randomUUID } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { loadConfig } from '@evc/platform/config/config';
import { openInfrastructure } from '@evc/platform/infrastructure/infrastructure';
import { setLogLevel } from '@evc/platform/logging/logger';
import { ProjectionRunner, RM, allProjections } from '@evc/projections';
import { benchOptions } from './options';
import { fmt, percentile } from './stats';

const options = benchOptions('time from an append to the read model being queryable, at a steady rate', {
  rate: { type: 'number', default: 1000, description: 'events appended per second' },
  seconds: { type: 'number', default: 5, description: 'seconds measured' },
});
const RATE = options.rate;
const SECONDS = options.seconds;

setLogLevel('warn');
const dir = await mkdtemp(path.join(os.tmpdir(), 'evc-bench-latency-'));
const infra = await openInfrastructure(loadConfig({ DATA_DIR: dir, LOG_LEVEL: 'warn' }));
const runner = new ProjectionRunner({
  eventStore: infra.eventStore,
  documents: infra.documents,
  bus: infra.bus,
  projections: allProjections(),
});
await runner.start();
const contacts = infra.documents.collection(RM.contactRequests);

const latencies: number[] = [];
const total = RATE * SECONDS;
const tickMs = 10;
const perTick = Math.max(1, Math.round((RATE * tickMs) / 1000));
let sent = 0;
const inFlight: Promise<void>[] = [];

async function one(): Promise<void> {
  const requestId = randomUUID();
  const started = performance.now();
  const result = await infra.eventStore.append(
    `contact-request-${requestId}`,
    [
      {
        eventId: randomUUID(),
        type: 'ContactRequestSubmitted',
        data: {
          requestId,
          fullName: 'Bench Mark',
          email: 'bench@example.com',
          title: 'A benchmark request title',
          type: 'inquiry',
          details: 'x',
        },
        metadata: {
          actor: { type: 'system', id: 'bench' },
          correlationId: requestId,
          causationId: requestId,
          occurredAt: new Date().toISOString(),
          reason: 'benchmark',
          schemaVersion: 1,
        },
      },
    ],
    'no_stream',
  );
  await runner.waitFor(result.position, 10_000);
  if (!(await contacts.findOne({ _id: requestId }))) throw new Error('not queryable after its position');
  latencies.push(performance.now() - started);
}

const startedAt = performance.now();
await new Promise<void>((resolve) => {
  const timer = setInterval(() => {
    for (let i = 0; i < perTick && sent < total; i++, sent++) inFlight.push(one());
    if (sent >= total) {
      clearInterval(timer);
      resolve();
    }
  }, tickMs);
});
await Promise.all(inFlight);
const elapsed = (performance.now() - startedAt) / 1000;
await runner.stop();
await infra.close();
await rm(dir, { recursive: true, force: true });

const rows = [
  ['offered rate', `${RATE} events/s for ${SECONDS} s (achieved ${fmt(total / elapsed, 0)} events/s, fsync on)`],
  ['append → read model queryable, p50', `${fmt(percentile(latencies, 50))} ms`],
  ['p95', `${fmt(percentile(latencies, 95))} ms`],
  ['p99', `${fmt(percentile(latencies, 99))} ms`],
  ['max', `${fmt(Math.max(...latencies))} ms`],
];
process.stdout.write(
  `\n## Append to read model (embedded profile)\n\n| figure | value |\n|---|---|\n${rows.map(([a, b]) => `| ${a} | ${b} |`).join('\n')}\n`,
);
