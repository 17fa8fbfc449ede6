import { z } from 'zod';
import { chargerTimelineQuerySchema, chargerTimelineViewSchema } from './timeline';
import { pagedSchema } from '../shared/api';
import { CUSTOMER, group, positionParamSchema, privilege, query } from '../shared/operation';
import { auditQuerySchema, chargerOperationsQuerySchema, eventRefSchema, eventSearchQuerySchema, walletLineRefSchema } from './schemas';
import {
  auditEntrySchema,
  chainViewSchema,
  chargerOperationsViewSchema,
  eventSearchPageSchema,
  eventViewSchema,
  provenanceViewSchema,
} from './views';

/**
 * The log as a tool: staff search it and follow chains (events.read); the charger operations view; a
 * customer's "how this was calculated" for their own sessions and wallet lines.
 */
export const auditOperations = group(
  query('audit.history', '/api/queries/admin/audit', {
    summary: "An item's history: events with actor, time, reason and field changes.",
    access: privilege('events.read'),
    input: auditQuerySchema,
    output: pagedSchema(auditEntrySchema),
  }),
  query('events.search', '/api/queries/admin/events', {
    summary:
      'Search the event log by stream, stream prefix, type, actor, correlation id, time range and free text; newest first, paged by position.',
    access: privilege('events.read'),
    input: eventSearchQuerySchema,
    output: eventSearchPageSchema,
  }),
  query('events.get', '/api/queries/admin/events/:position', {
    summary: 'One event of the log, with its metadata and its payload as fields (secrets and personal data masked by privilege).',
    access: privilege('events.read'),
    params: eventRefSchema,
    output: eventViewSchema,
  }),
  query('events.chain', '/api/queries/admin/events/:position/chain', {
    summary:
      "An event's causation and correlation chain across contexts, with the OCPP frames that caused it and the commands that started it.",
    access: privilege('events.read'),
    params: eventRefSchema,
    output: chainViewSchema,
  }),
  query('chargers.operations', '/api/queries/admin/chargers/:chargerId/operations', {
    summary: "A charger's connection history, boots, faults, sessions it dropped and its last hundred events.",
    access: privilege('events.read'),
    params: z.object({ chargerId: z.string().regex(/^[A-Za-z0-9_-]{3,48}$/) }),
    input: chargerOperationsQuerySchema,
    output: chargerOperationsViewSchema,
  }),
  query('me.session-provenance', '/api/queries/me/sessions/:sessionId/provenance', {
    summary: 'How the cost of one of your sessions was calculated, from its meter readings and the prices in force at its start.',
    access: CUSTOMER,
    params: z.object({ sessionId: z.uuid() }),
    input: positionParamSchema,
    output: provenanceViewSchema,
  }),
  query('me.wallet-provenance', '/api/queries/me/wallet/provenance', {
    summary: 'How one line of your wallet was calculated (a session, a payment, a booking fee, an adjustment).',
    access: CUSTOMER,
    input: walletLineRefSchema.extend(positionParamSchema.shape),
    output: provenanceViewSchema,
  }),
  query('chargers.timeline', '/api/queries/admin/chargers/:chargerId/timeline', {
    summary:
      "A charger's day in Cairo time, oldest first and paged: connections, boots, statuses, sessions, commands and answers, faults, alerts, firmware, diagnostics and any other event naming it.",
    access: privilege('events.read'),
    params: z.object({ chargerId: z.string().regex(/^[A-Za-z0-9_-]{3,48}$/) }),
    input: chargerTimelineQuerySchema,
    output: chargerTimelineViewSchema,
  }),
);
