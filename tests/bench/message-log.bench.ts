/**
 * `npm run bench:message-log [-- --chargers 19000 --charging 5000 --minutes 10]`: the charger message log of the
 * embedded profile held for longer than the ceiling's three minutes. The frames of `minutes` of
 * traffic at the ceiling (every charger's heartbeat call and answer each minute; the charging ones' MeterValues call
 * and answer every 10 s) go through the message-log consumer into the memory document store, a simulated minute at
 * a time. Printed per simulated minute: frames held, the heap after a collection and the memory outside it (Buffers); at
 * the end the consumer's CPU per frame. OCPP_LOG_MAX_FRAMES sets the bound (default 200,000, as the configuration's;
 * 10000000 shows the log without one). --frame-log documents keeps the log as the in-memory document store's
 * documents (as the embedded profile once did, and as the cluster does in MongoDB); the
 * default is the embedded profile's log outside the heap.
 * --heap-snapshots <prefix> writes heap snapshots before the first frame and after the last (<prefix>-before and
 * -after.heapsnapshot), for `tests/bench/heap-summary.ts` with the frames held as the divisor: a frame's bytes by kind.
 */
import { randomUUID } from 'node:crypto';
import { writeHeapSnapshot } from 'node:v8';
import { BUS_TOPICS, type OcppFrame } from '@evc/contracts';
import { createInProcessBus } from '@evc/platform/bus/index';
import { createMemoryDocumentStore } from '@evc/platform/documents/index';
import { createDocumentFrameLog, createRingFrameLog } from '@evc/platform/frame-log/index';
import { startOcppMessageLog } from '@evc/projections/chargers-live/ocpp-consumers';
import { fmt } from './stats';
import { benchOptions } from './options';

const options = benchOptions('the charger message log held for minutes of traffic at the ceiling: frames held, heap, CPU per frame', {
  chargers: { type: 'number', default: 19_000, description: 'chargers heard from (a heartbeat each minute)' },
  charging: { type: 'number', default: 5_000, description: 'chargers charging (MeterValues every 10 s)' },
  minutes: { type: 'number', default: 10, description: 'simulated minutes of traffic' },
  logMaxFrames: {
    type: 'number',
    default: 200_000,
    env: 'OCPP_LOG_MAX_FRAMES',
    description: "the log's bound in frames, as the product's setting",
  },
  frameLog: {
    type: 'choice',
    choices: ['ring', 'documents'],
    default: 'ring',
    description: "the embedded log outside the heap, or the document store's documents",
  },
  heapSnapshots: { type: 'string', description: 'a path prefix for heap snapshots before the first frame and after the last' },
});
const CHARGERS = options.chargers;
const CHARGING = options.charging;
const MINUTES = options.minutes;
const TOTAL = options.logMaxFrames;
const KIND = options.frameLog;
const gc = (globalThis as { gc?: () => void }).gc ?? (() => undefined);

const T0 = Date.parse('2026-11-24T08:00:00.000Z');
let serial = 0;
const connections = new Map<string, string>();
const connectionOf = (chargerId: string) => connections.get(chargerId) ?? connections.set(chargerId, randomUUID()).get(chargerId)!;
const frame = (chargerId: string, at: number, action: string, kind: 'call' | 'result', payload: unknown): OcppFrame => ({
  // As the gateway writes them: the connection's id (a UUID) and a sequence; message ids are the charger's (UUIDs).
  frameId: `${connectionOf(chargerId)}-${String(++serial).padStart(9, '0')}`,
  chargerId,
  connectionId: connectionOf(chargerId),
  direction: kind === 'call' ? 'in' : 'out',
  kind,
  messageId: randomUUID(),
  action,
  payload,
  error: null,
  at: new Date(at).toISOString(),
});
const meter = (wh: number, at: number) => ({
  connectorId: 1,
  transactionId: 1,
  meterValue: [
    {
      timestamp: new Date(at).toISOString(),
      sampledValue: [{ value: String(wh), measurand: 'Energy.Active.Import.Register', unit: 'Wh' }],
    },
  ],
});

