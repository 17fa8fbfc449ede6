import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { configSchema, loadConfig } from '@evc/platform/config/config';
import { ROOT } from '../support/process';

/** docker-compose.yml cannot run here; this keeps it consistent with what the services read. */
describe('docker-compose.yml', () => {
  const compose = readFileSync(path.join(ROOT, 'docker-compose.yml'), 'utf8');
  const serviceBlock = compose.slice(compose.indexOf('x-service:'), compose.indexOf('services:'));

  it('gives the services only variables the config knows, and they select the cluster profile', () => {
    const env: Record<string, string> = {};
    for (const m of serviceBlock.matchAll(/^\s{4}([A-Z_]+): "?([^"\n]*)"?$/gm)) env[m[1]!] = m[2]!;
    const known = new Set([...Object.keys(configSchema.shape), 'SERVICE']);
    expect(Object.keys(env).filter((k) => !known.has(k))).toEqual([]);
    expect(loadConfig(env).profile).toBe('cluster');
  });

  it('runs the four services, each with an entry point that exists, and the three stores with health checks', () => {
    for (const service of ['command-service', 'query-service', 'projections', 'ocpp-gateway']) {
      expect(compose).toContain(`SERVICE: ${service}`);
      expect(readFileSync(path.join(ROOT, service, 'src/main.ts'), 'utf8')).toContain('runService(');
    }
    for (const store of ['eventstore:', 'kafka:', 'mongodb:']) expect(compose).toContain(`\n  ${store}`);
    expect(compose.match(/healthcheck:/g)?.length).toBeGreaterThanOrEqual(7);
    const nginx = readFileSync(path.join(ROOT, 'deploy/nginx.conf'), 'utf8');
    for (const route of ['/api/commands/', '/api/files', '/api/live', '/api/', '/ocpp/']) expect(nginx).toContain(`location ${route}`);
  });
});
