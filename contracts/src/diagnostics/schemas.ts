import { z } from 'zod';

/**
 * Diagnostics: staff ask a charger for its diagnostics file (1.6 GetDiagnostics, 2.0.1 GetLog DiagnosticsLog); the
 * charger uploads it to a one-time URL of the product, outside /api. Constants here are shared by the command side
 * (the decider's rules), the gateway (the call's fields) and the screens.
 */

/** Where chargers upload: `<base>/diagnostics-upload/<chargerId>/<token>` (PUT or POST). */
export const DIAGNOSTICS_UPLOAD_PATH = '/diagnostics-upload';
/** An upload URL works for this long after the request; later the request is expired and the URL refused. */
export const DIAGNOSTICS_UPLOAD_WINDOW_MS = 60 * 60_000;
/**
 * An upload that started and neither finished nor failed within this time (the process died under it) no longer
 * holds the URL: the charger may try again.
 */
export const DIAGNOSTICS_UPLOAD_CLAIM_MS = 10 * 60_000;
/** The largest diagnostics file kept unless DIAGNOSTICS_MAX_BYTES says otherwise. */
export const DIAGNOSTICS_DEFAULT_MAX_BYTES = 10 * 1024 * 1024;
/** The most of a file the text view shows (bytes); the rest is a download. */
export const DIAGNOSTICS_TEXT_MAX_BYTES = 256 * 1024;

const chargerId = z.string().regex(/^[A-Za-z0-9_-]{3,48}$/);

/** Body of `diagnostics.request`: a client-chosen request id (idempotent), the charger and an optional time window. */
export const requestDiagnosticsSchema = z
  .strictObject({
    requestId: z.uuid(),
    chargerId,
    /** The oldest and newest log entries wanted (ISO-8601 UTC); both optional. */
    from: z.iso.datetime().optional(),
    to: z.iso.datetime().optional(),
  })
  .refine((v) => !v.from || !v.to || v.from <= v.to, { path: ['to'], params: { code: 'before_start' } });
export type RequestDiagnostics = z.infer<typeof requestDiagnosticsSchema>;

/**
 * A request's status as staff see it: `requested` (sent, no answer yet), `accepted` (the charger will upload),
 * `uploading`, `uploaded` (the file is kept), `failed` (the charger refused, did not answer or reported the upload
 * failed), `expired` (no file within the upload window).
 */
export const DIAGNOSTICS_STATUSES = ['requested', 'accepted', 'uploading', 'uploaded', 'failed', 'expired'] as const;
export type DiagnosticsStatus = (typeof DIAGNOSTICS_STATUSES)[number];

/** What the charger said of its upload (1.6 DiagnosticsStatus, 2.0.1 UploadLogStatus), in the network's words. */
export const DIAGNOSTICS_CHARGER_STATUSES = ['Idle', 'Uploading', 'Uploaded', 'UploadFailed'] as const;
export type DiagnosticsChargerStatus = (typeof DIAGNOSTICS_CHARGER_STATUSES)[number];

export const diagnosticsFileSchema = z.object({
  fileId: z.string(),
  name: z.string(),
  size: z.number().int().min(0),
  contentType: z.string(),
});

export const diagnosticsRequestViewSchema = z.object({
  requestId: z.string(),
  chargerId: z.string(),
  status: z.enum(DIAGNOSTICS_STATUSES),
  from: z.string().nullable(),
  to: z.string().nullable(),
  /** The charger command's outcome (accepted, rejected, …), null until it answers. */
  commandStatus: z.string().nullable(),
  /** The charger's last report of its upload, as it named it. */
  chargerStatus: z.string().nullable(),
  /** Why it failed (the charger's status, the command's outcome, a refused upload). */
  failure: z.string().nullable(),
  file: diagnosticsFileSchema.nullable(),
  requestedBy: z.object({ type: z.string(), id: z.string(), name: z.string().nullable() }),
  requestedAt: z.string(),
  expiresAt: z.string(),
  updatedAt: z.string(),
});
export type DiagnosticsRequestView = z.infer<typeof diagnosticsRequestViewSchema>;

export const diagnosticsRequestsQuerySchema = z.object({
  chargerId,
  page: z.coerce.number().int().min(1).default(1),
  pageSize: z.coerce.number().int().min(1).max(100).default(20),
  position: z.coerce.number().int().min(0).optional(),
});

export const diagnosticsFileParamsSchema = z.object({ chargerId, requestId: z.uuid() });

/** The text view of a file: its first DIAGNOSTICS_TEXT_MAX_BYTES as text, or nothing when it is binary. */
export const diagnosticsTextSchema = z.object({
  name: z.string(),
  size: z.number().int(),
  binary: z.boolean(),
  truncated: z.boolean(),
  text: z.string().nullable(),
});
export type DiagnosticsText = z.infer<typeof diagnosticsTextSchema>;
