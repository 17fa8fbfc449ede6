import { CommandBus } from '@nestjs/cqrs';
import { resolveAuthSecret } from '@evc/platform/auth/auth-secret';
import { openFileStore, openInfrastructure } from '@evc/platform/infrastructure/infrastructure';
import { createHttpApp } from '@evc/platform/http/nest-app';
import { runService } from '@evc/platform/launcher/service-main';
import { openMail } from '@evc/platform/mail/index';
import { createPayments } from '@evc/platform/payments/index';
import { startChargerTelemetry } from './chargers-live/telemetry-consumer';
import { startChargerCommandResults } from './chargers-live/command-results-consumer';
import { CHARGING_SESSIONS, startChargingConsumers, type ChargingSessions } from './charging/index';
import { CommandServiceModule } from './command-service.module';
import { createIdentityDeps } from './identity/identity.settings';
import { seedDemo } from './seed/seed-demo';
import { printGeneratedCredentials, seedIdentity } from './seed/seed-identity';

/** Cluster entry point: the command side alone (POST /api/commands/*). */
runService('command-service', async (config) => {
  const infra = await openInfrastructure(config, 'command-service');
  const { mailer } = openMail(config, infra.dataDir);
  const identity = createIdentityDeps(config, { authSecret: await resolveAuthSecret(config, infra.dataDir), mailer });
  const files = await openFileStore(config, infra.dataDir);
  const app = await createHttpApp(CommandServiceModule.register({ eventStore: infra.eventStore, identity, files, bus: infra.bus, payments: await createPayments(config, infra.dataDir) }), { bodyLimit: config.BODY_LIMIT, trustProxy: config.TRUST_PROXY });
  await app.init();
  const commandBus = app.get(CommandBus);
  if (config.SEED_DEMO) await seedDemo({ commandBus, eventStore: infra.eventStore, dataDir: infra.dataDir, files });
  const identitySeed = await seedIdentity({
    commandBus,
    eventStore: infra.eventStore,
    admin: { email: config.SEED_ADMIN_EMAIL, password: config.SEED_ADMIN_PASSWORD },
    customer: config.SEED_DEMO ? { email: config.SEED_CUSTOMER_EMAIL, password: config.SEED_CUSTOMER_PASSWORD } : undefined,
  });
  printGeneratedCredentials(identitySeed.generated);
  const telemetry = startChargerTelemetry(infra.bus, commandBus);
  const commandResults = startChargerCommandResults(infra.bus, commandBus);
  const charging = startChargingConsumers({ bus: infra.bus, eventStore: infra.eventStore, sessions: app.get<ChargingSessions>(CHARGING_SESSIONS) });
  await app.listen({ port: config.PORT, host: config.HOST });
  return async () => {
    await telemetry.stop();
    await commandResults.stop();
    for (const consumer of charging) await consumer.stop();
    await app.close();
    await files.close();
    await infra.close();
  };
});
