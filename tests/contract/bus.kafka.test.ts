import { randomUUID } from 'node:crypto';
import { KafkaContainer, type StartedKafkaContainer } from '@testcontainers/kafka';
import { describe, expect, it } from 'vitest';
import { createKafkaBus } from '@evc/platform/bus/index';
import { describeAgainstEngine } from '../support/engines';
import { busContract } from './bus.contract';

await describeAgainstEngine(
  'Bus contract: kafka',
  'kafka',
  {
    start: () => new KafkaContainer('confluentinc/cp-kafka:7.9.0').withKraft().start(),
    // The container advertises its plaintext listener on the mapped port 9093.
    url: (c: StartedKafkaContainer) => `${c.getHost()}:${c.getMappedPort(9093)}`,
  },
  (brokers) => {
    busContract('kafka', {
      create: () => createKafkaBus({ brokers: [brokers()], clientId: 'contract-tests', retryDelayMs: 50 }),
      timeoutMs: 60_000,
    });

    describe('kafka: several processes starting at once', () => {
      // A cluster's services start together and create the same topics: none of them may fail its start for it.
      it('subscribes and publishes from two buses to the same new topics at once', { timeout: 120_000 }, async () => {
        const buses = await Promise.all(['a', 'b'].map((node) => createKafkaBus({ brokers: [brokers()], clientId: `race-${node}` })));
        try {
          for (let round = 0; round < 3; round++) {
            const topics = [0, 1, 2].map((i) => `race-${round}-${i}-${randomUUID().slice(0, 8)}`);
            const started = buses.flatMap((bus, b) =>
              topics.map((topic) => bus.subscribe({ groupId: `race-${b}-${topic}`, topics: [topic] }, () => undefined)),
            );
            const outcomes = await Promise.allSettled([
              ...started.map((c) => c.ready),
              ...buses.flatMap((bus) => topics.map((topic) => bus.publish(topic, [{ key: 'k', value: round }]))),
            ]);
            await Promise.all(started.map((c) => c.stop()));
            expect(outcomes.filter((o) => o.status === 'rejected').map((o) => String((o as PromiseRejectedResult).reason))).toEqual([]);
          }
        } finally {
          await Promise.all(buses.map((bus) => bus.close()));
        }
      });
    });
  },
);
