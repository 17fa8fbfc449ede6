import { z } from 'zod';
import { adminListQuerySchema } from '../shared/list-query';
import { ALERT_KINDS, ALERT_STATES } from './schemas';

const personSchema = z.object({ id: z.string(), name: z.string().nullable() });

/** An alert in the on-call inbox (alerts.read). */
export const alertRowSchema = z.object({
  alertId: z.string(),
  kind: z.enum(ALERT_KINDS),
  state: z.enum(ALERT_STATES),
  chargerId: z.string(),
  stationId: z.string().nullable(),
  stationNameEn: z.string().nullable(),
  stationNameAr: z.string().nullable(),
  governorateId: z.string().nullable(),
  connectorId: z.number().int().nullable(),
  errorCode: z.string().nullable(),
  openedAt: z.string(),
  updatedAt: z.string(),
  resolvedAt: z.string().nullable(),
});
export type AlertRow = z.infer<typeof alertRowSchema>;

/** One step of an alert's history: what happened, when, by whom (null: the charger or the system) and their words. */
export const alertHistoryEntrySchema = z.object({
  what: z.enum(['opened', 'acknowledged', 'noted', 'resolved', 'recovered', 'mailed']),
  at: z.string(),
  by: personSchema.nullable(),
  text: z.string().nullable(),
  /** mailed: about the opening or the resolution, how many staff, and the outcome. */
  mail: z
    .object({ about: z.enum(['opened', 'resolved']), recipients: z.number().int(), outcome: z.enum(['sent', 'failed', 'none']) })
    .nullable(),
});
export type AlertHistoryEntry = z.infer<typeof alertHistoryEntrySchema>;

/** One alert with what caused it and its history (notes included). */
export const alertDetailSchema = alertRowSchema.extend({
  info: z.string().nullable(),
  vendorErrorCode: z.string().nullable(),
  since: z.string(),
  transactionId: z.string().nullable(),
  lastMeterAt: z.string().nullable(),
  history: z.array(alertHistoryEntrySchema),
});
export type AlertDetail = z.infer<typeof alertDetailSchema>;

/** The inbox: the admin list parameters plus state, station and kind. */
export const adminAlertsQuerySchema = adminListQuerySchema.extend({
  state: z.enum(ALERT_STATES).optional(),
  stationId: z.string().max(64).optional(),
  kind: z.enum(ALERT_KINDS).optional(),
});
export type AdminAlertsQuery = z.infer<typeof adminAlertsQuerySchema>;

/** The caller's own subscriptions. */
export const myAlertSubscriptionsSchema = z.object({ stationIds: z.array(z.string()), governorateIds: z.array(z.string()) });
export type MyAlertSubscriptions = z.infer<typeof myAlertSubscriptionsSchema>;
