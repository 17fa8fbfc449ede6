import { z } from 'zod';
import { CAMPAIGN_CHARGER_STATES, CAMPAIGN_STATUSES, FIRMWARE_FAILURE_CAUSES } from './statuses';

const actorName = z.object({ type: z.string(), id: z.string() });

export const firmwareFileViewSchema = z.object({
  firmwareId: z.string(),
  version: z.string(),
  fileName: z.string(),
  size: z.number().int(),
  checksum: z.string(),
  uploadedAt: z.string(),
  uploadedBy: actorName,
});
export type FirmwareFileView = z.infer<typeof firmwareFileViewSchema>;

/** A charger staff may put in a campaign, with what it last reported at boot. */
export const firmwareCandidateViewSchema = z.object({
  chargerId: z.string(),
  stationId: z.string(),
  stationNameEn: z.string(),
  stationNameAr: z.string(),
  vendor: z.string().nullable(),
  model: z.string().nullable(),
  firmwareVersion: z.string().nullable(),
  online: z.boolean(),
});
export type FirmwareCandidateView = z.infer<typeof firmwareCandidateViewSchema>;

/** Filters of `firmware.chargers` (each exact; none: every charger). */
export const firmwareCandidatesQuerySchema = z.object({
  stationId: z.string().max(64).optional(),
  vendor: z.string().max(100).optional(),
  model: z.string().max(100).optional(),
  firmwareVersion: z.string().max(50).optional(),
  position: z.coerce.number().int().min(0).optional(),
});
export type FirmwareCandidatesQuery = z.infer<typeof firmwareCandidatesQuerySchema>;

const failure = z.object({ chargerId: z.string(), cause: z.enum(FIRMWARE_FAILURE_CAUSES), detail: z.string().nullable(), at: z.string() });

export const firmwareCampaignSummarySchema = z.object({
  campaignId: z.string(),
  firmwareId: z.string(),
  version: z.string(),
  fileName: z.string(),
  status: z.enum(CAMPAIGN_STATUSES),
  /** The wave under way (0-based), or the last one. */
  wave: z.number().int(),
  waves: z.number().int(),
  total: z.number().int(),
  updated: z.number().int(),
  startedAt: z.string(),
  startedBy: actorName,
  endedAt: z.string().nullable(),
  /** Why the campaign stopped: the charger that failed, and how. */
  stoppedBecause: failure.nullable(),
});
export type FirmwareCampaignSummary = z.infer<typeof firmwareCampaignSummarySchema>;

export const campaignChargerViewSchema = z.object({
  chargerId: z.string(),
  wave: z.number().int(),
  state: z.enum(CAMPAIGN_CHARGER_STATES),
  /** The charger's own word for its last firmware status (e.g. Downloading). */
  reportedStatus: z.string().nullable(),
  waitingBecause: z.enum(['charging', 'offline']).nullable(),
  failure: failure.nullable(),
  changedAt: z.string(),
});
export type CampaignChargerView = z.infer<typeof campaignChargerViewSchema>;

export const firmwareCampaignViewSchema = firmwareCampaignSummarySchema.extend({ chargers: z.array(campaignChargerViewSchema) });
export type FirmwareCampaignView = z.infer<typeof firmwareCampaignViewSchema>;

export const firmwareCampaignQuerySchema = z.object({
  campaignId: z.uuid(),
  position: z.coerce.number().int().min(0).optional(),
});
