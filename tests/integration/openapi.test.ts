import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { operations } from '@evc/contracts';
import { getJson, startTestApp, type TestApp } from '../support/app';

describe('OpenAPI', () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await startTestApp();
  });
  afterAll(() => app?.close());

  it('describes every command and query at /api/docs/json', async () => {
    const { status, body } = await getJson<{ openapi: string; paths: Record<string, Record<string, { operationId: string }>> }>(
      app.baseUrl,
      '/api/docs/json',
    );
    expect(status).toBe(200);
    expect(body.openapi).toMatch(/^3\./);
    for (const [id, spec] of Object.entries(operations)) {
      const path = spec.path.replace(/:(\w+)/g, '{$1}');
      expect(body.paths[path]?.[spec.method.toLowerCase()]?.operationId, id).toBe(id);
    }
    expect(body.paths['/api/live']).toBeDefined();
  });

  it('serves a readable page at /api/docs', async () => {
    const res = await fetch(`${app.baseUrl}/api/docs`);
    expect(res.headers.get('content-type')).toMatch(/text\/html/);
    expect(await res.text()).toContain('/api/queries/stations/nearby');
  });
});
