import { describe, expect, it } from 'vitest';
import type { OcppFrame } from '@evc/contracts';
import type { FrameLog, FrameLogLimits } from '@evc/platform';

const T0 = Date.parse('2026-11-24T08:00:00.000Z');

/** Frames as the gateway numbers them: `<connectionId>-<sequence>`, a charger's in order of time. */
export function frames(run = Math.random().toString(36).slice(2, 8)) {
  const seq = new Map<string, number>();
  return (chargerId: string, second: number, over: Partial<OcppFrame> = {}): OcppFrame => {
    const connectionId = over.connectionId ?? `${run}-${chargerId}-c1`;
    const n = (seq.get(connectionId) ?? 0) + 1;
    seq.set(connectionId, n);
    return {
      frameId: `${connectionId}-${String(n).padStart(9, '0')}`,
      chargerId,
      connectionId,
      direction: 'in',
      kind: 'call',
      messageId: `${run}-m-${chargerId}-${n}`,
      action: 'Heartbeat',
      payload: {},
      error: null,
      at: new Date(T0 + second * 1000).toISOString(),
      ...over,
    };
  };
}
const second = (s: number) => new Date(T0 + s * 1000).toISOString();

/** Every frame a charger holds, oldest first. */
async function all(log: FrameLog, chargerId: string): Promise<OcppFrame[]> {
  const { frames: page } = await log.page(chargerId, { skip: 0, limit: 100_000 });
  return page.reverse();
}

/**
 * The message log's promises (platform/src/ports/frame-log.ts), for every adapter: `create` answers an empty log with
 * the given limits. Charger ids are unique per run (a server's store may hold an earlier run's).
 */
