// The event explorer at scale: `npm run bench:events` (--events, default 5,000,000). The log is written straight to a
// temporary embedded `events.log` in the store's own record format (encodeRecord), in position order, because 5 million
// events through the command path would take hours on this machine: it is shaped like the product's (interleaved charging
// sessions with the correlation and causation ids the contexts write, meter readings, status changes, top-ups, staff edits)
// and spread over 30 days. Then the store opens it (replay, indexes) and the explorer's search and chain builder run in
// process, as the query controller calls them. Prints figures; asserts nothing about time.
import { randomUUID } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { mkdtemp, rm, stat } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import type { EventMetadata, EventSearchQuery } from '@evc/contracts';
import { createMemoryDocumentStore } from '@evc/platform/documents/index';
import { openFileEventStore } from '@evc/platform/eventstore/embedded/index';
import { encodeRecord } from '@evc/platform/eventstore/embedded/record-codec';
import { setLogLevel } from '@evc/platform/logging/logger';
import { ActorNames } from '@evc/query-service/identity/actor-names';
import { EventChains } from '@evc/query-service/audit/event-chain';
import { EventSearch } from '@evc/query-service/audit/event-search';
import { benchOptions } from './options';
import { fmt, percentile } from './stats';
import { createRingFrameLog } from '@evc/platform/frame-log/index';

const options = benchOptions("the event explorer's search and chains over a log written straight to disk", {
  events: { type: 'number', default: 5_000_000, description: 'events in the log' },
  queries: { type: 'number', default: 200, description: 'searches timed per kind' },
  keep: { type: 'flag', description: 'keep the log directory at the end (its path is printed)' },
});
const EVENTS = options.events;
const QUERIES = options.queries;
const DAYS = 30;
const CHARGERS = 2_000;
const CUSTOMERS = 50_000;
const ACTIVE_SESSIONS = 300;
/** The session whose chain is measured: this many meter readings, so its chain holds about 1,000 events. */
const LONG_SESSION_READINGS = 975;

setLogLevel('warn');
const dir = await mkdtemp(path.join(os.tmpdir(), 'evc-bench-events-'));
const viewer = { personalData: true, contact: false, frames: false };

type Draft = {
  streamId: string;
  type: string;
  data: Record<string, unknown>;
  correlationId: string;
  causationId?: string;
  actor: EventMetadata['actor'];
  reason?: string;
};
const pick = <T>(list: readonly T[]): T => list[Math.floor(Math.random() * list.length)]!;
const chargerOf = (n: number) => `EVC-${String(n).padStart(4, '0')}-${n % 3 === 0 ? 'DC1' : 'AC1'}`;
const customerIds = Array.from({ length: CUSTOMERS }, () => randomUUID());

