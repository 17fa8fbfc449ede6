import { z } from 'zod';
import { CONNECTOR_STATUSES } from '../network/index';
import { EVENT_ACTOR_TYPES } from './schemas';

const scalar = z.union([z.string(), z.number(), z.boolean(), z.null()]);

/**
 * One field of an event's payload, flattened to a dotted path (`reference.id`, `readings.0.energyWh`). A masked field
 * has no value: `secret` (keys, hashes, tokens, passwords: never shown to anyone), `personal` (e-mail, phone,
 * names, addresses, card ids and app tokens: shown only to staff with customers.read) or `contact` (what a contact
 * request holds: shown only to staff with contact.manage).
 */
export const FIELD_MASKS = ['secret', 'personal', 'contact'] as const;
export const eventFieldSchema = z.object({ path: z.string(), value: scalar, masked: z.enum(FIELD_MASKS).nullable() });
export type EventField = z.infer<typeof eventFieldSchema>;

export const eventActorViewSchema = z.object({
  type: z.enum(EVENT_ACTOR_TYPES),
  id: z.string(),
  /** The account's name (customers' only with customers.read), else null. */
  name: z.string().nullable(),
});

/** An event of the log as the explorer shows it: where it is, who, when, why, the chain ids and its fields. */
export const eventViewSchema = z.object({
  position: z.number().int(),
  streamId: z.string(),
  revision: z.number().int(),
  eventId: z.string(),
  type: z.string(),
  recordedAt: z.string(),
  occurredAt: z.string(),
  actor: eventActorViewSchema,
  correlationId: z.string(),
  causationId: z.string(),
  reason: z.string().nullable(),
  schemaVersion: z.number().int(),
  fields: z.array(eventFieldSchema),
  /** More fields than shown (a very large payload). */
  fieldsTruncated: z.boolean(),
});
export type EventView = z.infer<typeof eventViewSchema>;

/**
 * A page of a search. `next`: pass it as `before` for older results (null: nothing older matches). A search reads at
 * most a bounded number of events per request: `scanned` says how many; when the page is not full and `next` is not
 * null, older matches may still exist (ask again). `head`: the log's position when asked (the live tail's start).
 * `gap`: with `after`, more new events matched than one page holds (the oldest of them are not in this page).
 */
export const eventSearchPageSchema = z.object({
  dataList: z.array(eventViewSchema),
  next: z.number().int().nullable(),
  scanned: z.number().int(),
  head: z.number().int(),
  gap: z.boolean(),
});
export type EventSearchPage = z.infer<typeof eventSearchPageSchema>;

/** How an event joined a chain. */
export const CHAIN_LINKS = ['start', 'correlation', 'cause', 'item', 'context'] as const;
export const chainEventSchema = eventViewSchema.extend({
  link: z.enum(CHAIN_LINKS),
  /** The event id (or frame id) of what caused it, when it is in this chain. */
  causedBy: z.string().nullable(),
});
export type ChainEvent = z.infer<typeof chainEventSchema>;

/** An OCPP frame that caused events of the chain (from the charger message log, which keeps the newest 1,000 per charger). */
export const chainFrameSchema = z.object({
  frameId: z.string(),
  chargerId: z.string(),
  connectionId: z.string(),
  messageId: z.string(),
  direction: z.enum(['in', 'out']),
  kind: z.string(),
  action: z.string(),
  at: z.string(),
  payload: z.unknown(),
  error: z.string().nullable(),
  /** The events of the chain it caused. */
  caused: z.array(z.string()),
});
export type ChainFrame = z.infer<typeof chainFrameSchema>;

/** One command or message that started events of the chain: the first event of a correlation, with its author. */
export const chainOriginSchema = z.object({
  correlationId: z.string(),
  eventId: z.string(),
  type: z.string(),
  at: z.string(),
  actor: eventActorViewSchema,
  reason: z.string().nullable(),
});

/**
 * The causation and correlation chain of an event, oldest first, across contexts. `framesHidden`: frames referenced
 * but not shown (the charger message log needs stations.write, or has dropped them).
 */
export const chainViewSchema = z.object({
  start: z.string(),
  events: z.array(chainEventSchema),
  frames: z.array(chainFrameSchema),
  framesHidden: z.number().int(),
  origins: z.array(chainOriginSchema),
  truncated: z.boolean(),
});
export type ChainView = z.infer<typeof chainViewSchema>;