async function main() {
  const bus = createInProcessBus();
  const limits = { perCharger: 1000, total: TOTAL, minPerCharger: 10 };
  const log = KIND === 'documents' ? createDocumentFrameLog(createMemoryDocumentStore(), limits) : createRingFrameLog(limits);
  /** Frames the consumer has written so far. */
  let written = 0;
  const consumer = startOcppMessageLog(bus, { ...log, append: (f) => log.append(f).then(() => void written++) });
  await consumer.ready;
  const ids = Array.from({ length: CHARGERS }, (_, i) => `CP-${String(i).padStart(5, '0')}`);
  gc();
  const snapshots = options.heapSnapshots;
  if (snapshots) writeHeapSnapshot(`${snapshots}-before.heapsnapshot`);
  const heapBefore = process.memoryUsage().heapUsed;
  const rows: string[] = [];
  let published = 0;
  let cpuUs = 0;
  /**
   * One simulated minute through the consumer: its CPU. The frames are this function's own, so they are garbage
   * once it returns: the heap measured after it holds what the log keeps, not the minute's input as well (before,
   * the loop's last `frames` array, 98,000 frames and their payloads, was still live when the heap was read).
   */
  async function feedMinute(minute: number): Promise<number> {
    const base = T0 + minute * 60_000;
    const frames: OcppFrame[] = [];
    for (const [i, id] of ids.entries()) {
      // Spread over the minute to the millisecond, as a live log's times are (1,630 frames a second at the ceiling).
      const at = base + (i % 60) * 1000 + (Math.floor(i / 60) % 1000);
      frames.push(
        frame(id, at, 'Heartbeat', 'call', {}),
        frame(id, at + 5, 'Heartbeat', 'result', { currentTime: new Date(at + 5).toISOString() }),
      );
      if (i < CHARGING) {
        for (let s = 0; s < 6; s++)
          frames.push(
            frame(id, at + s * 10_000 + 1, 'MeterValues', 'call', meter(minute * 3600 + s * 600, at + s * 10_000)),
            frame(id, at + s * 10_000 + 6, 'MeterValues', 'result', {}),
          );
      }
    }
    const cpu = process.cpuUsage();
    for (let at = 0; at < frames.length; at += 5000)
      await bus.publish(
        BUS_TOPICS.ocppFrames,
        frames.slice(at, at + 5000).map((value) => ({ key: value.chargerId, value })),
      );
    // Partitions are consumed side by side: the minute is in once every charger's last frame of it is.
    while (written < published + frames.length) await new Promise((r) => setTimeout(r, 50));
    const used = process.cpuUsage(cpu);
    published += frames.length;
    return used.user + used.system;
  }
  for (let minute = 0; minute < MINUTES; minute++) {
    cpuUs += await feedMinute(minute);
    gc();
    const held = await log.size();
    const memory = process.memoryUsage();
    rows.push(
      `minute ${minute + 1}: ${fmt(published, 0)} frames written, ${fmt(held, 0)} held, heap +${fmt((memory.heapUsed - heapBefore) / 2 ** 20, 0)} MiB, outside the heap ${fmt(memory.arrayBuffers / 2 ** 20, 0)} MiB`,
    );
    console.log(rows.at(-1));
  }
  console.log(
    `message log (${KIND === 'ring' ? 'outside the heap' : 'documents'}), ${CHARGERS} chargers (${CHARGING} charging), ${MINUTES} simulated minutes, bound ${TOTAL >= 10_000_000 ? 'none' : fmt(TOTAL, 0)}: ` +
      `${fmt(await log.size(), 0)} frames held of ${fmt(published, 0)} written; the consumer's CPU ${fmt(cpuUs / published, 1)} µs per frame (bus, write, trims)`,
  );
  if (snapshots) {
    gc();
    writeHeapSnapshot(`${snapshots}-after.heapsnapshot`);
    console.log(`heap snapshots: ${snapshots}-before / -after.heapsnapshot (divide by the ${fmt(await log.size(), 0)} frames held)`);
  }
  await consumer.stop();
}

main().then(
  () => process.exit(0),
  (error: unknown) => {
    console.error(error);
    process.exit(1);
  },
);
