import { z } from 'zod';
import { pagedSchema } from '../shared/api';
import { PUBLIC, dedicated, group, privilege, query } from '../shared/operation';
import { demoStartSchema, demoStatusSchema, demoStepSchema } from './demo';
import {
  CLIENT_CONFIG_PATH,
  clientConfigSchema,
  liveChangeSchema,
  pageViewCountSchema,
  pageViewCountsQuerySchema,
  pageViewSchema,
} from './schemas';

export const LIVE_PATH = '/api/live';
export const VERSION_FILE_PATH = '/version.json';

/** Site plumbing: page views, the browser's runtime configuration, live read-model changes. */
export const siteOperations = group(
  dedicated({
    id: 'site.page-view',
    kind: 'command',
    method: 'POST',
    path: '/api/page-views',
    summary: 'Record a page view (counted per path and day; not a domain event). Answers 202.',
    access: PUBLIC,
    input: pageViewSchema,
    output: z.object({ accepted: z.literal(true) }),
  } as const),
  query('site.page-view-counts', '/api/queries/page-views', {
    summary: 'Page views per path and Cairo day, for staff with analytics.read.',
    access: privilege('analytics.read'),
    input: pageViewCountsQuerySchema,
    output: pagedSchema(pageViewCountSchema),
  }),
  dedicated({
    id: 'site.config',
    kind: 'query',
    method: 'GET',
    path: CLIENT_CONFIG_PATH,
    summary: "The browser's runtime configuration (map tiles, version); never secrets.",
    access: PUBLIC,
    output: clientConfigSchema,
  } as const),
  dedicated({
    id: 'live.changes',
    kind: 'query',
    method: 'GET',
    path: LIVE_PATH,
    summary:
      'Server-sent events: one `change` event per public read-model change ({collection, ids?, position}); `collections` narrows them.',
    access: PUBLIC,
    input: z.object({
      collections: z
        .string()
        .regex(/^[\w,-]{1,200}$/)
        .optional(),
    }),
    output: liveChangeSchema,
  } as const),
  dedicated({
    id: 'live.mine',
    kind: 'query',
    method: 'GET',
    path: `${LIVE_PATH}/me`,
    summary: "Server-sent events of the signed-in account's private read-model changes (bearer token; read with fetch).",
    access: { kind: 'authenticated' },
    output: liveChangeSchema,
  } as const),
  dedicated({
    id: 'demo.status',
    kind: 'query',
    method: 'GET',
    path: '/api/demo',
    summary: 'The guided demonstration: available here (embedded profile only), running, its simulated chargers and the walk-through step.',
    access: PUBLIC,
    output: demoStatusSchema,
  } as const),
  dedicated({
    id: 'demo.start',
    kind: 'command',
    method: 'POST',
    path: '/api/demo/start',
    summary: 'Start the demonstration (embedded profile only; one at a time; a start while it runs joins it; rate-limited per address).',
    access: PUBLIC,
    input: demoStartSchema,
    output: demoStatusSchema,
  } as const),
  dedicated({
    id: 'demo.step',
    kind: 'command',
    method: 'POST',
    path: '/api/demo/step',
    summary: "The walk-through's next step on the first simulated charger: plug in, start with the demo card, stop.",
    access: PUBLIC,
    input: demoStepSchema,
    output: demoStatusSchema,
  } as const),
);
