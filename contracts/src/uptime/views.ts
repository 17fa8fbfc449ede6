import { z } from 'zod';

/** Milliseconds up, down and in declared maintenance, and up over in service (null: nothing was in service). */
export const uptimeFiguresSchema = z.object({
  upMs: z.number().int(),
  downMs: z.number().int(),
  maintenanceMs: z.number().int(),
  availability: z.number().nullable(),
});
export type UptimeFiguresView = z.infer<typeof uptimeFiguresSchema>;

/** One station in the network view: its month against its target. */
export const networkUptimeRowSchema = z.object({
  stationId: z.string(),
  nameEn: z.string(),
  nameAr: z.string(),
  targetBp: z.number().int(),
  belowTarget: z.boolean(),
  chargers: z.number().int(),
  figures: uptimeFiguresSchema,
});
export type NetworkUptimeRow = z.infer<typeof networkUptimeRowSchema>;

/** The network's month: the worst stations first (nothing in service last), as of `asOf`. */
export const networkUptimeViewSchema = z.object({
  month: z.string(),
  asOf: z.string(),
  rows: z.array(networkUptimeRowSchema),
});
export type NetworkUptimeView = z.infer<typeof networkUptimeViewSchema>;

export const maintenanceViewSchema = z.object({
  maintenanceId: z.string(),
  chargerId: z.string().nullable(),
  connectorId: z.number().int().nullable(),
  from: z.string(),
  to: z.string(),
  reason: z.string().nullable(),
  declaredBy: z.string(),
  declaredAt: z.string(),
  cancelled: z.boolean(),
});
export type MaintenanceView = z.infer<typeof maintenanceViewSchema>;

/** A charger's figures and each of its connectors'. */
const chargerUptimeSchema = z.object({
  chargerId: z.string(),
  figures: uptimeFiguresSchema,
  connectors: z.array(z.object({ connectorId: z.number().int(), figures: uptimeFiguresSchema })),
});

/** One station's month: each Cairo day, each charger and connector, and its declared maintenance. */
export const stationUptimeViewSchema = z.object({
  stationId: z.string(),
  nameEn: z.string(),
  nameAr: z.string(),
  month: z.string(),
  asOf: z.string(),
  targetBp: z.number().int(),
  belowTarget: z.boolean(),
  figures: uptimeFiguresSchema,
  /** Each Cairo day: the station's figures and each charger's and connector's. */
  days: z.array(z.object({ date: z.string(), figures: uptimeFiguresSchema, chargers: z.array(chargerUptimeSchema) })),
  /** The whole month's, per charger and connector. */
  chargers: z.array(chargerUptimeSchema),
  maintenance: z.array(maintenanceViewSchema),
  /** The station's uptime stream revision (what a change is checked against). */
  revision: z.number().int().nullable(),
});
export type StationUptimeView = z.infer<typeof stationUptimeViewSchema>;
