import { z } from 'zod';
import { idSchema, typedNumber } from '../shared/common';
import { multilineTextSchema } from '../shared/text';

const chargerIdSchema = z.string().regex(/^[A-Za-z0-9_-]{3,48}$/);
const DAY_MS = 86_400_000;
/** The longest window one declaration covers: longer work is declared again, so it is looked at again. */
export const MAINTENANCE_MAX_DAYS = 31;

/**
 * Planned maintenance of a station, one of its chargers or one connector, for a window (ISO instants; the form types
 * it in Cairo time) and with a reason. The id is chosen by the client: the same declaration sent again is recorded once.
 */
export const declareMaintenanceSchema = z
  .strictObject({
    stationId: idSchema,
    maintenanceId: z.uuid(),
    chargerId: chargerIdSchema.nullable().default(null),
    connectorId: typedNumber(z.number().int().min(1).max(99)).nullable().default(null),
    from: z.iso.datetime({ offset: true }),
    to: z.iso.datetime({ offset: true }),
    reason: multilineTextSchema(3, 300),
  })
  .refine((m) => Date.parse(m.to) > Date.parse(m.from), { path: ['to'], params: { code: 'range_reversed' } })
  .refine((m) => Date.parse(m.to) - Date.parse(m.from) <= MAINTENANCE_MAX_DAYS * DAY_MS, {
    path: ['to'],
    params: { code: 'window_too_long', maximum: MAINTENANCE_MAX_DAYS },
  })
  .refine((m) => m.connectorId === null || m.chargerId !== null, { path: ['chargerId'], params: { code: 'required' } });
export type DeclareMaintenance = z.infer<typeof declareMaintenanceSchema>;

export const cancelMaintenanceSchema = z.strictObject({
  stationId: idSchema,
  maintenanceId: z.uuid(),
  reason: multilineTextSchema(3, 300),
});
export type CancelMaintenance = z.infer<typeof cancelMaintenanceSchema>;

/** A percentage with at most two decimals, between 50 and 100 (recorded in basis points). */
export const targetPercentSchema = typedNumber(
  z
    .number()
    .min(50)
    .max(100)
    .refine((v) => Math.abs(v * 100 - Math.round(v * 100)) < 1e-6, { params: { code: 'two_decimals' } }),
);

export const setUptimeTargetSchema = z.strictObject({
  stationId: idSchema,
  targetPercent: targetPercentSchema,
  reason: multilineTextSchema(3, 300).optional(),
});
export type SetUptimeTarget = z.infer<typeof setUptimeTargetSchema>;

/** A Cairo month (`YYYY-MM`); absent: the current one. CSV: one line per station and Cairo day. */
export const uptimeQuerySchema = z.object({
  month: z
    .string()
    .regex(/^\d{4}-(0[1-9]|1[0-2])$/)
    .optional(),
  format: z.enum(['json', 'csv']).default('json'),
});
export type UptimeQuery = z.infer<typeof uptimeQuerySchema>;

export const stationUptimeQuerySchema = uptimeQuerySchema.pick({ month: true });
