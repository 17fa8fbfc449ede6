import type { EventStore, FrameLog } from '@evc/platform';
import { createKafkaBus } from '@evc/platform/bus/index';
import { openMongoDocumentStore } from '@evc/platform/documents/index';
import { hostServices } from '@evc/platform/hosting/host';
import { runService } from '@evc/platform/hosting/service-main';
import type { Infrastructure } from '@evc/platform/infrastructure/infrastructure';
import { composeOcppGateway } from '@evc/ocpp-gateway/compose';

/**
 * One cluster OCPP gateway node for the engines suites and bench: the gateway's own composition
 * (`composeOcppGateway`, what `ocpp-gateway/src/main.ts` serves) on the Kafka bus and the read models on a
 * MongoDB-wire server, hosted alone on PORT. EventStoreDB cannot be had without Docker and the gateway reads no
 * event, so the event store and the message log are ones that refuse every use: a gateway that started to need
 * them fails here instead of passing on a stand-in. ENGINE_KAFKA_BROKERS, ENGINE_MONGODB_URL and ENGINE_MONGODB_DB
 * name the servers (not KAFKA_BROKERS and MONGODB_URL: the configuration takes those only with EVENTSTORE_URL).
 */
function refused<T extends object>(what: string): T {
  return new Proxy({} as T, {
    get: (_target, property) => {
      if (property === 'then') return undefined;
      return () => {
        throw new Error(`the cluster gateway node has no ${what} (it asked for ${String(property)})`);
      };
    },
  });
}

runService('ocpp-gateway', async (config) => {
  const env = (name: string) => {
    const value = process.env[name];
    if (!value) throw new Error(`${name} is not set`);
    return value;
  };
  const [bus, documents] = await Promise.all([
    createKafkaBus({ brokers: env('ENGINE_KAFKA_BROKERS').split(','), clientId: 'ocpp-gateway' }),
    openMongoDocumentStore(env('ENGINE_MONGODB_URL'), env('ENGINE_MONGODB_DB')),
  ]);
  const infra: Infrastructure = {
    profile: 'cluster',
    dataDir: config.DATA_DIR,
    eventStore: refused<EventStore>('event store'),
    frames: refused<FrameLog>('message log'),
    bus,
    documents,
    async close() {
      await bus.close();
      await documents.close();
    },
  };
  const composed = await composeOcppGateway(config, infra);
  const host = await hostServices(config, [composed]);
  // Commands published from now on reach this node: its groups have joined before it takes a charger.
  await composed.gateway.ready;
  await host.listen(config.PORT, config.HOST);
  return async () => {
    await host.close();
    await infra.close();
  };
});
