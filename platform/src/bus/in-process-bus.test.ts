import { describe, expect, it, vi } from 'vitest';
import type { IncomingMessage } from '../ports/bus';
import { createInProcessBus } from './in-process-bus';
import { murmur2, partitionForKey } from './murmur2';

const until = async (predicate: () => boolean) => {
  for (let i = 0; i < 2000 && !predicate(); i++) await new Promise((r) => setTimeout(r, 5));
  expect(predicate()).toBe(true);
};

describe('murmur2 partitioner', () => {
  it("matches Kafka's reference values", () => {
    const enc = new TextEncoder();
    // From Kafka's UtilsTest.testMurmur2.
    expect(murmur2(enc.encode('21'))).toBe(-973932308);
    expect(murmur2(enc.encode('foobar'))).toBe(-790332482);
    expect(murmur2(enc.encode('a-little-bit-long-string'))).toBe(-985981536);
    expect(murmur2(enc.encode('a-little-bit-longer-string'))).toBe(-1486304829);
    expect(murmur2(enc.encode('lkjh234lh9fiuh90y23oiuhsafujhadof229phr9h19h89h8'))).toBe(-58897971);
    expect(murmur2(enc.encode('abc'))).toBe(479470107);
    expect(partitionForKey('21', 8)).toBe((-973932308 & 0x7fffffff) % 8);
  });

  it('partitions an ASCII key, a long one and a non-ASCII one by the hash of its UTF-8', () => {
    const enc = new TextEncoder();
    const keys = ['BENCH-00017', 'c2a1f4de-8b7e-4c1e-9a0b-7f3e2d1c0b9a', 'x'.repeat(200), 'محطة-القاهرة-1', 'CP-é', ''];
    for (const key of keys) for (const n of [1, 8, 12]) expect(partitionForKey(key, n)).toBe((murmur2(enc.encode(key)) & 0x7fffffff) % n);
    // After a long key, a short one is not read with the long one's leftover bytes.
    expect(partitionForKey('21', 1 << 30)).toBe((-973932308 & 0x7fffffff) % (1 << 30));
  });
});

