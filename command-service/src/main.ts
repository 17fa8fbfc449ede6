import { CommandBus } from '@nestjs/cqrs';
import { openInfrastructure } from '@evc/platform/infrastructure/infrastructure';
import { createHttpApp } from '@evc/platform/http/nest-app';
import { runService } from '@evc/platform/launcher/service-main';
import { CommandServiceModule } from './command-service.module';
import { seedDemo } from './seed/seed-demo';

/** Cluster entry point: the command side alone (POST /api/commands/*). */
runService('command-service', async (config) => {
  const infra = await openInfrastructure(config, 'command-service');
  const app = await createHttpApp(CommandServiceModule.register({ eventStore: infra.eventStore }), { bodyLimit: config.BODY_LIMIT });
  await app.init();
  if (config.SEED_DEMO) await seedDemo({ commandBus: app.get(CommandBus), eventStore: infra.eventStore, dataDir: infra.dataDir });
  await app.listen({ port: config.PORT, host: config.HOST });
  return async () => {
    await app.close();
    await infra.close();
  };
});
