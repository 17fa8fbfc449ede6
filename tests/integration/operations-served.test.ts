import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { COMMANDS_PREFIX, QUERIES_PREFIX, operations, type OperationSpec } from '@evc/contracts';
import { COMMAND_ROUTES } from '@evc/command-service/shared/http/command-routes';
import { servedRoutes } from '@evc/platform/http/nest-app';
import { QUERY_TABLE } from '@evc/query-service/http/queries.controller';
import type { QueryTable } from '@evc/query-service';
import { startTestApp, type TestApp } from '../support/app';

/** Routes that are plumbing rather than operations of the API (health checks, the API's own documentation). */
const PLUMBING = new Set(['GET /api/health', 'GET /api/commands/health', 'GET /api/docs', 'GET /api/docs/json']);
/** The two generic dispatchers: every generic command and query is served through them. */
const GENERIC = new Set([`POST ${COMMANDS_PREFIX}:name`, `GET ${QUERIES_PREFIX}*`]);

const all = Object.values(operations) as OperationSpec[];
const routeOf = (op: OperationSpec) => `${op.method} ${op.path}`;

/**
 * The index and the server cannot drift: every operation in contracts/src/operations.ts is served, and every path
 * the server answers under /api is an operation of the index (or plumbing, named above).
 */
describe('operations served', () => {
  let app: TestApp;
  let routes: Set<string>;
  beforeAll(async () => {
    app = await startTestApp();
    routes = new Set(servedRoutes(app.embedded.app).map((r) => `${r.method} ${r.path}`));
  });
  afterAll(() => app?.close());

  it('serves every generic command of the index through a registered handler', () => {
    const served = app.embedded.app.get<ReadonlySet<string>>(COMMAND_ROUTES);
    const missing = all.filter((op) => op.kind === 'command' && !op.dedicated && !served.has(op.id)).map((op) => op.id);
    expect(missing).toEqual([]);
    // And nothing beyond the index.
    expect([...served].filter((id) => !(id in operations))).toEqual([]);
  });

  it('answers every generic query of the index', () => {
    const table = app.embedded.app.get<QueryTable>(QUERY_TABLE);
    const missing = all.filter((op) => op.kind === 'query' && !op.dedicated && !table.ids.includes(op.id)).map((op) => op.id);
    expect(missing).toEqual([]);
  });

  it('serves every dedicated operation at its own method and path', () => {
    const missing = all.filter((op) => op.dedicated && !routes.has(routeOf(op))).map(routeOf);
    expect(missing).toEqual([]);
  });

  it('serves nothing under /api that the index does not name', () => {
    const named = new Set(all.map(routeOf));
    const extra = [...routes].filter(
      (r) => r.split(' ')[1]!.startsWith('/api') && !r.startsWith('HEAD ') && !named.has(r) && !GENERIC.has(r) && !PLUMBING.has(r),
    );
    expect(extra).toEqual([]);
  });

  it('routes a generic query by its path parameters (a literal segment before a parameter)', async () => {
    const nearby = await fetch(`${app.baseUrl}/api/queries/stations/nearby?lat=30.05&lng=31.24`);
    expect(nearby.status).toBe(200);
    const station = await fetch(`${app.baseUrl}/api/queries/stations/no-such-station`);
    expect(station.status).toBe(404);
    expect(((await station.json()) as { code: string }).code).toBe('network.station_not_found');
    const unknown = await fetch(`${app.baseUrl}/api/queries/no/such/query`);
    expect(unknown.status).toBe(404);
    expect(((await unknown.json()) as { code: string }).code).toBe('not_found');
  });
});
