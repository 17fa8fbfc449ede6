import { z } from 'zod';
import { idSchema } from '../shared/common';
import { CARD_NOTIFICATION_KINDS } from '../cards/index';
import { BOOKING_NOTIFICATION_KINDS } from '../bookings/index';
import { lineTextSchema } from '../shared/text';

/**
 * Charging sessions, transactions, id tokens, cars and notifications (the wallet and payments are in wallet/).
 * Money is integer piastres, energy integer Wh, times ISO-8601 UTC.
 */

const chargerIdSchema = z.string().regex(/^[A-Za-z0-9_-]{3,48}$/);
const uuid = z.uuid();

/** OCPP idTag (1.6 CiString20); the same string is the 2.0.1 idToken. Upper-case letters, digits and `-`. */
export const idTagSchema = z.string().regex(/^[A-Z0-9-]{4,20}$/);

/** What ends a session besides the customer: a kWh or a time target. */
export const sessionTargetSchema = z.discriminatedUnion('kind', [
  z.strictObject({ kind: z.literal('none') }),
  /** Energy in Wh (the form takes kWh). */
  z.strictObject({ kind: z.literal('energy'), wh: z.number().int().min(500).max(500_000) }),
  z.strictObject({
    kind: z.literal('duration'),
    minutes: z
      .number()
      .int()
      .min(5)
      .max(24 * 60),
  }),
]);
export type SessionTarget = z.infer<typeof sessionTargetSchema>;

/**
 * `sessions.start` (customer): by charger id or by the serial number printed on it, a connector, a car and an
 * optional target. The client picks the session id, so a retried request starts one session.
 */
export const startSessionSchema = z
  .strictObject({
    sessionId: uuid,
    chargerId: chargerIdSchema.optional(),
    /** The serial number or the charger id printed on the charger, in any case; accepted instead of chargerId. */
    serialNumber: lineTextSchema(3, 48).optional(),
    connectorId: z.number().int().min(1).max(16),
    carId: idSchema,
    target: sessionTargetSchema.default({ kind: 'none' }),
  })
  .refine((v) => Boolean(v.chargerId) !== Boolean(v.serialNumber), { path: ['serialNumber'], params: { code: 'charger_or_serial' } });
export type StartSession = z.infer<typeof startSessionSchema>;

export const sessionRefSchema = z.strictObject({ sessionId: uuid });
export type SessionRef = z.infer<typeof sessionRefSchema>;

/** An amount typed in EGP (Eastern Arabic digits accepted): required, at least 1 EGP, at most two decimals. */
export const markNotificationsSeenSchema = z.strictObject({
  /** Omitted: all of them. */
  notificationIds: z.array(z.string().min(1).max(80)).min(1).max(200).optional(),
});
export type MarkNotificationsSeen = z.infer<typeof markNotificationsSeenSchema>;

const fileIdSchema = z.string().regex(/^[a-f0-9]{64}$/);
export type CarLicence = { frontFileId: string; backFileId: string } | { customsCertificateFileId: string };

/**
 * Front and back of the licence, or a customs release certificate instead (file ids of uploaded images). A missing
 * file has its own code, so the car form can say which: licence_required (neither image), front_required,
 * back_required, customs_required (the certificate chosen, none given).
 */
export const carLicenceSchema = z
  .union([
    z.strictObject({ frontFileId: fileIdSchema.optional(), backFileId: fileIdSchema.optional() }),
    z.strictObject({ customsCertificateFileId: fileIdSchema.optional() }),
  ])
  .superRefine((licence, ctx) => {
    const v: { frontFileId?: string; backFileId?: string; customsCertificateFileId?: string } = licence;
    const missing = (code: string, path: string) => ctx.addIssue({ code: 'custom', message: 'required', path: [path], params: { code } });
    if ('customsCertificateFileId' in v) {
      if (!v.customsCertificateFileId) missing('customs_required', 'customsCertificateFileId');
    } else if (!v.frontFileId && !v.backFileId) missing('licence_required', 'frontFileId');
    else if (!v.frontFileId) missing('front_required', 'frontFileId');
    else if (!v.backFileId) missing('back_required', 'backFileId');
  })
  .transform((v) => v as CarLicence);

/** A customer's car (the cars issue adds licences and editing); the session form chooses one. */
export const registerCarSchema = z.strictObject({
  carId: uuid,
  brandId: idSchema,
  typeId: idSchema,
  batteryRangeId: idSchema,
  licence: carLicenceSchema,
});
export type RegisterCar = z.infer<typeof registerCarSchema>;

/** Edit a car of yours: the same fields and rules as registering it ("cars updated"). */
export const updateCarSchema = registerCarSchema.extend({ expectedRevision: z.number().int().min(0).optional() });
export type UpdateCar = z.infer<typeof updateCarSchema>;
/** Remove a car of yours; its past sessions keep their car label. */
export const removeCarSchema = z.strictObject({ carId: uuid });

export const SESSION_STATUSES = ['requested', 'accepted', 'charging', 'stopping', 'stopped', 'failed'] as const;
export type SessionStatus = (typeof SESSION_STATUSES)[number];

/** Why a session could not start. */
export const SESSION_FAILURES = ['rejected', 'offline', 'timeout', 'no_cable', 'error'] as const;
export type SessionFailure = (typeof SESSION_FAILURES)[number];

/** Why a session was stopped (who asked, or the charger's own reason). */
export const STOP_REASONS = ['customer', 'staff', 'low_balance', 'target_reached', 'token_invalid', 'charger'] as const;
export type StopReason = (typeof STOP_REASONS)[number];

export const NOTIFICATION_KINDS = [
  'session_started',
  'session_stopped',
  'session_stopped_low_balance',
  'session_failed',
  'top_up_credited',
  'payment_failed',
  'wallet_adjusted',
  'contact_replied',
  ...CARD_NOTIFICATION_KINDS,
  ...BOOKING_NOTIFICATION_KINDS,
] as const;
export type NotificationKind = (typeof NOTIFICATION_KINDS)[number];

/** 1.6 AuthorizationStatus (2.0.1 adds NoCredit, used for an empty wallet). */
export const ID_TOKEN_STATUSES = ['Accepted', 'Blocked', 'Expired', 'Invalid', 'ConcurrentTx', 'NoCredit'] as const;
export type IdTokenStatus = (typeof ID_TOKEN_STATUSES)[number];

export const CHARGING_TIMING = {
  /** After the charger accepted a remote start, the cable must be plugged in (StartTransaction) within this time. */
  plugInWithinMs: 120_000,
  /** The gateway waits this long for the command side's authorization answer before its fallback. */
  authorizeReplyTimeoutMs: 3_000,
  /** A claimed connector without a transaction is free again after this (a crashed start never locks it). */
  connectorClaimTtlMs: 180_000,
} as const;