/** One charging session as the contexts write it (streams, correlations, causations), event after event. */
function* session(readings: number): Generator<Draft> {
  const sessionId = randomUUID();
  const customerId = pick(customerIds);
  const chargerId = chargerOf(Math.floor(Math.random() * CHARGERS));
  const connection = randomUUID().slice(0, 8);
  const customer = { type: 'customer' as const, id: customerId };
  const charger = { type: 'charger' as const, id: chargerId };
  const system = { type: 'system' as const, id: 'charging' };
  const start = randomUUID();
  const idTag = `A${customerId.replace(/-/g, '').slice(0, 19).toUpperCase()}`;
  const commandId = randomUUID();
  const at = () => new Date().toISOString();
  let message = 0;
  const frame = () => `${connection}/${++message}`;
  yield {
    streamId: `connector-${chargerId}-1`,
    type: 'ConnectorClaimed',
    data: { chargerId, connectorId: 1, sessionId, customerId, idTag, at: at() },
    correlationId: start,
    actor: customer,
  };
  yield {
    streamId: `id-token-${idTag}`,
    type: 'IdTokenSessionOpened',
    data: { idTag, sessionId, chargerId, connectorId: 1, at: at() },
    correlationId: start,
    actor: customer,
  };
  yield {
    streamId: `session-${sessionId}`,
    type: 'SessionRequested',
    data: {
      sessionId,
      customerId,
      origin: 'app',
      idTag,
      chargerId,
      stationId: `st-${chargerId.slice(4, 8)}`,
      connectorId: 1,
      connectorType: 'CCS2',
      carId: randomUUID(),
      target: { kind: 'none' },
      prices: { pricePerKwh: 375, minimumCharge: 2000, current: 'DC' },
      balanceAtStart: 50_000,
      at: at(),
    },
    correlationId: start,
    actor: customer,
  };
  yield {
    streamId: `charger-command-${commandId}`,
    type: 'ChargerCommandRequested',
    data: { commandId, chargerId, request: { action: 'RemoteStartTransaction', connectorId: 1, idTag }, sessionId, at: at() },
    correlationId: start,
    causationId: `session:${sessionId}`,
    actor: customer,
  };
  yield {
    streamId: `charger-command-${commandId}`,
    type: 'ChargerCommandSent',
    data: { commandId, chargerId, ocppAction: 'RemoteStartTransaction', protocol: 'ocpp1.6', at: at() },
    correlationId: randomUUID(),
    causationId: `charger-command:${commandId}`,
    actor: charger,
  };
  yield {
    streamId: `charger-command-${commandId}`,
    type: 'ChargerCommandAnswered',
    data: { commandId, chargerId, status: 'accepted', response: { status: 'Accepted' }, error: null, at: at() },
    correlationId: randomUUID(),
    causationId: `charger-command:${commandId}`,
    actor: charger,
  };
  yield {
    streamId: `session-${sessionId}`,
    type: 'SessionStartAccepted',
    data: { sessionId, commandId, at: at() },
    correlationId: start,
    causationId: `charger-command:${commandId}`,
    actor: charger,
    reason: 'remote start accepted',
  };
  const status = (s: string): Draft => ({
    streamId: `charger-live-${chargerId}`,
    type: 'ConnectorStatusChanged',
    data: {
      chargerId,
      connectionId: connection,
      messageId: String(message + 1),
      connectorId: 1,
      status: s.toLowerCase(),
      ocppStatus: s,
      error: null,
      at: at(),
    },
    correlationId: randomUUID(),
    causationId: frame(),
    actor: charger,
  });
  yield status('Preparing');
  const tx = String(Math.floor(Math.random() * 1e9));
  const started = randomUUID();
  const startFrame = frame();
  yield {
    streamId: `charger-tx-${chargerId}-${tx}`,
    type: 'TransactionBound',
    data: { chargerId, transactionId: tx, sessionId, at: at() },
    correlationId: started,
    causationId: startFrame,
    actor: charger,
  };
  yield {
    streamId: `session-${sessionId}`,
    type: 'SessionCharging',
    data: { sessionId, transactionId: tx, meterStartWh: 1000, startedAt: at(), at: at() },
    correlationId: started,
    causationId: startFrame,
    actor: charger,
  };
  yield status('Charging');
  let wh = 1000;
  for (let i = 0; i < readings; i++) {
    wh += 100 + Math.floor(Math.random() * 150);
    yield {
      streamId: `session-${sessionId}`,
      type: 'MeterReadingRecorded',
      data: { sessionId, transactionId: tx, timestamp: at(), energyWh: wh, powerW: 48_000, socPercent: 40 + (i % 60), at: at() },
      correlationId: randomUUID(),
      causationId: frame(),
      actor: charger,
    };
  }
  const stop = randomUUID();
  yield {
    streamId: `session-${sessionId}`,
    type: 'SessionStopRequested',
    data: { sessionId, reason: 'customer', commandId: randomUUID(), at: at() },
    correlationId: stop,
    actor: customer,
  };
  const ended = randomUUID();
  const endFrame = frame();
  const cost = Math.max(2000, Math.round(((wh - 1000) * 375) / 1000));
  yield {
    streamId: `session-${sessionId}`,
    type: 'SessionStopped',
    data: {
      sessionId,
      transactionId: tx,
      meterStopWh: wh,
      stoppedAt: at(),
      energyWh: wh - 1000,
      cost,
      reason: 'customer',
      chargerReason: 'Remote',
      at: at(),
    },
    correlationId: ended,
    causationId: endFrame,
    actor: charger,
  };
  yield {
    streamId: `wallet-${customerId}`,
    type: 'WalletDebited',
    data: {
      transactionId: `session:${sessionId}`,
      customerId,
      amount: cost,
      balanceAfter: 50_000 - cost,
      kind: 'session',
      reference: { type: 'session', id: sessionId },
      reason: 'session',
      at: at(),
    },
    correlationId: ended,
    causationId: `session:${sessionId}`,
    actor: system,
    reason: 'session',
  };
  yield {
    streamId: `session-${sessionId}`,
    type: 'SessionBilled',
    data: { sessionId, customerId, amount: cost, transactionId: `session:${sessionId}`, at: at() },
    correlationId: ended,
    causationId: `session:${sessionId}`,
    actor: system,
  };
  yield {
    streamId: `connector-${chargerId}-1`,
    type: 'ConnectorReleased',
    data: { chargerId, connectorId: 1, sessionId, at: at() },
    correlationId: ended,
    causationId: `session:${sessionId}`,
    actor: system,
  };
  yield {
    streamId: `id-token-${idTag}`,
    type: 'IdTokenSessionClosed',
    data: { idTag, sessionId, at: at() },
    correlationId: ended,
    causationId: `session:${sessionId}`,
    actor: system,
  };
  yield status('Available');
}

