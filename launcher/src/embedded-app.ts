import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { composeCommandService, type IdentitySeedOutcome, type SeedOutcome } from '@evc/command-service';
import { composeOcppGateway, composeOcppGatewayProcess, type GatewayProcess, type OcppGateway } from '@evc/ocpp-gateway';
import type { Config } from '@evc/platform/config/config';
import type { FileStore } from '@evc/platform/files/index';
import { hostServices } from '@evc/platform/hosting/host';
import { openInfrastructure, type Infrastructure } from '@evc/platform/infrastructure/infrastructure';
import { createLogger } from '@evc/platform/logging/logger';
import { setHeapGrowth } from '@evc/platform/runtime/heap-growth';
import type { Mailbox } from '@evc/platform/mail/index';
import { composeProjections, type ProjectionRunner } from '@evc/projections';
import { composeQueryService } from '@evc/query-service';
import { composeDemo, type DemoRunner } from '@evc/simulator';

const here = path.dirname(fileURLToPath(import.meta.url));
export const FRONTEND_DIST = path.resolve(here, '../../frontend/dist');

export interface EmbeddedApp {
  app: NestFastifyApplication;
  infra: Infrastructure;
  runner: ProjectionRunner;
  /** The OCPP gateway in this process (OCPP_GATEWAY=inline), else null. */
  gateway: OcppGateway | null;
  /** The OCPP gateway's own process (OCPP_GATEWAY=process, the default), else null. */
  gatewayProcess: GatewayProcess | null;
  /** The guided demonstration (/demo) and its simulated chargers. */
  demo: DemoRunner;
  files: FileStore;
  seed: SeedOutcome;
  /** Roles, super admin, demo customer; `generated` holds passwords made up on this first start (printed once). */
  identitySeed: IdentitySeedOutcome;
  mailbox: Mailbox;
  frontendServed: boolean;
  /** Stop accepting, drain, stop projections, flush the log. Safe to call twice. */
  close(): Promise<void>;
}

/**
 * The embedded profile (ARCHITECTURE.md): the four services in one process on one port, each composed by the same
 * function its cluster entry point uses. The read models are rebuilt from the log before the port opens, and a
 * first start waits until they have the seed, so the first request already sees everything.
 */
export async function createEmbeddedApp(config: Config, options: { frontendDist?: string } = {}): Promise<EmbeddedApp> {
  const log = createLogger('launcher');
  setHeapGrowth(config.HEAP_GROWTH_PERCENT);
  const infra = await openInfrastructure(config);
  try {
    const projections = await composeProjections(config, infra);
    // Beside the projections, the query side waits on their runner directly rather than on the checkpoint.
    const query = await composeQueryService(projections.runner)(config, infra);
    const command = await composeCommandService(config, infra);
    const ocpp =
      config.OCPP_GATEWAY === 'process' ? await composeOcppGatewayProcess(config, infra) : await composeOcppGateway(config, infra);
    // The guided demonstration's simulated chargers (/demo): embedded only, so only this launcher hosts it.
    const demo = await composeDemo(config, infra);
    const host = await hostServices(config, [projections, query, command, ocpp, demo], {
      frontendDist: options.frontendDist ?? FRONTEND_DIST,
    });
    if (!host.frontendServed) log.warn('frontend/dist not found: serving the API only (run npm run build)');
    if (command.seeds.seeded) await projections.runner.waitFor(await infra.eventStore.headPosition(), 10_000);
    let closing: Promise<void> | null = null;
    return {
      app: host.app!,
      infra,
      runner: projections.runner,
      gateway: 'gateway' in ocpp ? ocpp.gateway : null,
      gatewayProcess: 'process' in ocpp ? ocpp.process : null,
      demo: demo.runner,
      files: command.files,
      seed: command.seeds.demo ?? { seeded: false, commands: 0, chargers: [] },
      identitySeed: command.seeds.identity ?? { seeded: false, generated: [] },
      mailbox: command.mailbox,
      frontendServed: host.frontendServed,
      close: () =>
        (closing ??= (async () => {
          await host.close();
          await infra.close();
          log.info('stopped; the event log is flushed');
        })()),
    };
  } catch (error) {
    await infra.close().catch(() => undefined);
    throw error;
  }
}
