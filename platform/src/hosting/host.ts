import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { Duplex } from 'node:stream';
import { Module, type DynamicModule } from '@nestjs/common';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import type { Config } from '../config/config';
import { createHttpApp } from '../http/nest-app';
import { openInfrastructure, type Infrastructure } from '../infrastructure/infrastructure';
import { serveFrontend } from './static-frontend';

export type UpgradeHandler = (request: IncomingMessage, socket: Duplex, head: Buffer) => boolean;

/**
 * One service, composed once: what both its own cluster entry point and the embedded launcher host. A service
 * composes itself from the configuration and the stores of the run profile (`compose<Service>(config, infra)`).
 */
export interface ComposedService {
  name: string;
  /** Nest modules it serves over HTTP. */
  modules?: DynamicModule[];
  /** Takes WebSocket upgrades it recognises (the OCPP gateway); answers false for the others. */
  upgrade?: UpgradeHandler;
  /** Extra fields of a host without Nest modules' GET /health answer. */
  health?(): Record<string, unknown>;
  /** Before the HTTP app initialises (the projections catch up with the log here, so the first request sees it). */
  start?(): Promise<void>;
  /** Stops taking connections of its own, before the HTTP app closes (the gateway's chargers). */
  drain?(): Promise<void>;
  /** After the HTTP app has closed: stops what it started (consumers, sweeps, file handles). */
  stop?(): Promise<void>;
}

export type Compose<S extends ComposedService = ComposedService> = (config: Config, infra: Infrastructure) => Promise<S>;

@Module({})
class HostModule {
  static register(modules: DynamicModule[]): DynamicModule {
    return { module: HostModule, imports: modules };
  }
}

export interface ServiceHost {
  /** The Nest application, when a service has modules. */
  app: NestFastifyApplication | null;
  server: Server;
  /** Whether the built frontend is served (embedded profile). */
  frontendServed: boolean;
  listen(port: number, host: string): Promise<void>;
  /** Drain, close the HTTP side, stop the services (reverse order). Safe to call twice. */
  close(): Promise<void>;
}

export interface HostOptions {
  /** Serve the built frontend from this folder on the same port (embedded profile). */
  frontendDist?: string;
}

/**
 * Hosts composed services on one HTTP server: their Nest modules in one app (or a bare server answering /health
 * when none has modules), their WebSocket upgrades, and their lifecycles in order. The cluster runs one service per
 * host; the embedded profile runs all four on one.
 */
export async function hostServices(config: Config, services: ComposedService[], options: HostOptions = {}): Promise<ServiceHost> {
  let app: NestFastifyApplication | null = null;
  let frontendServed = false;
  let started = 0;
  let server: Server | null = null;
  let closing: Promise<void> | null = null;
  const close = () =>
    (closing ??= (async () => {
      for (const s of [...services].reverse()) await s.drain?.();
      if (app) await app.close();
      else if (server?.listening) await new Promise<void>((resolve) => server!.close(() => resolve()));
      for (const s of services.slice(0, started).reverse()) await s.stop?.();
    })());
  try {
    for (const s of services) {
      await s.start?.();
      started++;
    }
    const modules = services.flatMap((s) => s.modules ?? []);
    if (modules.length > 0) {
      app = await createHttpApp(HostModule.register(modules), {
        bodyLimit: config.BODY_LIMIT,
        trustProxy: config.TRUST_PROXY,
        mapTileUrl: config.MAP_TILE_URL ?? null,
      });
      if (options.frontendDist) frontendServed = await serveFrontend(app, options.frontendDist);
      server = app.getHttpServer();
    } else {
      server = createServer((req, res) => {
        const ok = req.url === '/health';
        const health = Object.assign({ status: 'ok' }, ...services.map((s) => s.health?.() ?? {}));
        res
          .writeHead(ok ? 200 : 404, { 'content-type': 'application/json' })
          .end(JSON.stringify(ok ? health : { code: 'not_found', message: 'Not found' }));
      });
    }
    const upgrades = services.flatMap((s) => (s.upgrade ? [s.upgrade] : []));
    server!.on('upgrade', (request: IncomingMessage, socket: Duplex, head: Buffer) => {
      if (!upgrades.some((take) => take(request, socket, head))) socket.destroy();
    });
    if (app) await app.init();
  } catch (error) {
    await close().catch(() => undefined);
    throw error;
  }
  const http = server!;
  return {
    app,
    server: http,
    frontendServed,
    async listen(port, host) {
      if (app) await app.listen({ port, host });
      else await new Promise<void>((resolve) => http.listen(port, host, resolve));
    },
    close,
  };
}

/**
 * A cluster service's own entry point: the stores of the configured profile, the service composed once, hosted
 * alone on PORT. Answers the function that stops it (for `runService`).
 */
export async function serveService(config: Config, name: string, compose: Compose): Promise<() => Promise<void>> {
  const infra = await openInfrastructure(config, name);
  try {
    const host = await hostServices(config, [await compose(config, infra)]);
    await host.listen(config.PORT, config.HOST);
    return async () => {
      await host.close();
      await infra.close();
    };
  } catch (error) {
    await infra.close().catch(() => undefined);
    throw error;
  }
}