/** Something else that happens on the network: a top-up, a staff edit, a charger reconnecting. */
function* other(): Generator<Draft> {
  const r = Math.random();
  const customerId = pick(customerIds);
  if (r < 0.6) {
    const paymentId = randomUUID();
    const c = randomUUID();
    const amount = 10_000 + Math.floor(Math.random() * 40) * 500;
    yield {
      streamId: `payment-${paymentId}`,
      type: 'PaymentInitiated',
      data: {
        paymentId,
        customerId,
        amount,
        provider: 'paymob',
        providerRef: String(Math.floor(Math.random() * 1e9)),
        checkoutUrl: 'https://accept.paymob.com/unifiedcheckout/x',
        at: new Date().toISOString(),
      },
      correlationId: c,
      actor: { type: 'customer', id: customerId },
      reason: 'top_up',
    };
    const k = randomUUID();
    const actor = { type: 'system' as const, id: 'payments-paymob' };
    yield {
      streamId: `payment-${paymentId}`,
      type: 'PaymentCompleted',
      data: { paymentId, customerId, amount, providerTransactionId: String(Math.floor(Math.random() * 1e9)), at: new Date().toISOString() },
      correlationId: k,
      causationId: `payment:${paymentId}`,
      actor,
      reason: 'paymob callback: completed',
    };
    yield {
      streamId: `wallet-${customerId}`,
      type: 'WalletCredited',
      data: {
        transactionId: `payment:${paymentId}`,
        customerId,
        amount,
        balanceAfter: 60_000,
        kind: 'top_up',
        reference: { type: 'payment', id: paymentId },
        reason: 'top_up',
        at: new Date().toISOString(),
      },
      correlationId: k,
      causationId: `payment:${paymentId}`,
      actor,
    };
  } else if (r < 0.8) {
    const chargerId = chargerOf(Math.floor(Math.random() * CHARGERS));
    const connectionId = randomUUID().slice(0, 8);
    const charger = { type: 'charger' as const, id: chargerId };
    yield {
      streamId: `charger-live-${chargerId}`,
      type: 'ChargerDisconnected',
      data: { chargerId, connectionId: 'old', reason: Math.random() < 0.3 ? 'silent' : 'closed', at: new Date().toISOString() },
      correlationId: randomUUID(),
      actor: charger,
    };
    yield {
      streamId: `charger-live-${chargerId}`,
      type: 'ChargerConnected',
      data: { chargerId, connectionId, protocol: 'ocpp1.6', at: new Date().toISOString() },
      correlationId: randomUUID(),
      actor: charger,
    };
    yield {
      streamId: `charger-live-${chargerId}`,
      type: 'ChargerBooted',
      data: {
        chargerId,
        connectionId,
        messageId: '1',
        reason: 'PowerUp',
        vendor: 'Delta',
        model: 'DC Max 50',
        serialNumber: null,
        firmwareVersion: '2.4.1',
        iccid: null,
        imsi: null,
        at: new Date().toISOString(),
      },
      correlationId: randomUUID(),
      causationId: `${connectionId}/1`,
      actor: charger,
    };
  } else {
    const station = `st-${String(Math.floor(Math.random() * 1000)).padStart(4, '0')}`;
    yield {
      streamId: `station-${station}`,
      type: 'StationUpdated',
      data: {
        stationId: station,
        nameEn: `Station ${station}`,
        nameAr: `محطة ${station}`,
        governorateId: 'eg-c',
        location: { lat: 30.05, lng: 31.24 },
        addressEn: 'Nile Corniche, Cairo',
        addressAr: 'كورنيش النيل، القاهرة',
      },
      correlationId: randomUUID(),
      actor: { type: 'staff', id: 'admin-1' },
      reason: 'Opening hours changed',
    };
  }
}