export function frameLogContract(name: string, factory: { create(limits: FrameLogLimits): Promise<FrameLog>; slow?: string }) {
  /** The cases of thousands of appends, skipped on a server too slow for them (its reason printed). */
  const heavy = (title: string, fn: () => Promise<void>) => {
    if (factory.slow) console.warn(`[skipped on ${name}] ${title}: ${factory.slow}`);
    it.skipIf(factory.slow !== undefined)(title, fn);
  };
  describe(`FrameLog contract: ${name}`, () => {
    const run = () => Math.random().toString(36).slice(2, 8);

    it('gives back each frame as it came, newest first, paged, with the count a charger holds', async () => {
      const r = run();
      const frame = frames(r);
      const log = await factory.create({ perCharger: 1000, total: null, minPerCharger: 10 });
      const id = `P-${r}`;
      const sent = [
        frame(id, 0, { action: 'BootNotification', payload: { chargePointVendor: 'ABB', chargePointModel: 'Terra 54' } }),
        frame(id, 1, {
          direction: 'out',
          kind: 'result',
          action: 'BootNotification',
          payload: { status: 'Accepted', interval: 60, currentTime: second(1) },
        }),
        frame(id, 2, { action: 'DataTransfer', payload: { vendorId: 'eg', data: 'محطة الشحن ✓ "quoted" \\ back' } }),
        frame(id, 3, { direction: 'out', kind: 'error', action: 'DataTransfer', payload: {}, error: 'NotImplemented: no such vendor' }),
        frame(id, 4, { kind: 'connection', action: '$disconnected', payload: null }),
      ];
      for (const f of sent) await log.append(f);
      expect(await log.page(id, { skip: 0, limit: 50 })).toEqual({ frames: [...sent].reverse(), total: 5 });
      expect(await log.page(id, { skip: 1, limit: 2 })).toEqual({ frames: [sent[3], sent[2]], total: 5 });
      expect(await log.page(id, { skip: 5, limit: 2 })).toEqual({ frames: [], total: 5 });
      expect(await log.page(`none-${r}`, { skip: 0, limit: 50 })).toEqual({ frames: [], total: 0 });
    });

    it("a frame not above its connection's newest (a redelivery) is kept once; a new connection starts its own count", async () => {
      const r = run();
      const frame = frames(r);
      const log = await factory.create({ perCharger: 1000, total: null, minPerCharger: 10 });
      const id = `D-${r}`;
      const first = Array.from({ length: 6 }, (_, i) => frame(id, i));
      for (const f of first) await log.append(f);
      for (const f of first.slice(-3)) await log.append(f);
      // The charger reconnects: its new connection numbers from 1 again, and those frames are new.
      const again = Array.from({ length: 3 }, (_, i) => frame(id, 10 + i, { connectionId: `${r}-${id}-c2` }));
      for (const f of again) await log.append(f);
      const held = await all(log, id);
      expect(held.map((f) => f.frameId)).toEqual([...first, ...again].map((f) => f.frameId));
    });

    it('without an overall bound each charger keeps its newest perCharger frames, passing it by its slack at most', async () => {
      const r = run();
      const frame = frames(r);
      const log = await factory.create({ perCharger: 40, total: null, minPerCharger: 10 });
      const ids = ['A', 'B', 'C'].map((c) => `${c}-${r}`);
      for (let s = 0; s < 100; s++) for (const id of ids) await log.append(frame(id, s));
      for (const id of ids) {
        const held = await all(log, id);
        // Trimmed once it passes 40 by a tenth (4): between 40 and 44, and they are the newest.
        expect(held.length).toBeGreaterThanOrEqual(40);
        expect(held.length).toBeLessThanOrEqual(44);
        expect(held.map((f) => f.at)).toEqual(Array.from({ length: held.length }, (_, i) => second(100 - held.length + i)));
      }
    });

    heavy('under a bound many chargers share it equally, and the log stays near the bound', async () => {
      const r = run();
      const frame = frames(r);
      const log = await factory.create({ perCharger: 1000, total: 600, minPerCharger: 5 });
      const ids = Array.from({ length: 30 }, (_, i) => `CP${i}-${r}`);
      for (let s = 0; s < 100; s++) for (const id of ids) await log.append(frame(id, s));
      // 600 shared by 30: 20 each, passed by at most a tenth; the whole log swept past 15 % over its bound.
      let total = 0;
      for (const id of ids) {
        const held = await all(log, id);
        total += held.length;
        expect(held.length).toBeGreaterThanOrEqual(20);
        expect(held.length).toBeLessThanOrEqual(22);
        expect(held.at(-1)!.at).toBe(second(99));
      }
      expect(total).toBeLessThanOrEqual(600 * 1.15);
      expect(await log.size()).toBe(total);
    });

    heavy('chargers that went quiet above their share are trimmed when new ones join, never below the least each keeps', async () => {
      const r = run();
      const frame = frames(r);
      const log = await factory.create({ perCharger: 1000, total: 400, minPerCharger: 8 });
      const old = [`OLD1-${r}`, `OLD2-${r}`];
      for (let s = 0; s < 200; s++) for (const id of old) await log.append(frame(id, s));
      expect((await log.page(old[0]!, { skip: 0, limit: 1 })).total).toBe(200);
      // 98 more join and say 30 frames each; the first two say nothing more. 400 over 100 chargers is 4 each, below the
      // least (8): the bound is 800, and the quiet two are swept down to their share once the log passes it by 15 %.
      const newcomers = Array.from({ length: 98 }, (_, i) => `NEW${i}-${r}`);
      for (let s = 0; s < 30; s++) for (const id of newcomers) await log.append(frame(id, 1000 + s));
      for (const id of old)
        await expect.poll(async () => (await log.page(id, { skip: 0, limit: 1 })).total, { timeout: 15_000 }).toBeLessThanOrEqual(12);
      let total = 0;
      for (const id of [...old, ...newcomers]) {
        const held = await all(log, id);
        total += held.length;
        expect(held.length).toBeGreaterThanOrEqual(8);
        expect(held.length).toBeLessThanOrEqual(12);
      }
      for (const id of old) expect((await all(log, id)).at(-1)!.at).toBe(second(199));
      expect(total).toBeLessThanOrEqual(800 * 1.15);
    });

    it('finds the frames of given messages across chargers and connections, oldest first', async () => {
      const r = run();
      const frame = frames(r);
      const log = await factory.create({ perCharger: 1000, total: null, minPerCharger: 10 });
      const [a, b] = [`X-${r}`, `Y-${r}`];
      // Numbered in the order they are kept, as the gateway numbers them when they pass.
      const before = frame(a, 0);
      const call = frame(a, 1, {
        action: 'StartTransaction',
        messageId: `${r}-start`,
        payload: { connectorId: 1, idTag: 'T', meterStart: 0, timestamp: second(1) },
      });
      const otherBefore = frame(b, 1);
      const answer = frame(a, 2, {
        direction: 'out',
        kind: 'result',
        action: 'StartTransaction',
        messageId: `${r}-start`,
        payload: { transactionId: 7, idTagInfo: { status: 'Accepted' } },
      });
      const other = frame(b, 3, {
        action: 'StatusNotification',
        messageId: `${r}-status`,
        payload: { connectorId: 1, status: 'Charging', errorCode: 'NoError' },
      });
      for (const f of [before, call, otherBefore, answer, other, frame(a, 4)]) await log.append(f);
      const refs = [
        { connectionId: call.connectionId, messageId: `${r}-start` },
        { connectionId: other.connectionId, messageId: `${r}-status` },
        // The same message id on another connection is another message.
        { connectionId: other.connectionId, messageId: `${r}-start` },
        { connectionId: `${r}-gone`, messageId: `${r}-start` },
      ];
      expect(await log.ofMessages(refs)).toEqual([call, answer, other]);
      expect(await log.ofMessages([])).toEqual([]);
    });
  });
}
