import { afterAll, beforeAll, describe, expect, it as vitestIt } from 'vitest';
import type { Bus, Consumer, ConsumerOptions, IncomingMessage, MessageHandler } from '@evc/platform/ports/bus';
import { partitionForKey } from '@evc/platform/bus/murmur2';
import { deferred, waitFor } from './bus.support';

export interface BusContractOptions {
  /** Creates the adapter under test; it must retry failed handlers after a short delay (≤ 100 ms). */
  create: () => Promise<Bus>;
  /** Upper bound for one wait (Kafka group joins are slow). */
  timeoutMs?: number;
}

type Value = { seq: number; note?: string };

let run = 0;
/** Fresh topic/group names per test, so one broker (and one bus) can serve the whole suite. */
const unique = (what: string) => `contract.${what}.${process.pid}.${Date.now().toString(36)}.${++run}`;

type Subscribe = <T>(o: ConsumerOptions, handler: MessageHandler<T>) => Promise<Consumer>;

let quieted = 0;
let loud: typeof console.error = console.error;
/** Silences console.error (the adapters log each failing handler) until the returned function is called; nests. */
function quietErrors(): () => void {
  if (quieted++ === 0) {
    loud = console.error;
    console.error = () => undefined;
  }
  return () => {
    if (--quieted === 0) console.error = loud;
  };
}

/**
 * The same suite for every Bus adapter. Each test has its own topics and groups and stops its own consumers, so the
 * tests run at once: with Kafka most of a test is waiting for group joins and fetches.
 */
