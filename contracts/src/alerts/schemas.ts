import { z } from 'zod';
import { idSchema } from '../shared/common';
import { multilineTextSchema } from '../shared/text';

/**
 * What opens an alert: a connector reported Faulted; the charger was not heard from beyond its heartbeat interval
 * plus a margin; a transaction open too long with no meter values for a while; a connector left in Preparing too long.
 */
export const ALERT_KINDS = ['faulted', 'silent', 'transaction-stuck', 'preparing-stuck'] as const;
export type AlertKind = (typeof ALERT_KINDS)[number];
export const ALERT_STATES = ['open', 'acknowledged', 'resolved'] as const;
export type AlertState = (typeof ALERT_STATES)[number];

/** Most characters of a staff note, or of the why of an acknowledgement or a resolution. */
export const ALERT_NOTE_MAX = 1000;

/** Which alert a staff member acts on: its charger and kind name the stream, its id the occurrence. */
const alertRef = { chargerId: idSchema, kind: z.enum(ALERT_KINDS), alertId: z.uuid() };

/** "I am on it", with why (required: the on-call log says who took it and what they do). */
export const acknowledgeAlertSchema = z.strictObject({ ...alertRef, reason: multilineTextSchema(1, ALERT_NOTE_MAX) });
export type AcknowledgeAlert = z.infer<typeof acknowledgeAlertSchema>;

/** Closed by staff, with why (the charger may recover by itself too: the alert then resolves on its own). */
export const resolveAlertSchema = z.strictObject({ ...alertRef, reason: multilineTextSchema(1, ALERT_NOTE_MAX) });
export type ResolveAlert = z.infer<typeof resolveAlertSchema>;

/** A note on an alert, idempotent on noteId. */
export const noteAlertSchema = z.strictObject({ ...alertRef, noteId: z.uuid(), text: multilineTextSchema(1, ALERT_NOTE_MAX) });
export type NoteAlert = z.infer<typeof noteAlertSchema>;

/** Most stations, and governorates, one staff member follows. */
export const ALERT_SUBSCRIPTIONS_MAX = 200;

/** The staff member's own subscriptions, replaced whole: the stations and the governorates whose alerts they get mailed. */
export const setAlertSubscriptionsSchema = z.strictObject({
  stationIds: z.array(idSchema).max(ALERT_SUBSCRIPTIONS_MAX),
  governorateIds: z.array(idSchema).max(ALERT_SUBSCRIPTIONS_MAX),
});
export type SetAlertSubscriptions = z.infer<typeof setAlertSubscriptionsSchema>;
