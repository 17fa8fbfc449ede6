import { z } from 'zod';
import { commandResultSchema, pagedSchema } from './api';
import { governorateViewSchema } from './catalog/views';
import { submitContactRequestSchema } from './contact/schemas';
import {
  nearbyStationsQuerySchema,
  networkStatsSchema,
  pricingViewSchema,
  stationViewSchema,
  stationsQuerySchema,
} from './network/views';
import { pageViewCountSchema, pageViewCountsQuerySchema, pageViewSchema } from './site/schemas';

/** Who may call an operation. Privileges are checked by the server for every command and query. */
export type Access = { kind: 'public' } | { kind: 'privilege'; privilege: string };
export const PUBLIC: Access = { kind: 'public' };

export interface OperationSpec {
  kind: 'command' | 'query';
  method: 'GET' | 'POST';
  path: string;
  summary: string;
  access: Access;
  /** Body (commands) or query string (queries). */
  input?: z.ZodType;
  /** Path parameters, e.g. { id }. */
  params?: z.ZodType;
  output: z.ZodType;
}

/** Every HTTP operation of the API: the server registers these, OpenAPI describes them, the frontend calls them. */
export const operations = {
  'contact-requests.submit': {
    kind: 'command',
    method: 'POST',
    path: '/api/commands/contact-requests.submit',
    summary: 'Submit the public contact form; files a contact request for staff.',
    access: PUBLIC,
    input: submitContactRequestSchema,
    output: commandResultSchema,
  },
  'stations.list': {
    kind: 'query',
    method: 'GET',
    path: '/api/queries/stations',
    summary: 'Stations with their chargers and live connector status; filter by governorate, connector type, power, availability, text.',
    access: PUBLIC,
    input: stationsQuerySchema,
    output: pagedSchema(stationViewSchema),
  },
  'stations.nearby': {
    kind: 'query',
    method: 'GET',
    path: '/api/queries/stations/nearby',
    summary: 'Stations within a radius of a point, nearest first, with distance in metres.',
    access: PUBLIC,
    input: nearbyStationsQuerySchema,
    output: pagedSchema(stationViewSchema),
  },
  'stations.get': {
    kind: 'query',
    method: 'GET',
    path: '/api/queries/stations/:stationId',
    summary: 'One station with its chargers and connectors.',
    access: PUBLIC,
    params: z.object({ stationId: z.string().max(64) }),
    output: stationViewSchema,
  },
  'governorates.list': {
    kind: 'query',
    method: 'GET',
    path: '/api/queries/governorates',
    summary: 'Active governorates with the number of stations in each.',
    access: PUBLIC,
    output: pagedSchema(governorateViewSchema),
  },
  'network.stats': {
    kind: 'query',
    method: 'GET',
    path: '/api/queries/network-stats',
    summary: 'Network statistics for the landing page.',
    access: PUBLIC,
    output: networkStatsSchema,
  },
  'pricing.current': {
    kind: 'query',
    method: 'GET',
    path: '/api/queries/pricing',
    summary: 'Prices in force now (piastres).',
    access: PUBLIC,
    output: pricingViewSchema,
  },
  'site.page-view': {
    kind: 'command',
    method: 'POST',
    path: '/api/page-views',
    summary: 'Record a page view (counted per path and day; not a domain event). Answers 202.',
    access: PUBLIC,
    input: pageViewSchema,
    output: z.object({ accepted: z.literal(true) }),
  },
  'site.page-view-counts': {
    kind: 'query',
    method: 'GET',
    path: '/api/queries/page-views',
    summary: 'Page views per path and UTC day, for staff.',
    access: { kind: 'privilege', privilege: 'analytics.read' },
    input: pageViewCountsQuerySchema,
    output: pagedSchema(pageViewCountSchema),
  },
} as const satisfies Record<string, OperationSpec>;

export type OperationId = keyof typeof operations;
export const LIVE_PATH = '/api/live';
export const VERSION_FILE_PATH = '/version.json';
