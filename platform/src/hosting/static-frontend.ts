import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';

/** Paths the services answer, never the frontend: the API, chargers' sockets, the firmware chargers fetch and the diagnostics they upload. */
const API_PREFIXES = ['/api/', '/api?', '/ocpp/', '/firmware/', '/diagnostics-upload/'];

/**
 * Serves the built frontend on the same port as the API: hashed assets cached for a year, index.html and
 * version.json never cached, and every navigational path answered with index.html (the router decides 404s).
 */
export async function serveFrontend(app: NestFastifyApplication, distDir: string): Promise<boolean> {
  const indexFile = path.join(distDir, 'index.html');
  if (!existsSync(indexFile)) return false;
  const indexHtml = readFileSync(indexFile);
  await app.register(fastifyStatic, {
    root: distDir,
    prefix: '/',
    index: false,
    wildcard: true,
    // scripts/ensure-frontend.mjs writes .br and .gz beside each asset.
    preCompressed: true,
    setHeaders(res, filePath) {
      const name = path.basename(filePath);
      if (name === 'version.json' || name.endsWith('.html')) res.header('cache-control', 'no-store');
      else if (filePath.includes(`${path.sep}assets${path.sep}`)) res.header('cache-control', 'public, max-age=31536000, immutable');
      else res.header('cache-control', 'public, max-age=3600');
    },
  });
  const fastify = app.getHttpAdapter().getInstance();
  fastify.addHook('onRequest', async (request, reply) => {
    if (request.method !== 'GET' && request.method !== 'HEAD') return;
    const url = request.url;
    if (url === '/api' || API_PREFIXES.some((p) => url.startsWith(p))) return;
    const pathname = url.split('?')[0] ?? '/';
    if (/\.[a-z0-9]{1,8}$/i.test(pathname)) return; // a file: static or 404
    return reply.header('content-type', 'text/html; charset=utf-8').header('cache-control', 'no-store').send(indexHtml);
  });
  return true;
}
