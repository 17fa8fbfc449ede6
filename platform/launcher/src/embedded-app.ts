import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { Module, type DynamicModule } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { APP_VERSION } from '@evc/contracts';
import { CommandServiceModule, createIdentityDeps, seedDemo, seedIdentity, startChargerCommandResults, startChargerTelemetry, type IdentitySeedOutcome, type SeedOutcome } from '@evc/command-service';
import { CHARGING_SESSIONS, startChargingConsumers, type ChargingSessions } from '@evc/command-service/charging/index';
import { seedCharging } from '@evc/command-service/seed/seed-charging';
import { WALLET_LEDGER, type WalletLedger } from '@evc/command-service/wallet/wallet-ledger';
import { OcppGateway } from '@evc/ocpp-gateway';
import { ProjectionRunner, allProjections, startChargerCommandSweep, startChargerPresence, startOcppMessageLog, startPageViewCounter } from '@evc/projections';
import { QueryServiceModule } from '@evc/query-service';
import { resolveAuthSecret } from '../auth/auth-secret';
import type { Config } from '../config/config';
import { openMail, type Mailbox } from '../mail/index';
import { createHttpApp } from '../http/nest-app';
import { openFileStore, openInfrastructure, type Infrastructure } from '../infrastructure/infrastructure';
import { createPayments } from '../payments/index';
import type { FileStore } from '../files/index';
import { createLogger } from '../logging/logger';
import type { Consumer } from '../ports/index';
import { serveFrontend } from './static-frontend';

const here = path.dirname(fileURLToPath(import.meta.url));
export const FRONTEND_DIST = path.resolve(here, '../../../frontend/dist');

@Module({})
class EmbeddedRootModule {
  static register(modules: DynamicModule[]): DynamicModule {
    return { module: EmbeddedRootModule, imports: modules };
  }
}

export interface EmbeddedApp {
  app: NestFastifyApplication;
  infra: Infrastructure;
  runner: ProjectionRunner;
  gateway: OcppGateway;
  files: FileStore;
  seed: SeedOutcome;
  /** Roles, super admin, demo customer; `generated` holds passwords made up on this first start (print once). */
  identitySeed: IdentitySeedOutcome;
  mailbox: Mailbox;
  frontendServed: boolean;
  /** Stop accepting, drain, stop projections, flush the log. Safe to call twice. */
  close(): Promise<void>;
}

/**
 * The embedded profile: the four services in one process on one port (DESIGN §2). The read models are rebuilt
 * from the log before the port opens, so the first request already sees everything.
 */
export async function createEmbeddedApp(config: Config, options: { frontendDist?: string } = {}): Promise<EmbeddedApp> {
  const log = createLogger('launcher');
  const infra = await openInfrastructure(config);
  const files = await openFileStore(config, infra.dataDir);
  const runner = new ProjectionRunner({ eventStore: infra.eventStore, documents: infra.documents, bus: infra.bus, projections: allProjections() });
  let pageViews: Consumer | null = null;
  const consumers: Consumer[] = [];
  let app: NestFastifyApplication | null = null;
  let gateway: OcppGateway | null = null;
  let closing: Promise<void> | null = null;
  const close = () =>
    (closing ??= (async () => {
      await gateway?.close();
      await app?.close();
      await pageViews?.stop();
      for (const consumer of consumers) await consumer.stop();
      await runner.stop();
      await files.close();
      await infra.close();
      log.info('stopped; the event log is flushed');
    })());
  try {
    await runner.start();
    pageViews = startPageViewCounter(infra.bus, infra.documents);
    consumers.push(startChargerPresence(infra.bus, infra.documents), startOcppMessageLog(infra.bus, infra.documents), startChargerCommandSweep(infra.bus, infra.documents));
    const { mailer, mailbox } = openMail(config, infra.dataDir);
    const identity = createIdentityDeps(config, { authSecret: await resolveAuthSecret(config, infra.dataDir), mailer });
    app = await createHttpApp(
      EmbeddedRootModule.register([
        CommandServiceModule.register({ eventStore: infra.eventStore, identity, files, bus: infra.bus, payments: await createPayments(config, infra.dataDir) }),
        QueryServiceModule.register({
          documents: infra.documents,
          eventStore: infra.eventStore,
          bus: infra.bus,
          positions: runner,
          tokens: identity.tokens,
          mailbox,
          clientConfig: { mapTileUrl: config.MAP_TILE_URL ?? null, mapAttribution: config.MAP_ATTRIBUTION ?? null, version: APP_VERSION },
        }),
      ]),
      { bodyLimit: config.BODY_LIMIT, trustProxy: config.TRUST_PROXY },
    );
    const frontendServed = await serveFrontend(app, options.frontendDist ?? FRONTEND_DIST);
    if (!frontendServed) log.warn('frontend/dist not found: serving the API only (run npm run build)');
    const ocpp = new OcppGateway({ documents: infra.documents, bus: infra.bus });
    gateway = ocpp;
    app.getHttpServer().on('upgrade', (request, socket, head) => {
      if (!ocpp.handleUpgrade(request, socket, head)) socket.destroy();
    });
    await app.init();
    consumers.push(startChargerTelemetry(infra.bus, app.get(CommandBus)), startChargerCommandResults(infra.bus, app.get(CommandBus)));
    consumers.push(...startChargingConsumers({ bus: infra.bus, eventStore: infra.eventStore, sessions: app.get<ChargingSessions>(CHARGING_SESSIONS) }));
    const seed = config.SEED_DEMO
      ? await seedDemo({ commandBus: app.get(CommandBus), eventStore: infra.eventStore, dataDir: infra.dataDir, files })
      : { seeded: false, commands: 0, chargers: [] };
    const identitySeed = await seedIdentity({
      commandBus: app.get(CommandBus),
      eventStore: infra.eventStore,
      admin: { email: config.SEED_ADMIN_EMAIL, password: config.SEED_ADMIN_PASSWORD },
      customer: config.SEED_DEMO ? { email: config.SEED_CUSTOMER_EMAIL, password: config.SEED_CUSTOMER_PASSWORD } : undefined,
    });
    const chargingSeeded = config.SEED_DEMO
      ? await seedCharging({ commandBus: app.get(CommandBus), eventStore: infra.eventStore, files, ledger: app.get<WalletLedger>(WALLET_LEDGER), customerEmail: config.SEED_CUSTOMER_EMAIL })
      : false;
    if (seed.seeded || identitySeed.seeded || chargingSeeded) await runner.waitFor(await infra.eventStore.headPosition(), 10_000);
    return { app, infra, runner, gateway: ocpp, files, seed, identitySeed, mailbox, frontendServed, close };
  } catch (error) {
    await close().catch(() => undefined);
    throw error;
  }
}
