import { z } from 'zod';
import { normalizeDigits } from '../shared/digits';

export const EVENT_ACTOR_TYPES = ['customer', 'staff', 'charger', 'system', 'visitor'] as const;

const position = z.coerce.number().int().min(0);
const text = (max: number) => z.string().trim().min(1).max(max);
/** Ids (streams, actors, correlations) are ASCII: digits typed on an Arabic keyboard count as the same digits. */
const id = (max: number) => text(max).transform(normalizeDigits);

/**
 * The event explorer's search (staff, events.read). Every criterion is optional and they combine (AND). Results are
 * newest first; `before` (the `next` of the previous page) pages back, so pages hold while events are appended;
 * `after` asks only for what is newer than the newest event shown (the live tail).
 */
export const eventSearchQuerySchema = z
  .object({
    /** One stream, e.g. `wallet-<customerId>`. */
    stream: id(200).optional(),
    /** Streams starting with this, e.g. `wallet-` (every wallet) or `charger-live-`. */
    streamPrefix: id(200).optional(),
    /** An event type, e.g. `WalletDebited`. */
    type: text(100)
      .regex(/^[A-Za-z][A-Za-z0-9_.]*$/)
      .optional(),
    actorType: z.enum(EVENT_ACTOR_TYPES).optional(),
    actorId: id(100).optional(),
    correlationId: id(100).optional(),
    /** Recorded at or after / before (ISO-8601 date-times). */
    from: z.iso.datetime({ offset: true }).optional(),
    to: z.iso.datetime({ offset: true }).optional(),
    /** Free text in the payload (as the caller may see it: masked values never match), the stream, the type or the reason. */
    q: text(100).optional(),
    /**
     * Sign-ins, token refreshes and sign-outs (the `refresh-family-` streams) are left out of a search that names no
     * stream, prefix, type or correlation unless `show`: every active person's refresh would otherwise fill the page.
     */
    signIns: z.enum(['hide', 'show']).optional(),
    before: position.min(1).optional(),
    after: position.optional(),
    pageSize: z.coerce.number().int().min(1).max(200).default(50),
  })
  .refine((q) => !q.from || !q.to || Date.parse(q.from) <= Date.parse(q.to), { path: ['to'], params: { code: 'range_reversed' } });
export type EventSearchQuery = z.infer<typeof eventSearchQuerySchema>;

/** One event by its position in the log (what the explorer links to). */
export const eventRefSchema = z.object({ position: z.coerce.number().int().min(1) });

/** A charger's operations view: its history over a window (default: the last 7 days). */
export const chargerOperationsQuerySchema = z
  .object({
    from: z.iso.datetime({ offset: true }).optional(),
    to: z.iso.datetime({ offset: true }).optional(),
  })
  .refine((q) => !q.from || !q.to || Date.parse(q.from) <= Date.parse(q.to), { path: ['to'], params: { code: 'range_reversed' } });
export type ChargerOperationsQuery = z.infer<typeof chargerOperationsQuerySchema>;

/** A wallet line of the signed-in customer, by its transaction id (`session:<id>`, `payment:<id>`, …). */
export const walletLineRefSchema = z.object({ transactionId: z.string().trim().min(3).max(120) });

export const auditQuerySchema = z.object({
  /** A stream of the network or catalog contexts, e.g. station-cai-zamalek, charger-EVC-001-AC1, masterdata-brand-byd. */
  streamId: z.string().regex(/^[a-z][a-z-]*-[\w.:-]{1,100}$/),
  page: z.coerce.number().int().min(1).default(1),
  pageSize: z.coerce.number().int().min(1).max(100).default(50),
});