describe('in-process bus specifics', () => {
  it('parses a value once for every group, frozen: no consumer can change what another one sees', async () => {
    const bus = createInProcessBus({ partitions: 1 });
    const seen: { value: { nested: { n: number }[] } }[] = [];
    const writes: string[] = [];
    const consumers = ['a', 'b'].map((groupId) =>
      bus.subscribe<{ nested: { n: number }[] }>({ groupId, topics: ['t'] }, (m) => {
        seen.push(m);
        try {
          m.value.nested[0]!.n = 2;
        } catch (error) {
          writes.push((error as Error).name);
        }
      }),
    );
    await bus.publish('t', [{ key: 'k', value: { nested: [{ n: 1 }] } }]);
    await until(() => seen.length === 2);
    expect(seen[0]!.value).toBe(seen[1]!.value);
    expect(writes).toEqual(['TypeError', 'TypeError']);
    expect(seen[1]!.value.nested[0]!.n).toBe(1);
    await Promise.all(consumers.map((c) => c.stop()));
    await bus.close();
  });

  it('delivers a handed-over value as it is, frozen, to every group, without a JSON round trip', async () => {
    const bus = createInProcessBus({ partitions: 1 });
    const seen: unknown[] = [];
    const consumers = ['a', 'b'].map((groupId) => bus.subscribe({ groupId, topics: ['t'] }, (m) => void seen.push(m.value)));
    const value = { nested: [{ n: 1 }], text: 'x' };
    const parse = vi.spyOn(JSON, 'parse');
    await bus.publish('t', [{ key: 'k', value }], { handOver: true });
    await until(() => seen.length === 2);
    expect(parse).not.toHaveBeenCalled();
    parse.mockRestore();
    expect(seen[0]).toBe(value);
    expect(seen[1]).toBe(value);
    expect(Object.isFrozen(value.nested[0])).toBe(true);
    await Promise.all(consumers.map((c) => c.stop()));
    await bus.close();
  });

  // Without time slices a charger's answer waits behind long stretches of handlers that need no I/O.
  it.each([{ perKey: false }, { perKey: true }])(
    'handlers without I/O do not hold the event loop: a timer runs while a backlog is consumed (perKey $perKey)',
    async ({ perKey }) => {
      const bus = createInProcessBus({ partitions: 1 });
      let done = 0;
      const burn = () => {
        for (const end = performance.now() + 0.5; performance.now() < end; );
      };
      const consumer = bus.subscribe({ groupId: 'g', topics: ['t'], ...(perKey ? { concurrency: { perKey: true, max: 16 } } : {}) }, () => {
        burn();
        done++;
      });
      await consumer.ready;
      await bus.publish(
        't',
        Array.from({ length: 400 }, (_, i) => ({ key: `k${i}`, value: i })),
      );
      // 400 × 0.5 ms = 200 ms of work: the timer must get its turn long before the backlog is gone.
      const doneWhenTimerRan = await new Promise<number>((resolve) => setTimeout(() => resolve(done), 0));
      expect(doneWhenTimerRan).toBeLessThan(100);
      await until(() => done === 400);
      await consumer.stop();
      await bus.close();
    },
  );

  it('consumes different partitions concurrently', async () => {
    const bus = createInProcessBus({ partitions: 8 });
    let active = 0;
    let maxActive = 0;
    let done = 0;
    const consumer = bus.subscribe({ groupId: 'g', topics: ['t'] }, async () => {
      active++;
      maxActive = Math.max(maxActive, active);
      await new Promise((r) => setTimeout(r, 2));
      active--;
      done++;
    });
    await consumer.ready;
    await bus.publish(
      't',
      Array.from({ length: 64 }, (_, i) => ({ key: `k${i}`, value: i })),
    );
    await until(() => done === 64);
    expect(maxActive).toBeGreaterThan(1);
    await bus.close();
  });

  it('drops what every group committed: a later group only sees retained messages', async () => {
    const bus = createInProcessBus({ partitions: 2 });
    const seen: number[] = [];
    await bus.subscribe<number>({ groupId: 'first', topics: ['t'] }, (m) => void seen.push(m.value)).ready;
    await bus.publish(
      't',
      Array.from({ length: 10 }, (_, i) => ({ key: `k${i}`, value: i })),
    );
    await until(() => seen.length === 10);
    const late: number[] = [];
    await bus.subscribe<number>({ groupId: 'late', topics: ['t'], fromBeginning: true }, (m) => void late.push(m.value)).ready;
    await bus.publish('t', [{ key: 'k', value: 99 }]);
    await until(() => late.length >= 1 && seen.length === 11);
    expect(late).toEqual([99]);
    await bus.close();
  });

  it('caps retention per partition for topics nobody consumes yet', async () => {
    const bus = createInProcessBus({ partitions: 1, maxRetainedPerPartition: 5 });
    await bus.publish(
      't',
      Array.from({ length: 20 }, (_, i) => ({ key: 'k', value: i })),
    );
    const got: IncomingMessage<number>[] = [];
    await bus.subscribe<number>({ groupId: 'g', topics: ['t'], fromBeginning: true }, (m) => void got.push(m)).ready;
    await until(() => got.length === 5);
    expect(got.map((m) => m.value)).toEqual([15, 16, 17, 18, 19]);
    expect(got.map((m) => m.offset)).toEqual([15, 16, 17, 18, 19]);
    await bus.close();
  });

  it('hands a partition to the remaining member when one stops, without losing messages', async () => {
    const bus = createInProcessBus({ partitions: 4 });
    const a: number[] = [];
    const b: number[] = [];
    const ca = bus.subscribe<number>({ groupId: 'g', topics: ['t'] }, (m) => void a.push(m.value));
    bus.subscribe<number>({ groupId: 'g', topics: ['t'] }, (m) => void b.push(m.value));
    await bus.publish(
      't',
      Array.from({ length: 40 }, (_, i) => ({ key: `k${i}`, value: i })),
    );
    await until(() => a.length + b.length === 40);
    await ca.stop();
    await bus.publish(
      't',
      Array.from({ length: 40 }, (_, i) => ({ key: `k${i}`, value: 40 + i })),
    );
    await until(() => b.filter((v) => v >= 40).length === 40);
    expect(a.every((v) => v < 40)).toBe(true);
    await bus.close();
  });

  it('rejects publishing after close and close waits for handlers in flight', async () => {
    const bus = createInProcessBus();
    let finished = false;
    let entered = false;
    bus.subscribe({ groupId: 'g', topics: ['t'] }, async () => {
      entered = true;
      await new Promise((r) => setTimeout(r, 30));
      finished = true;
    });
    await bus.publish('t', [{ key: 'k', value: 1 }]);
    await until(() => entered);
    await bus.close();
    expect(finished).toBe(true);
    await expect(bus.publish('t', [{ key: 'k', value: 2 }])).rejects.toThrow(/closed/);
  });
});
