import { pagedSchema } from '../shared/api';
import { command, dedicated, group, privilege, query } from '../shared/operation';
import {
  diagnosticsFileParamsSchema,
  diagnosticsRequestViewSchema,
  diagnosticsRequestsQuerySchema,
  diagnosticsTextSchema,
  requestDiagnosticsSchema,
} from './schemas';
import { z } from 'zod';

const manage = privilege('diagnostics.manage');

/** Chargers' diagnostics: ask for the file, follow the request, download or read it. */
export const diagnosticsOperations = group(
  command('diagnostics.request', {
    summary:
      'Ask a charger for its diagnostics (1.6 GetDiagnostics, 2.0.1 GetLog): it gets a one-time upload URL; idempotent on requestId. One request open per charger at a time.',
    access: manage,
    input: requestDiagnosticsSchema,
  }),
  query('diagnostics.requests', '/api/queries/admin/diagnostics', {
    summary: "A charger's diagnostics requests, newest first, with status and the uploaded file.",
    access: manage,
    input: diagnosticsRequestsQuerySchema,
    output: pagedSchema(diagnosticsRequestViewSchema),
  }),
  dedicated({
    id: 'diagnostics.file',
    kind: 'query',
    method: 'GET',
    path: '/api/diagnostics/:chargerId/:requestId/file',
    summary: 'The uploaded diagnostics file, as a download (never shown inline).',
    access: manage,
    params: diagnosticsFileParamsSchema,
    output: z.unknown(),
  } as const),
  dedicated({
    id: 'diagnostics.text',
    kind: 'query',
    method: 'GET',
    path: '/api/diagnostics/:chargerId/:requestId/text',
    summary: 'The uploaded diagnostics file as text (its first 256 KB), or binary: true when it is not text.',
    access: manage,
    params: diagnosticsFileParamsSchema,
    output: diagnosticsTextSchema,
  } as const),
);
