import { APP_VERSION } from '@evc/contracts';
import { AccessTokens } from '@evc/platform/auth/access-tokens';
import { resolveAuthSecret } from '@evc/platform/auth/auth-secret';
import type { ComposedService, Compose } from '@evc/platform/hosting/host';
import { openMail } from '@evc/platform/mail/index';
import { CheckpointPositionTracker, type PositionTracker } from '@evc/projections';
import { QueryServiceModule } from './query-service.module';

/**
 * The query side, composed once for both run profiles. It learns how far the read models are from the projections'
 * checkpoint document, unless it runs beside them and is handed their runner (`positions`); it verifies access
 * tokens with the shared AUTH_TOKEN_SECRET and reads the dev mailbox from DATA_DIR/mailbox.
 */
export function composeQueryService(positions?: PositionTracker): Compose {
  return async (config, infra): Promise<ComposedService> => {
    const tokens = new AccessTokens(await resolveAuthSecret(config, infra.dataDir), config.ACCESS_TOKEN_TTL_SECONDS);
    const module = QueryServiceModule.register({
      documents: infra.documents,
      frames: infra.frames,
      eventStore: infra.eventStore,
      bus: infra.bus,
      positions: positions ?? new CheckpointPositionTracker(infra.documents),
      clientConfig: { mapTileUrl: config.MAP_TILE_URL ?? null, mapAttribution: config.MAP_ATTRIBUTION ?? null, version: APP_VERSION },
      tokens,
      mailbox: openMail(config, infra.dataDir).mailbox,
    });
    return { name: 'query-service', modules: [module] };
  };
}
