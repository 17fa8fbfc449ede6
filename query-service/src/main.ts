import { APP_VERSION } from '@evc/contracts';
import { openInfrastructure } from '@evc/platform/infrastructure/infrastructure';
import { createHttpApp } from '@evc/platform/http/nest-app';
import { runService } from '@evc/platform/launcher/service-main';
import { CheckpointPositionTracker } from '@evc/projections';
import { QueryServiceModule } from './query-service.module';

/** Cluster entry point: queries and SSE over the MongoDB read models. */
runService('query-service', async (config) => {
  const infra = await openInfrastructure(config, 'query-service');
  const app = await createHttpApp(
    QueryServiceModule.register({
      documents: infra.documents,
      bus: infra.bus,
      positions: new CheckpointPositionTracker(infra.documents),
      clientConfig: { mapTileUrl: config.MAP_TILE_URL ?? null, mapAttribution: config.MAP_ATTRIBUTION ?? null, version: APP_VERSION },
    }),
    { bodyLimit: config.BODY_LIMIT },
  );
  await app.listen({ port: config.PORT, host: config.HOST });
  return async () => {
    await app.close();
    await infra.close();
  };
});
