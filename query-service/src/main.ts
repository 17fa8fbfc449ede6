import { APP_VERSION } from '@evc/contracts';
import { AccessTokens } from '@evc/platform/auth/access-tokens';
import { resolveAuthSecret } from '@evc/platform/auth/auth-secret';
import { openInfrastructure } from '@evc/platform/infrastructure/infrastructure';
import { createHttpApp } from '@evc/platform/http/nest-app';
import { runService } from '@evc/platform/launcher/service-main';
import { openMail } from '@evc/platform/mail/index';
import { CheckpointPositionTracker } from '@evc/projections';
import { QueryServiceModule } from './query-service.module';

/**
 * Cluster entry point: queries and SSE over the MongoDB read models. It verifies access tokens with the shared
 * AUTH_TOKEN_SECRET and reads the dev mailbox from DATA_DIR/mailbox (a volume shared with the command side).
 */
runService('query-service', async (config) => {
  const infra = await openInfrastructure(config, 'query-service');
  const tokens = new AccessTokens(await resolveAuthSecret(config, infra.dataDir), config.ACCESS_TOKEN_TTL_SECONDS);
  const app = await createHttpApp(
    QueryServiceModule.register({
      documents: infra.documents,
      eventStore: infra.eventStore,
      bus: infra.bus,
      positions: new CheckpointPositionTracker(infra.documents),
      clientConfig: { mapTileUrl: config.MAP_TILE_URL ?? null, mapAttribution: config.MAP_ATTRIBUTION ?? null, version: APP_VERSION },
      tokens,
      mailbox: openMail(config, infra.dataDir).mailbox,
    }),
    { bodyLimit: config.BODY_LIMIT, trustProxy: config.TRUST_PROXY },
  );
  await app.listen({ port: config.PORT, host: config.HOST });
  return async () => {
    await app.close();
    await infra.close();
  };
});
