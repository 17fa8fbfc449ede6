import { afterEach, describe, expect, it } from 'vitest';
import { BUS_TOPICS, type OcppFrame } from '@evc/contracts';
import type { Bus, Consumer } from '@evc/platform';
import { createInProcessBus } from '@evc/platform/bus/in-process-bus';
import { createMemoryDocumentStore } from '@evc/platform/documents/index';
import { OCPP_MESSAGES, startOcppMessageLog, type MessageLogLimits } from './ocpp-consumers';

const T0 = Date.parse('2026-11-24T08:00:00.000Z');
let serial = 0;
/** A heartbeat call of `chargerId`, the n-th second after T0 (frame ids in order of time). */
const frame = (chargerId: string, second: number): OcppFrame => ({
  frameId: `f-${String(++serial).padStart(8, '0')}`,
  chargerId,
  connectionId: `c-${chargerId}`,
  direction: 'in',
  kind: 'call',
  messageId: `m-${serial}`,
  action: 'Heartbeat',
  payload: {},
  error: null,
  at: new Date(T0 + second * 1000).toISOString(),
});

describe('the charger message log keeps each charger its newest frames, within an overall bound', () => {
  let consumer: Consumer | null = null;
  afterEach(async () => {
    await consumer?.stop();
    consumer = null;
  });

  const start = (limits: Partial<MessageLogLimits>) => {
    const bus: Bus = createInProcessBus();
    const documents = createMemoryDocumentStore();
    consumer = startOcppMessageLog(bus, documents, limits);
    const log = OCPP_MESSAGES.in(documents);
    return {
      log,
      /** Publishes `perCharger` frames for each charger, one second apart, and waits until each charger's last is written. */
      async say(chargers: string[], perCharger: number, fromSecond = 0) {
        const frames = chargers.flatMap((c) => Array.from({ length: perCharger }, (_, i) => frame(c, fromSecond + i)));
        await bus.publish(BUS_TOPICS.ocppFrames, frames.map((value) => ({ key: value.chargerId, value })));
        // Partitions are consumed side by side: wait for every charger's last frame. A wait, not a time limit: 24,000
        // frames took over the poll's default second on a slow day of this machine (27 November 2026).
        const lasts = chargers.map((_, i) => frames[(i + 1) * perCharger - 1]!.frameId);
        await expect.poll(async () => (await log.countDocuments({ _id: { $in: lasts } })) === lasts.length, { timeout: 15_000 }).toBe(true);
      },
      /** Frames held per charger, and whether each one holds its newest (only older ones were dropped). */
      async held() {
        const docs = await log.find({}).toArray();
        const by = new Map<string, string[]>();
        for (const d of docs) by.set(d.chargerId, [...(by.get(d.chargerId) ?? []), d.at]);
        return by;
      },
    };
  };

  it('without an overall bound (MongoDB): each charger keeps its newest perCharger frames, however many chargers', async () => {
    const log = start({ perCharger: 40, total: null });
    await log.say(['A', 'B', 'C'], 100);
    await expect.poll(async () => [...(await log.held()).values()].map((at) => at.length)).toEqual([expect.any(Number), expect.any(Number), expect.any(Number)]);
    const held = await log.held();
    for (const [, at] of held) {
      // Trimmed once it passes 40 by a tenth: between 40 and 44, and they are the newest.
      expect(at.length).toBeGreaterThanOrEqual(40);
      expect(at.length).toBeLessThanOrEqual(44);
      expect(at.sort().at(-1)).toBe(new Date(T0 + 99_000).toISOString());
      expect(at.sort()[0]! >= new Date(T0 + (100 - at.length) * 1000).toISOString()).toBe(true);
    }
  });

  it('with a bound: many chargers share it equally, and the log stays near the bound', async () => {
    const log = start({ perCharger: 1000, total: 600, minPerCharger: 5 });
    const chargers = Array.from({ length: 30 }, (_, i) => `CP-${i}`);
    await log.say(chargers, 100);
    const held = await log.held();
    const total = [...held.values()].reduce((n, at) => n + at.length, 0);
    // 600 shared by 30: 20 each. A charger is trimmed against the share of when it was written (larger while fewer
    // chargers were known), passed by at most a tenth; the whole log is swept past 15 % over its bound.
    expect(held.size).toBe(30);
    expect(total).toBeLessThanOrEqual(600 * 1.15);
    for (const [, at] of held) {
      expect(at.length).toBeGreaterThanOrEqual(20);
      expect(at.length).toBeLessThanOrEqual(30);
      expect(at.sort().at(-1)).toBe(new Date(T0 + 99_000).toISOString());
    }
  });

  it('chargers that went quiet above their share are trimmed when new ones join, never below the least each keeps', async () => {
    const log = start({ perCharger: 1000, total: 400, minPerCharger: 8 });
    // Two chargers alone fill up to 200 each (their share of 400).
    await log.say(['OLD-1', 'OLD-2'], 200);
    expect([...(await log.held()).values()].map((at) => at.length)).toEqual([200, 200]);
    // Then 98 more join and each says 30 frames; the first two say nothing more.
    const newcomers = Array.from({ length: 98 }, (_, i) => `NEW-${i}`);
    await log.say(newcomers, 30, 1000);
    // 400 over 100 chargers is 4 each, below the least (8): the bound is 800, and the quiet two were swept down from
    // 200 to their share of when the sweep ran (it runs once the log passes its bound by 15 %).
    await expect.poll(async () => (await log.held()).get('OLD-1')?.length).toBeLessThanOrEqual(12);
    const held = await log.held();
    const total = [...held.values()].reduce((n, at) => n + at.length, 0);
    expect(total).toBeLessThanOrEqual(800 * 1.15);
    for (const c of ['OLD-1', 'OLD-2']) {
      const at = held.get(c)!.sort();
      expect(at.length).toBeGreaterThanOrEqual(8);
      expect(at.length).toBeLessThanOrEqual(12);
      expect(at.at(-1)).toBe(new Date(T0 + 199_000).toISOString());
    }
    for (const c of newcomers) {
      expect(held.get(c)!.length).toBeGreaterThanOrEqual(8);
      expect(held.get(c)!.length).toBeLessThanOrEqual(12);
    }
  });

  it('a charger with frames from before the start keeps its newest, trimmed once by time and then by the ids it came with; a redelivered frame counts once', async () => {
    const bus: Bus = createInProcessBus();
    const documents = createMemoryDocumentStore();
    const log = OCPP_MESSAGES.in(documents);
    // 50 frames written before this consumer started (a restart): it knows their count, not their ids.
    for (const f of Array.from({ length: 50 }, (_, i) => frame('P-1', i))) {
      const { payload, ...rest } = f;
      await log.insertOne({ _id: f.frameId, ...rest, payloadJson: JSON.stringify(payload) });
    }
    consumer = startOcppMessageLog(bus, documents, { perCharger: 20, total: null });
    const say = async (frames: OcppFrame[]) => {
      await bus.publish(BUS_TOPICS.ocppFrames, frames.map((value) => ({ key: value.chargerId, value })));
      const last = frames.at(-1)!.frameId;
      await expect.poll(async () => (await log.countDocuments({ _id: last })) === 1, { timeout: 10_000 }).toBe(true);
    };
    const newest = async () => (await log.find({ chargerId: 'P-1' }).toArray()).map((d) => d.at).sort();
    const later = Array.from({ length: 30 }, (_, i) => frame('P-1', 100 + i));
    await say(later);
    // The same frames again (a redelivery): replaced, not counted twice.
    await say(later.slice(-5));
    await say(Array.from({ length: 30 }, (_, i) => frame('P-1', 200 + i)));
    const at = await newest();
    // Trimmed once it passes 20 by a tenth (2): between 20 and 22 frames, the newest of all.
    expect(at.length).toBeGreaterThanOrEqual(20);
    expect(at.length).toBeLessThanOrEqual(22);
    expect(at.at(-1)).toBe(new Date(T0 + 229_000).toISOString());
    expect(at[0]! >= new Date(T0 + (230 - at.length) * 1000).toISOString()).toBe(true);
  });

  it('writes each frame as it came, whatever texts it shares with others (a reconnect, many distinct actions)', async () => {
    const bus: Bus = createInProcessBus();
    const documents = createMemoryDocumentStore();
    consumer = startOcppMessageLog(bus, documents, { perCharger: 1000, total: null });
    const log = OCPP_MESSAGES.in(documents);
    // One charger on two connections in turn, and 600 distinct actions (past the 512 kept as shared words).
    const frames = Array.from({ length: 900 }, (_, i) => ({ ...frame('R-1', i), connectionId: i < 300 || i >= 600 ? 'conn-1' : 'conn-2', action: `Action${i % 600}`, direction: i % 2 ? ('out' as const) : ('in' as const) }));
    await bus.publish(BUS_TOPICS.ocppFrames, frames.map((value) => ({ key: value.chargerId, value })));
    await expect.poll(async () => log.countDocuments({}), { timeout: 10_000 }).toBe(900);
    const docs = new Map((await log.find({}).toArray()).map((d) => [d._id, d]));
    for (const f of frames) expect(docs.get(f.frameId)).toMatchObject({ chargerId: 'R-1', connectionId: f.connectionId, action: f.action, direction: f.direction, kind: 'call' });
  });

  it('a sweep over many quiet chargers lets the event loop turn between trims (sockets are not held up)', async () => {
    const log = start({ perCharger: 1000, total: 24_000, minPerCharger: 8 });
    // 1,200 chargers fill up to their share of 24,000 (20 each)...
    const quiet = Array.from({ length: 1200 }, (_, i) => `Q-${i}`);
    await log.say(quiet, 20);
    // ...then 1,800 more join: the share falls to 8, and once the log passes its bound by 15 % the quiet ones are swept.
    const turns: number[] = [];
    let sampling = true;
    const sample = async () => {
      while (sampling) {
        turns.push(await log.log.countDocuments({ chargerId: { $in: quiet } }));
        await new Promise((r) => setImmediate(r));
      }
    };
    const sampler = sample();
    await log.say(Array.from({ length: 1800 }, (_, i) => `N-${i}`), 10, 1000);
    await expect.poll(async () => log.log.countDocuments({ chargerId: { $in: quiet } }), { timeout: 20_000 }).toBeLessThanOrEqual(1200 * 10);
    sampling = false;
    await sampler;
    // Between the turns the quiet chargers' frames went down in several steps, not all in one stretch. Without the
    // breather the count moves only between sweeps (two intermediate values); with it, 60–80 on this machine. How
    // many depends on the machine's speed (a slice is 3 ms of work: the faster the store, the fewer the steps; one
    // loaded run saw 10 or fewer), so the bound sits well below that and above what sweeps alone give.
    const during = new Set(turns.filter((n) => n < 24_000 && n > Math.min(...turns)));
    expect(during.size).toBeGreaterThan(4);
  }, 30_000);
});