// 1. Write the log --------------------------------------------------------------------------------------------------------
const file = path.join(dir, 'events.log');
const out = createWriteStream(file, { highWaterMark: 16 * 1024 * 1024 });
const writeStarted = performance.now();
const t0 = Date.now() - DAYS * 86_400_000;
const step = (DAYS * 86_400_000) / EVENTS;
const sampleCorrelations: string[] = [];
const long = { at: Math.floor(EVENTS / 2), sessionId: '', debitPosition: 0 };
let position = 0;
let pending: Buffer[] = [];
let pendingBytes = 0;
const streamRevisions = new Map<string, number>();
const active: Generator<Draft>[] = Array.from({ length: ACTIVE_SESSIONS }, () => session(10 + Math.floor(Math.random() * 40)));
let longSession: Generator<Draft> | null = null;

async function emit(d: Draft): Promise<void> {
  position++;
  const revision = (streamRevisions.get(d.streamId) ?? -1) + 1;
  streamRevisions.set(d.streamId, revision);
  const recordedAt = new Date(t0 + position * step).toISOString();
  const metadata: EventMetadata = {
    correlationId: d.correlationId,
    causationId: d.causationId ?? d.correlationId,
    actor: d.actor,
    occurredAt: recordedAt,
    ...(d.reason ? { reason: d.reason } : {}),
    schemaVersion: d.type === 'ConnectorStatusChanged' ? 2 : 1,
  };
  if (position % 997 === 0) sampleCorrelations.push(d.correlationId);
  if (d.type === 'WalletDebited' && (d.data.reference as { id: string }).id === long.sessionId) long.debitPosition = position;
  const buffer = encodeRecord({
    position,
    streamId: d.streamId,
    revision,
    eventId: randomUUID(),
    type: d.type,
    recordedAt,
    metadata,
    data: d.data,
  });
  pending.push(buffer);
  pendingBytes += buffer.length;
  if (pendingBytes > 8 * 1024 * 1024) {
    const chunk = Buffer.concat(pending);
    pending = [];
    pendingBytes = 0;
    if (!out.write(chunk)) await new Promise<void>((resolve) => out.once('drain', () => resolve()));
  }
}

while (position < EVENTS) {
  if (position >= long.at && !longSession) {
    longSession = session(LONG_SESSION_READINGS);
    const first = longSession.next().value as Draft;
    long.sessionId = (first.data as { sessionId: string }).sessionId;
    await emit(first);
  }
  if (longSession && position % 7 === 0) {
    const next = longSession.next();
    if (!next.done) {
      await emit(next.value);
      continue;
    }
  }
  if (Math.random() < 0.08) {
    for (const d of other()) await emit(d);
    continue;
  }
  const i = Math.floor(Math.random() * active.length);
  const next = active[i]!.next();
  if (next.done) active[i] = session(10 + Math.floor(Math.random() * 40));
  else await emit(next.value);
}
// Finish the long session if the log ended first (small --events).
if (longSession) for (let next = longSession.next(); !next.done; next = longSession.next()) await emit(next.value);
out.write(Buffer.concat(pending));
await new Promise<void>((resolve, reject) => out.end((error?: Error | null) => (error ? reject(error) : resolve())));
const writeSeconds = (performance.now() - writeStarted) / 1000;
const bytes = (await stat(file)).size;

// 2. Open it: replay, indexes ----------------------------------------------------------------------------------------------
global.gc?.();
const heapBefore = process.memoryUsage().heapUsed;
const openStarted = performance.now();
const store = await openFileEventStore({ dir, fsync: false });
const openSeconds = (performance.now() - openStarted) / 1000;
global.gc?.();
const memory = process.memoryUsage();
const head = await store.headPosition();

// 3. The explorer's queries ----------------------------------------------------------------------------------------------
const documents = createMemoryDocumentStore();
const names = new ActorNames(documents);
const search = new EventSearch(store, names);
const chains = new EventChains(store, createRingFrameLog({ perCharger: 1000, total: null, minPerCharger: 10 }), names);