export function busContract(name: string, options: BusContractOptions): void {
  const timeout = options.timeoutMs ?? 10_000;

  describe(`Bus contract: ${name}`, () => {
    let bus: Bus;
    // A test may wait several times (joins, then deliveries); give it room beyond one wait.
    const it = (title: string, fn: (t: { subscribe: Subscribe }) => Promise<void>) =>
      vitestIt.concurrent(
        title,
        async () => {
          const consumers: Consumer[] = [];
          const subscribe: Subscribe = async (o, handler) => {
            const consumer = bus.subscribe(o, handler);
            consumers.push(consumer);
            await consumer.ready;
            return consumer;
          };
          try {
            await fn({ subscribe });
          } finally {
            await Promise.all(consumers.map((c) => c.stop()));
          }
        },
        timeout * 3,
      );
    /** Handler that records what it receives. */
    const recorder = () => {
      const seen: IncomingMessage<Value>[] = [];
      return { seen, handler: (m: IncomingMessage<Value>) => void seen.push(m) };
    };

    beforeAll(async () => {
      bus = await options.create();
    });
    afterAll(async () => {
      await bus?.close();
    });

    for (const concurrency of [undefined, { perKey: true as const, max: 8 }]) {
      it(`delivers each key in order while many keys are published and consumed concurrently${concurrency ? ' (concurrency.perKey)' : ''}`, async ({
        subscribe,
      }) => {
        const topic = unique('order');
        const perKey = new Map<string, number[]>();
        await subscribe<Value>({ groupId: unique('g'), topics: [topic], ...(concurrency ? { concurrency } : {}) }, async (m) => {
          // Random asynchronous pauses let handlers of different partitions overlap.
          if (m.value.seq % 7 === 0) await new Promise((r) => setTimeout(r, Math.random() * 2));
          else if (m.value.seq % 3 === 0) await Promise.resolve();
          const list = perKey.get(m.key) ?? [];
          list.push(m.value.seq);
          perKey.set(m.key, list);
        });
        const keys = Array.from({ length: 40 }, (_, i) => `charger-${i}`);
        const perKeyCount = 50;
        // Each publisher owns some keys and publishes them in sequence; publishers run concurrently.
        await Promise.all(
          Array.from({ length: 8 }, async (_, w) => {
            const mine = keys.filter((_, i) => i % 8 === w);
            for (let seq = 0; seq < perKeyCount; seq += 10) {
              const batch = mine.flatMap((key) => Array.from({ length: 10 }, (_, j) => ({ key, value: { seq: seq + j } satisfies Value })));
              await bus.publish(topic, batch);
            }
          }),
        );
        const expected = Array.from({ length: perKeyCount }, (_, i) => i);
        await waitFor(() => [...perKey.values()].reduce((n, l) => n + l.length, 0) >= keys.length * perKeyCount, 'all messages', timeout);
        for (const key of keys) expect(perKey.get(key), key).toEqual(expected);
      });
    }

    it('gives every message to each of two groups', async ({ subscribe }) => {
      const topic = unique('fanout');
      const a = recorder();
      const b = recorder();
      await subscribe({ groupId: unique('ga'), topics: [topic] }, a.handler);
      await subscribe({ groupId: unique('gb'), topics: [topic] }, b.handler);
      await bus.publish(
        topic,
        Array.from({ length: 100 }, (_, i) => ({ key: `k${i % 13}`, value: { seq: i } })),
      );
      await waitFor(() => a.seen.length >= 100 && b.seen.length >= 100, 'both groups', timeout);
      const seqs = (r: typeof a) => r.seen.map((m) => m.value.seq).sort((x, y) => x - y);
      expect(seqs(a)).toEqual(Array.from({ length: 100 }, (_, i) => i));
      expect(seqs(b)).toEqual(seqs(a));
    });

    it('splits partitions between two members of one group, each message seen once', async ({ subscribe }) => {
      const topic = unique('split');
      const groupId = unique('g');
      const a = recorder();
      const b = recorder();
      await subscribe({ groupId, topics: [topic] }, a.handler);
      await subscribe({ groupId, topics: [topic] }, b.handler);
      const total = 400;
      await bus.publish(
        topic,
        Array.from({ length: total }, (_, i) => ({ key: `station-${i % 40}`, value: { seq: i } })),
      );
      await waitFor(() => a.seen.length + b.seen.length >= total, 'all messages', timeout);
      const all = [...a.seen, ...b.seen].map((m) => m.value.seq).sort((x, y) => x - y);
      expect(all).toEqual(Array.from({ length: total }, (_, i) => i));
      expect(a.seen.length).toBeGreaterThan(0);
      expect(b.seen.length).toBeGreaterThan(0);
      const partitionsOf = (r: typeof a) => new Set(r.seen.map((m) => m.partition));
      const overlap = [...partitionsOf(a)].filter((p) => partitionsOf(b).has(p));
      expect(overlap).toEqual([]);
    });

    it('redelivers a message whose handler threw, before later messages of its key', async ({ subscribe }) => {
      const topic = unique('retry');
      const attempts: number[] = [];
      let failuresLeft = 2;
      const loudAgain = quietErrors(); // the adapter logs each failure; keep the test output readable
      try {
        await subscribe<Value>({ groupId: unique('g'), topics: [topic] }, (m) => {
          attempts.push(m.value.seq);
          if (m.value.seq === 1 && failuresLeft > 0) {
            failuresLeft--;
            throw new Error('transient failure (expected by the test)');
          }
        });
        await bus.publish(
          topic,
          [0, 1, 2, 3].map((seq) => ({ key: 'same-key', value: { seq } })),
        );
        await waitFor(() => attempts.includes(3), 'the last message', timeout);
      } finally {
        loudAgain();
      }
      expect(attempts).toEqual([0, 1, 1, 1, 2, 3]);
    });

    it('round-trips keys, JSON values and headers, with offsets and timestamps', async ({ subscribe }) => {
      const topic = unique('roundtrip');
      const r = recorder();
      await subscribe({ groupId: unique('g'), topics: [topic] }, r.handler);
      const before = Date.now() - 60_000;
      const value = { seq: 1, note: 'ünïcødé ✓', nested: { list: [1, 'two', null, { three: true }] } };
      await bus.publish<Value>(topic, [
        { key: 'cp/ÄÖ-1', value, headers: { 'correlation-id': 'c-1', causation: 'x=y; z' } },
        { key: 'cp/ÄÖ-1', value: { seq: 2 } },
      ]);
      await waitFor(() => r.seen.length >= 2, 'two messages', timeout);
      const [first, second] = r.seen;
      expect(first).toMatchObject({ topic, key: 'cp/ÄÖ-1', value, headers: { 'correlation-id': 'c-1', causation: 'x=y; z' } });
      expect(second!.headers).toEqual({});
      expect(second!.partition).toBe(first!.partition);
      expect(second!.offset).toBeGreaterThan(first!.offset);
      expect(Number.isInteger(first!.partition) && first!.partition >= 0).toBe(true);
      expect(Date.parse(first!.timestamp)).toBeGreaterThan(before);
      expect(new Date(first!.timestamp).toISOString()).toBe(first!.timestamp);
    });

    it('starts a new group at the earliest message with fromBeginning, else at the end; committed offsets win', async ({ subscribe }) => {
      const topic = unique('begin');
      await bus.publish(
        topic,
        [1, 2, 3].map((seq) => ({ key: `k${seq}`, value: { seq } })),
      );
      const early = recorder();
      const late = recorder();
      const earlyGroup = unique('early');
      const earlyConsumer = await subscribe({ groupId: earlyGroup, topics: [topic], fromBeginning: true }, early.handler);
      await subscribe({ groupId: unique('late'), topics: [topic], fromBeginning: false }, late.handler);
      await bus.publish(topic, [{ key: 'k4', value: { seq: 4 } }]);
      await waitFor(() => early.seen.length >= 4 && late.seen.length >= 1, 'both groups', timeout);
      expect(early.seen.map((m) => m.value.seq).sort()).toEqual([1, 2, 3, 4]);
      expect(late.seen.map((m) => m.value.seq)).toEqual([4]);

      // The same group re-joining resumes after its committed offsets, whatever fromBeginning says.
      await earlyConsumer.stop();
      await bus.publish(topic, [{ key: 'k5', value: { seq: 5 } }]);
      const again = recorder();
      await subscribe({ groupId: earlyGroup, topics: [topic], fromBeginning: true }, again.handler);
      await waitFor(() => again.seen.length >= 1 && late.seen.length >= 2, 'message 5', timeout);
      expect(again.seen.map((m) => m.value.seq)).toEqual([5]);
    });

    it('concurrency.perKey: other keys of the partition pass a busy key, each key in order; commit stops at the unfinished', async ({
      subscribe,
    }) => {
      const topic = unique('perkey');
      const groupId = unique('g');
      // Keys of one partition (both adapters partition with murmur2 over 8 partitions).
      const partition = partitionForKey('slow', 8);
      const others = Array.from({ length: 400 }, (_, i) => `k${i}`)
        .filter((k) => partitionForKey(k, 8) === partition)
        .slice(0, 5);
      const seen: string[] = [];
      const release = deferred();
      const entered = deferred();
      let failSlow = true;
      const loudAgain = quietErrors(); // the failing handler is logged by the adapter
      try {
        const first = await subscribe<Value>({ groupId, topics: [topic], concurrency: { perKey: true, max: 16 } }, async (m) => {
          if (m.key === 'slow' && m.value.seq === 0) {
            entered.resolve();
            await release.promise;
            if (failSlow) throw new Error('slow message fails until the consumer stops (expected by the test)');
          }
          seen.push(`${m.key}:${m.value.seq}`);
        });
        await bus.publish(topic, [
          { key: 'slow', value: { seq: 0 } },
          ...others.flatMap((key) => [0, 1, 2].map((seq) => ({ key, value: { seq } }))),
          { key: 'slow', value: { seq: 1 } },
        ]);
        await entered.promise;
        await waitFor(() => seen.length >= others.length * 3, 'the other keys', timeout);
        // The busy key's next message waits for it; the others went through in order.
        expect(seen.some((s) => s.startsWith('slow:'))).toBe(false);
        for (const key of others) expect(seen.filter((s) => s.startsWith(`${key}:`))).toEqual([`${key}:0`, `${key}:1`, `${key}:2`]);
        release.resolve();
        await first.stop();
        expect(seen.some((s) => s.startsWith('slow:'))).toBe(false);
        // Nothing past the unfinished message was committed: a new member of the group gets it, and the rest again.
        seen.length = 0;
        failSlow = false;
        await subscribe<Value>(
          { groupId, topics: [topic], concurrency: { perKey: true } },
          (m) => void seen.push(`${m.key}:${m.value.seq}`),
        );
        await waitFor(() => seen.includes('slow:1') && others.every((k) => seen.includes(`${k}:2`)), 'the redelivery', timeout);
        expect(seen.filter((s) => s.startsWith('slow:'))).toEqual(['slow:0', 'slow:1']);
      } finally {
        loudAgain();
      }
    });

    it('stops delivering after stop(), which waits for the handler in flight', async ({ subscribe }) => {
      const topic = unique('stop');
      const stopped = recorder();
      const witness = recorder();
      const release = deferred();
      const entered = deferred();
      const consumer = await subscribe<Value>({ groupId: unique('g'), topics: [topic] }, async (m) => {
        stopped.handler(m);
        entered.resolve();
        await release.promise;
      });
      await subscribe({ groupId: unique('witness'), topics: [topic] }, witness.handler);
      await bus.publish(topic, [{ key: 'k', value: { seq: 1 } }]);
      await entered.promise;
      let stopResolved = false;
      const stopping = consumer.stop().then(() => (stopResolved = true));
      await new Promise((r) => setTimeout(r, 20));
      expect(stopResolved).toBe(false);
      release.resolve();
      await stopping;
      await bus.publish(
        topic,
        [2, 3, 4].map((seq) => ({ key: 'k', value: { seq } })),
      );
      // The other group receiving them shows they were delivered; the stopped consumer must not get them.
      await waitFor(() => witness.seen.length >= 4, 'the witness group', timeout);
      expect(stopped.seen.map((m) => m.value.seq)).toEqual([1]);
    });
  });
}
