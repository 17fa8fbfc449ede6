import { z } from 'zod';

/** A page view from the frontend's router: counted per path and day for staff, not a domain event. */
export const pageViewSchema = z.strictObject({
  path: z.string().min(1).max(200).regex(/^\//),
  locale: z.enum(['en', 'ar']).optional(),
});
export type PageView = z.infer<typeof pageViewSchema>;

export const pageViewCountSchema = z.object({ day: z.string(), path: z.string(), count: z.number().int() });
export type PageViewCount = z.infer<typeof pageViewCountSchema>;
export const pageViewCountsQuerySchema = z.object({
  from: z.iso.date().optional(),
  to: z.iso.date().optional(),
  page: z.coerce.number().int().min(1).default(1),
  pageSize: z.coerce.number().int().min(1).max(100).default(50),
});

export const versionFileSchema = z.object({ version: z.string() });

/** Message on the SSE stream /api/live: which read model changed, up to which position. */
export const liveChangeSchema = z.object({
  collection: z.string(),
  ids: z.array(z.string()).optional(),
  position: z.number().int(),
  /**
   * A private change (sessions, wallet, payments, notifications): never sent on the public /api/live; sent on the
   * signed-in customer's /api/live/me only to these customers (and to staff streams that follow the collection).
   */
  customerIds: z.array(z.string()).optional(),
});
export type LiveChange = z.infer<typeof liveChangeSchema>;

export const BUS_TOPICS = {
  pageViews: 'site.page-views',
  readModelChanged: 'readmodel.changed',
  ocppInbound: 'ocpp.inbound',
  /** Every frame in and out on a charger's socket, for the message log (not domain events). */
  ocppFrames: 'ocpp.frames',
  ocppOutbound: 'ocpp.outbound',
  ocppOutboundResults: 'ocpp.outbound.results',
  /** Request/reply for Authorize and transaction starts (see charging/ocpp-authorize.ts). */
  ocppAuthorize: 'ocpp.authorize',
  ocppAuthorizeReplies: 'ocpp.authorize.replies',
  /** A card turned off or on (cards context → every gateway node): its cached Authorize answer changes at once. */
  idTokenChanges: 'ocpp.id-token-changes',
} as const;

/** Runtime configuration the server gives the browser (never secrets). Served at CLIENT_CONFIG_PATH. */
export const clientConfigSchema = z.object({
  /** Leaflet tile URL template ({z}/{x}/{y}); null when none is configured (the map shows its fallback). */
  mapTileUrl: z.string().nullable(),
  mapAttribution: z.string().nullable(),
  version: z.string(),
});
export type ClientConfig = z.infer<typeof clientConfigSchema>;
export const CLIENT_CONFIG_PATH = '/api/config';
