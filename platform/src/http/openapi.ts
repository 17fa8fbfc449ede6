import { z } from 'zod';
import { APP_VERSION, ERROR_CODES, operations, type OperationSpec } from '@evc/contracts';

type JsonSchema = Record<string, unknown>;
const schemaOf = (s: z.ZodType, io: 'input' | 'output'): JsonSchema =>
  z.toJSONSchema(s, { io, unrepresentable: 'any', target: 'openapi-3.0' }) as JsonSchema;

const errorSchema: JsonSchema = {
  type: 'object',
  required: ['code', 'message'],
  properties: {
    code: { type: 'string', enum: [...ERROR_CODES] },
    message: { type: 'string' },
    fieldErrors: {
      type: 'array',
      items: { type: 'object', properties: { path: { type: 'string' }, code: { type: 'string' }, params: { type: 'object' } } },
    },
  },
};

const accessLabel = (access: OperationSpec['access']): string =>
  access.kind === 'privilege'
    ? `privilege ${access.privilege}`
    : access.kind === 'customer'
      ? 'signed-in customer'
      : access.kind === 'staff'
        ? 'signed-in staff'
        : 'signed-in user';

function operationObject(id: string, spec: OperationSpec): JsonSchema {
  const parameters: JsonSchema[] = [];
  if (spec.params) {
    const props = (schemaOf(spec.params, 'input').properties ?? {}) as Record<string, JsonSchema>;
    for (const [name, schema] of Object.entries(props)) parameters.push({ name, in: 'path', required: true, schema });
  }
  if (spec.kind === 'query' && spec.input) {
    const json = schemaOf(spec.input, 'input');
    const required = new Set((json.required as string[] | undefined) ?? []);
    for (const [name, schema] of Object.entries((json.properties ?? {}) as Record<string, JsonSchema>)) {
      parameters.push({ name, in: 'query', required: required.has(name), schema });
    }
  }
  const errors = { description: 'Error', content: { 'application/json': { schema: { $ref: '#/components/schemas/ApiError' } } } };
  return {
    operationId: id,
    summary: spec.summary,
    tags: [spec.kind === 'command' ? 'commands' : 'queries'],
    ...(spec.access.kind === 'public' ? { security: [] } : { security: [{ bearer: [] }], 'x-access': accessLabel(spec.access) }),
    ...(parameters.length ? { parameters } : {}),
    ...(spec.kind === 'command' && spec.input
      ? { requestBody: { required: true, content: { 'application/json': { schema: schemaOf(spec.input, 'input') } } } }
      : {}),
    responses: {
      [spec.path === '/api/page-views' ? '202' : '200']: {
        description: 'OK',
        content: { 'application/json': { schema: schemaOf(spec.output, 'output') } },
      },
      '400': errors,
      '401': errors,
      '403': errors,
      '404': errors,
      '409': errors,
      '422': errors,
    },
  };
}

/** OpenAPI 3 document of every command and query, generated from the shared contracts. */
export function buildOpenApiDocument(): JsonSchema {
  const paths: Record<string, Record<string, JsonSchema>> = {};
  for (const [id, spec] of Object.entries(operations) as [string, OperationSpec][]) {
    const path = spec.path.replace(/:(\w+)/g, '{$1}');
    paths[path] = { ...paths[path], [spec.method.toLowerCase()]: operationObject(id, spec) };
  }
  return {
    openapi: '3.0.3',
    info: {
      title: 'Egypt EV charging network API',
      version: APP_VERSION,
      description: 'Commands answer {streamId, revision, position}; pass `position` to a query to read your own write.',
    },
    paths,
    components: {
      schemas: { ApiError: errorSchema },
      securitySchemes: { bearer: { type: 'http', scheme: 'bearer' } },
    },
  };
}

/** A small self-contained HTML page listing the operations (no CDN: Swagger UI is not fetched). */
export function renderOpenApiHtml(doc: JsonSchema): string {
  const esc = (s: unknown) => String(s).replace(/[&<>"]/g, (c) => `&#${c.charCodeAt(0)};`);
  const rows = Object.entries(doc.paths as Record<string, Record<string, JsonSchema>>)
    .flatMap(([path, ops]) =>
      Object.entries(ops).map(
        ([method, op]) =>
          `<tr><td><code>${esc(method.toUpperCase())}</code></td><td><code>${esc(path)}</code></td><td>${esc(op.summary)}</td><td>${op['x-access'] ? esc(op['x-access']) : 'public'}</td></tr>`,
      ),
    )
    .join('\n');
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>API docs</title>
<style>body{font-family:system-ui,sans-serif;margin:2rem;max-width:70rem}table{border-collapse:collapse;width:100%}td,th{border-bottom:1px solid #ddd;padding:.4rem;text-align:start;vertical-align:top}</style>
</head><body><h1>Egypt EV charging network API ${esc((doc.info as JsonSchema).version)}</h1>
<p>Machine-readable OpenAPI document: <a href="/api/docs/json">/api/docs/json</a>.</p>
<table><thead><tr><th>Method</th><th>Path</th><th>What it does</th><th>Access</th></tr></thead><tbody>${rows}</tbody></table></body></html>`;
}
