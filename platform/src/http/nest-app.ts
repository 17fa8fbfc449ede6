import 'reflect-metadata';
import fastifyCookie from '@fastify/cookie';
import type { DynamicModule } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { FastifyAdapter, type NestFastifyApplication } from '@nestjs/platform-fastify';
import { LIMITS } from '@evc/contracts';
import { ApiExceptionFilter } from './error-handling';
import { applySecurityHeaders, htmlContentSecurityPolicy } from './security-headers';

/**
 * Multipart bodies (file uploads) are buffered up to twice the image limit, so a file a little over 5 MB gets the
 * specific `files.too_large` from the upload endpoint; anything larger is cut off as request.too_large.
 */
export const MULTIPART_BODY_LIMIT = 2 * LIMITS.imageMaxBytes;

export interface HttpAppOptions {
  bodyLimit: number;
  /** Proxies in front: the client address is the one the nearest of them appended to X-Forwarded-For. */
  trustProxy?: number;
  /** Nest's own log levels; request logging is ours. */
  nestLogs?: ('error' | 'warn' | 'log')[];
  /** The map tile template (MAP_TILE_URL): its origin is the one image source the pages' CSP allows besides ours. */
  mapTileUrl?: string | null;
}

export interface ServedRoute {
  method: string;
  path: string;
}
const routesOfApp = new WeakMap<object, ServedRoute[]>();

/** Every route the app registered (method and path as Fastify holds them), for the test that keeps them in the index. */
export const servedRoutes = (app: object): readonly ServedRoute[] => routesOfApp.get(app) ?? [];

/** Trusts exactly `hops` proxies (proxy-addr's hop index starts at 0 for the socket peer). */
const trustHops = (hops: number) => (hops > 0 ? (_address: string, hop: number) => hop < hops : false);

/**
 * A NestJS app on Fastify with the API's error shape for every failure, including body-parser ones, and cookie
 * parsing (the refresh token travels only in an httpOnly cookie).
 */
export async function createHttpApp(module: DynamicModule, options: HttpAppOptions): Promise<NestFastifyApplication> {
  const adapter = new FastifyAdapter({
    bodyLimit: options.bodyLimit,
    return503OnClosing: true,
    trustProxy: trustHops(options.trustProxy ?? 0),
  });
  const served: ServedRoute[] = [];
  // Every response, the API's, the static files' and the SPA fallback's, errors included (security-headers.ts).
  const htmlPolicy = htmlContentSecurityPolicy(options.mapTileUrl);
  adapter.getInstance().addHook('onSend', async (request, reply, payload) => {
    applySecurityHeaders(request, reply, htmlPolicy);
    return payload;
  });
  adapter.getInstance().addHook('onRoute', (route) => {
    for (const method of [route.method].flat()) served.push({ method: String(method), path: route.url });
  });
  const app = await NestFactory.create<NestFastifyApplication>(module, adapter, {
    logger: options.nestLogs ?? ['error', 'warn'],
    abortOnError: false,
  });
  await app.register(fastifyCookie);
  // The upload endpoint parses the buffered body itself (platform/src/http/multipart.ts).
  app
    .getHttpAdapter()
    .getInstance()
    .addContentTypeParser(
      'multipart/form-data',
      { parseAs: 'buffer', bodyLimit: MULTIPART_BODY_LIMIT },
      (_req: unknown, body: Buffer, done: (e: Error | null, b?: Buffer) => void) => done(null, body),
    );
  app.useGlobalFilters(new ApiExceptionFilter());
  routesOfApp.set(app, served);
  return app;
}