export const chargerConnectionSchema = z.object({
  connectionId: z.string(),
  protocol: z.string(),
  connectedAt: z.string().nullable(),
  disconnectedAt: z.string().nullable(),
  /** closed: the socket closed; silent: nothing heard for too long. */
  reason: z.enum(['closed', 'silent']).nullable(),
});
export const chargerBootSchema = z.object({
  at: z.string(),
  reason: z.string().nullable(),
  vendor: z.string(),
  model: z.string(),
  firmwareVersion: z.string().nullable(),
  connectionId: z.string(),
});
export const chargerFaultSchema = z.object({
  at: z.string(),
  connectorId: z.number().int(),
  status: z.enum(CONNECTOR_STATUSES),
  ocppStatus: z.string(),
  code: z.string(),
  info: z.string().nullable(),
  vendorErrorCode: z.string().nullable(),
  /** When the connector next reported no fault (null: still faulted in the window). */
  clearedAt: z.string().nullable(),
});
/** A session on this charger that ended other than at the driver's or staff's request, with what the charger did around it. */
export const droppedSessionSchema = z.object({
  sessionId: z.string(),
  connectorId: z.number().int(),
  status: z.string(),
  stopReason: z.string().nullable(),
  failure: z.string().nullable(),
  /** The charger's own words (1.6 Reason, 2.0.1 stoppedReason). */
  chargerReason: z.string().nullable(),
  endedAt: z.string(),
  /** Connections, boots and faults of the charger from 10 minutes before to 1 minute after the end. */
  around: z.array(z.object({ at: z.string(), type: z.string(), position: z.number().int(), detail: z.string().nullable() })),
});

/** What an engineer on call needs about one charger: connection history, boots, faults, dropped sessions, its last events. */
export const chargerOperationsViewSchema = z.object({
  chargerId: z.string(),
  stationId: z.string().nullable(),
  online: z.boolean(),
  from: z.string(),
  to: z.string(),
  connections: z.array(chargerConnectionSchema),
  boots: z.array(chargerBootSchema),
  faults: z.array(chargerFaultSchema),
  dropped: z.array(droppedSessionSchema),
  /** The charger's last hundred events (its own streams, its commands, its sessions' lifecycle), newest first. */
  events: z.array(eventViewSchema),
});
export type ChargerOperationsView = z.infer<typeof chargerOperationsViewSchema>;

/** Steps of "how this was calculated": each is a sentence in the UI, its values filled in. */
export const PROVENANCE_STEPS = [
  'session.started',
  'session.prices',
  'session.meter_start',
  'session.readings',
  'session.meter_stop',
  'session.energy',
  'session.energy_cost',
  'session.minimum_applied',
  'session.minimum_not_needed',
  'session.running',
  'session.stopped',
  'session.failed',
  'session.billed',
  'payment.started',
  'payment.completed',
  'adjustment.made',
  'booking.fee',
  'wallet.credited',
  'wallet.debited',
] as const;
export type ProvenanceStepCode = (typeof PROVENANCE_STEPS)[number];
export const provenanceStepSchema = z.object({
  code: z.enum(PROVENANCE_STEPS),
  at: z.string().nullable(),
  values: z.record(z.string(), z.union([z.string(), z.number(), z.null()])),
});
export type ProvenanceStep = z.infer<typeof provenanceStepSchema>;

/**
 * "How this was calculated" for a customer's session or wallet line: their own facts only (meter readings, the prices
 * in force at start, the minimum charge, the booking fee, the payment's provider reference), never staff-internal ones.
 */
export const provenanceViewSchema = z.object({
  subject: z.enum(['session', 'wallet_line']),
  /** The amount explained (piastres): the session's cost, the line's amount. */
  amount: z.number().int(),
  steps: z.array(provenanceStepSchema),
  /** The meter readings the energy comes from (sessions), oldest first. */
  readings: z.array(z.object({ timestamp: z.string(), energyWh: z.number().int() })),
});
export type ProvenanceView = z.infer<typeof provenanceViewSchema>;

/** One event of an item's history, as the audit panel shows it. */
export const auditEntrySchema = z.object({
  eventId: z.string(),
  type: z.string(),
  revision: z.number().int(),
  occurredAt: z.string(),
  actor: z.object({ type: z.string(), id: z.string(), name: z.string().nullable() }),
  reason: z.string().nullable(),
  /**
   * Field-level changes against the state before the event. A masked field (as the event explorer masks it: secrets
   * for everyone, personal data and contact requests by privilege) says only that it changed: before and after null.
   */
  changes: z.array(z.object({ field: z.string(), before: z.unknown(), after: z.unknown(), masked: z.enum(FIELD_MASKS).nullable() })),
});
export type AuditEntry = z.infer<typeof auditEntrySchema>;
