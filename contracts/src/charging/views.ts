import { z } from 'zod';
import { cursorSchema, pagingQuerySchema } from '../shared/api';
import { CONNECTOR_TYPES, CURRENT_TYPES } from '../network/index';
import { ID_TOKEN_STATUSES, NOTIFICATION_KINDS, SESSION_FAILURES, SESSION_STATUSES, STOP_REASONS, sessionTargetSchema } from './schemas';

const actorView = z.object({ type: z.string(), id: z.string(), name: z.string().nullable() });

/** A charging session as its customer sees it (read model `sessions`); costs in piastres, energy in Wh. */
export const sessionViewSchema = z.object({
  sessionId: z.string(),
  origin: z.enum(['app', 'card']),
  status: z.enum(SESSION_STATUSES),
  failure: z.enum(SESSION_FAILURES).nullable(),
  stopReason: z.enum(STOP_REASONS).nullable(),
  chargerId: z.string(),
  stationId: z.string(),
  stationNameEn: z.string(),
  stationNameAr: z.string(),
  connectorId: z.number().int(),
  connectorType: z.enum(CONNECTOR_TYPES),
  current: z.enum(CURRENT_TYPES),
  carId: z.string().nullable(),
  /** e.g. "Nissan Leaf", for the session line; null for card sessions without a car. */
  carLabel: z.string().nullable(),
  /** The same in Arabic (brand and type translations). */
  carLabelAr: z.string().nullable(),
  target: sessionTargetSchema,
  pricePerKwh: z.number().int(),
  minimumCharge: z.number().int(),
  requestedAt: z.string(),
  startedAt: z.string().nullable(),
  stoppedAt: z.string().nullable(),
  /** Energy so far (or final), from the meter registers: latest register − meterStart. */
  energyWh: z.number().int(),
  /** Latest power and state of charge the charger sent. */
  powerW: z.number().int().nullable(),
  socPercent: z.number().nullable(),
  /** Running cost while charging, the final cost once stopped. */
  cost: z.number().int(),
  /** The wallet debit was recorded (at stop). */
  billed: z.boolean(),
  lastReadingAt: z.string().nullable(),
});
export type SessionView = z.infer<typeof sessionViewSchema>;

export const meterReadingViewSchema = z.object({
  timestamp: z.string(),
  energyWh: z.number().int(),
  powerW: z.number().int().nullable(),
  socPercent: z.number().nullable(),
});
export type MeterReadingView = z.infer<typeof meterReadingViewSchema>;

/** One event in the session's timeline (staff detail and the customer's own detail). */
export const sessionTimelineEntrySchema = z.object({ type: z.string(), at: z.string(), actor: actorView, reason: z.string().nullable() });

export const sessionDetailViewSchema = sessionViewSchema.extend({
  transactionId: z.string().nullable(),
  meterStartWh: z.number().int().nullable(),
  meterStopWh: z.number().int().nullable(),
  readings: z.array(meterReadingViewSchema),
  timeline: z.array(sessionTimelineEntrySchema),
});
export type SessionDetailView = z.infer<typeof sessionDetailViewSchema>;

/**
 * Staff list line: the customer's name; `customerId` only to staff with customers.read (the profile link); `refusal`:
 * the status a refused card start was given (recorded with its energy, cost 0, never shown to its customer).
 */
export const sessionAdminViewSchema = sessionViewSchema.extend({
  customerName: z.string().nullable(),
  customerId: z.string().nullable(),
  refusal: z.enum(ID_TOKEN_STATUSES).nullable(),
});
export type SessionAdminView = z.infer<typeof sessionAdminViewSchema>;
export const sessionAdminDetailViewSchema = sessionDetailViewSchema.extend({
  customerName: z.string().nullable(),
  customerId: z.string().nullable(),
  refusal: z.enum(ID_TOKEN_STATUSES).nullable(),
  /** The part of the cost the wallet could not cover at billing (piastres; 0 when it paid all), for staff to follow up. */
  shortfall: z.number().int(),
});
export type SessionAdminDetailView = z.infer<typeof sessionAdminDetailViewSchema>;

export const mySessionsQuerySchema = pagingQuerySchema.extend({
  status: z.enum(['active', 'all']).default('all'),
  cursor: cursorSchema.optional(),
});
export type MySessionsQuery = z.infer<typeof mySessionsQuerySchema>;

export const adminSessionsQuerySchema = pagingQuerySchema.extend({
  status: z.enum(SESSION_STATUSES).optional(),
  stationId: z.string().max(64).optional(),
  chargerId: z.string().max(64).optional(),
  customerId: z.string().max(64).optional(),
  /** Requested at or after / before (ISO dates or date-times). */
  from: z.iso.datetime().or(z.iso.date()).optional(),
  to: z.iso.datetime().or(z.iso.date()).optional(),
  q: z.string().trim().max(60).optional(),
  sort: z.enum(['requestedAt', 'cost', 'energyWh']).default('requestedAt'),
  dir: z.enum(['asc', 'desc']).default('desc'),
  cursor: cursorSchema.optional(),
});
export type AdminSessionsQuery = z.infer<typeof adminSessionsQuerySchema>;

export const notificationViewSchema = z.object({
  notificationId: z.string(),
  kind: z.enum(NOTIFICATION_KINDS),
  /** Values for the translated text: amount/cost in piastres, energyWh, sessionId, paymentId, stationNameEn/Ar. */
  params: z.record(z.string(), z.union([z.string(), z.number(), z.null()])),
  isSeen: z.boolean(),
  incomingDate: z.string(),
  /** Cairo date of incomingDate (YYYY-MM-DD): the list groups by it. */
  dateKey: z.string(),
});
export type NotificationView = z.infer<typeof notificationViewSchema>;
export const notificationsViewSchema = z.object({
  dataList: z.array(notificationViewSchema),
  totalCount: z.number().int(),
  unseenCount: z.number().int(),
  /** Pass it as `cursor` for the older notifications (null: none). */
  nextCursor: z.string().nullable(),
});
export const notificationsQuerySchema = pagingQuerySchema.extend({ cursor: cursorSchema.optional() });
export type NotificationsQuery = z.infer<typeof notificationsQuerySchema>;
export type NotificationsView = z.infer<typeof notificationsViewSchema>;

export const carViewSchema = z.object({
  carId: z.string(),
  brandId: z.string(),
  brandNameEn: z.string(),
  brandNameAr: z.string(),
  typeId: z.string(),
  typeNameEn: z.string(),
  typeNameAr: z.string(),
  batteryRangeId: z.string(),
  batteryRangeName: z.string(),
  /** The licence images (front and back) or the customs release certificate: the customer's own uploads. */
  licence: z.union([z.object({ frontFileId: z.string(), backFileId: z.string() }), z.object({ customsCertificateFileId: z.string() })]),
  /** The battery range's Arabic name (its English name when it has none). */
  batteryRangeNameAr: z.string(),
  createdAt: z.string(),
  /** The car stream's revision (an edit sends it back as expectedRevision). */
  revision: z.number().int(),
});
export type CarView = z.infer<typeof carViewSchema>;

/** A charger found by the serial number or the charger id printed on it (the start-by-serial form), with its station. */
export const chargerLookupQuerySchema = z.object({ serialNumber: z.string().trim().min(3).max(48) });

export const idTokenStatusSchema = z.enum(ID_TOKEN_STATUSES);
