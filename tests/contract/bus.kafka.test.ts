import { KafkaContainer, type StartedKafkaContainer } from '@testcontainers/kafka';
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
  (brokers) =>
    busContract('kafka', {
      create: () => createKafkaBus({ brokers: [brokers()], clientId: 'contract-tests', retryDelayMs: 50 }),
      timeoutMs: 60_000,
    }),
);
