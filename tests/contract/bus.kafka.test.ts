import { afterAll, beforeAll, describe } from 'vitest';
import { KafkaContainer, type StartedKafkaContainer } from '@testcontainers/kafka';
import { createKafkaBus } from '@evc/platform/bus/index';
import { dockerUnavailableReason, reportSkip } from '../support/docker';
import { busContract } from './bus.contract';

const SUITE = 'Bus contract: kafka (testcontainers, KRaft)';
const reason = await dockerUnavailableReason();

if (reason !== null) {
  reportSkip(SUITE, reason);
  describe.skip(SUITE, () => busContract('kafka', { create: () => Promise.reject(new Error(reason)) }));
} else {
  describe(SUITE, () => {
    let container: StartedKafkaContainer | undefined;
    beforeAll(async () => {
      container = await new KafkaContainer('confluentinc/cp-kafka:7.9.0').withKraft().start();
    }, 180_000);
    afterAll(async () => {
      await container?.stop();
    });
    busContract('kafka', {
      create: () => {
        if (!container) throw new Error('Kafka container did not start');
        // The container advertises its plaintext listener on the mapped port 9093.
        const broker = `${container.getHost()}:${container.getMappedPort(9093)}`;
        return createKafkaBus({ brokers: [broker], clientId: 'contract-tests', retryDelayMs: 50 });
      },
      timeoutMs: 60_000,
    });
  });
}
