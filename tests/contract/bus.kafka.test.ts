import { KafkaContainer } from '@testcontainers/kafka';
import { createKafkaBus } from '@evc/platform/bus/index';
import { describeAgainstContainer } from '../support/docker';
import { busContract } from './bus.contract';

await describeAgainstContainer(
  'Bus contract: kafka (testcontainers, KRaft)',
  () => new KafkaContainer('confluentinc/cp-kafka:7.9.0').withKraft().start(),
  (container) =>
    busContract('kafka', {
      create: () => {
        // The container advertises its plaintext listener on the mapped port 9093.
        const broker = `${container().getHost()}:${container().getMappedPort(9093)}`;
        return createKafkaBus({ brokers: [broker], clientId: 'contract-tests', retryDelayMs: 50 });
      },
      timeoutMs: 60_000,
    }),
);