async function time(
  label: string,
  runs: number,
  make: () => EventSearchQuery,
): Promise<{ label: string; p50: number; p95: number; p99: number; max: number; hits: number }> {
  const ms: number[] = [];
  let hits = 0;
  for (let i = 0; i < runs + 20; i++) {
    const q = make();
    const started = performance.now();
    const page = await search.search(q, viewer);
    const took = performance.now() - started;
    if (i >= 20) {
      ms.push(took);
      hits += page.dataList.length;
    }
  }
  return { label, p50: percentile(ms, 50), p95: percentile(ms, 95), p99: percentile(ms, 99), max: Math.max(...ms), hits: hits / runs };
}

const page = { pageSize: 50 } as const;
const dayOf = (d: number) => new Date(t0 + d * 86_400_000).toISOString();
const results = [
  await time('correlation id (random, from the whole log)', QUERIES, () => ({ ...page, correlationId: pick(sampleCorrelations) })),
  await time('stream prefix, newest page (wallet-, session-, charger-live-, payment-)', QUERIES, () => ({
    ...page,
    streamPrefix: pick(['wallet-', 'session-', 'charger-live-', 'payment-']),
  })),
  await time('stream prefix, a page at a random depth (before = random position)', QUERIES, () => ({
    ...page,
    streamPrefix: pick(['wallet-', 'session-', 'charger-live-', 'payment-']),
    before: 1 + Math.floor(Math.random() * head),
  })),
  await time('type over one day (random day and type)', QUERIES, () => {
    const d = Math.floor(Math.random() * (DAYS - 1));
    return {
      ...page,
      type: pick(['WalletDebited', 'SessionStopped', 'ConnectorStatusChanged', 'PaymentCompleted', 'ChargerBooted']),
      from: dayOf(d),
      to: dayOf(d + 1),
    };
  }),
  await time('actor (a charger) over one day, no index: bounded scan', Math.min(QUERIES, 50), () => {
    const d = Math.floor(Math.random() * (DAYS - 1));
    return { ...page, actorType: 'charger', actorId: chargerOf(Math.floor(Math.random() * CHARGERS)), from: dayOf(d), to: dayOf(d + 1) };
  }),
  await time('free text, newest (bounded scan of 20,000 events)', Math.min(QUERIES, 50), () => ({
    ...page,
    q: `EVC-${String(Math.floor(Math.random() * CHARGERS)).padStart(4, '0')}`,
  })),
];

const debit = await chains.eventAt(long.debitPosition);
const chainMs: number[] = [];
let chainSize = 0;
let frames = 0;
for (let i = 0; i < 23; i++) {
  const started = performance.now();
  const chain = await chains.build(debit!, viewer);
  if (i >= 3) chainMs.push(performance.now() - started);
  chainSize = chain.events.length;
  frames = chain.framesHidden;
}

const mb = (n: number) => `${(n / 1024 / 1024).toFixed(0)} MiB`;
console.log(`\nEvent explorer with ${head.toLocaleString('en')} events in the embedded log (${mb(bytes)}, ${DAYS} days)`);
console.log(
  `  write (direct to events.log, encodeRecord): ${writeSeconds.toFixed(1)} s; open (replay + indexes): ${openSeconds.toFixed(1)} s = ${Math.round(head / openSeconds).toLocaleString('en')} events/s`,
);
console.log(`  memory after open: heap ${mb(memory.heapUsed)} (${mb(memory.heapUsed - heapBefore)} for the store), rss ${mb(memory.rss)}`);
console.log(`\n  search (page of 50, ${QUERIES} runs after 20 warm-up)              p50      p95      p99      max   hits/page`);
for (const r of results)
  console.log(
    `  ${r.label.padEnd(66)} ${fmt(r.p50).padStart(6)} ${fmt(r.p95).padStart(8)} ${fmt(r.p99).padStart(8)} ${fmt(r.max).padStart(8)} ms ${fmt(r.hits, 0).padStart(5)}`,
  );
console.log(
  `\n  chain of a wallet debit (session with ${LONG_SESSION_READINGS} readings): ${chainSize} events (+${frames} frame references), p50 ${fmt(percentile(chainMs, 50))} ms, p99 ${fmt(percentile(chainMs, 99))} ms, max ${fmt(Math.max(...chainMs))} ms`,
);

await store.close();
if (options.keep) console.log(`  log kept in ${dir}`);
else await rm(dir, { recursive: true, force: true });
