import { z } from 'zod';

/** The largest firmware file staff may upload (the upload is multipart and the HTTP layer caps it). */
export const FIRMWARE_MAX_BYTES = 8 * 1024 * 1024;
/** File names a firmware image may carry: binaries and archives, never a page or a script a browser would run. */
export const FIRMWARE_FILE_NAME = /^[A-Za-z0-9][A-Za-z0-9._-]{0,99}\.(bin|img|fw|hex|zip|tar|gz|tgz|swu)$/;
/** A firmware version as chargers report it in BootNotification. */
export const firmwareVersionSchema = z
  .string()
  .trim()
  .regex(/^[A-Za-z0-9][A-Za-z0-9._+-]{0,49}$/);

/** The form fields sent beside the file of `firmware.upload` (multipart field `file`). */
export const firmwareUploadFieldsSchema = z.object({
  version: firmwareVersionSchema,
  fileName: z.string().regex(FIRMWARE_FILE_NAME),
});

/** How long a charger may take from the UpdateFirmware command to a boot with the new version before its wave fails. */
export const FIRMWARE_UPDATE_TIMEOUT_MINUTES = { min: 1, max: 24 * 60, default: 60 } as const;

/** Body of `firmware.start-campaign`: the chargers staff chose (by station, model, vendor or version) and the first wave's share. */
export const startFirmwareCampaignSchema = z.object({
  campaignId: z.uuid(),
  firmwareId: z.string().regex(/^[a-f0-9]{64}$/),
  chargerIds: z
    .array(z.string().regex(/^[A-Za-z0-9_-]{3,48}$/))
    .min(1)
    .max(5000)
    .refine((ids) => new Set(ids).size === ids.length, { message: 'each charger once' }),
  /** The first wave's share of the chargers (at least one charger); the rest is the second wave. */
  firstWavePercent: z.number().int().min(1).max(100),
  updateTimeoutMinutes: z
    .number()
    .int()
    .min(FIRMWARE_UPDATE_TIMEOUT_MINUTES.min)
    .max(FIRMWARE_UPDATE_TIMEOUT_MINUTES.max)
    .default(FIRMWARE_UPDATE_TIMEOUT_MINUTES.default),
});
export type StartFirmwareCampaign = z.infer<typeof startFirmwareCampaignSchema>;

/**
 * The waves of a campaign: the first `firstWavePercent` % of the chargers (rounded up, at least one), then the rest.
 * Written once here so the command side and the form agree on who goes first.
 */
export function firmwareWaves(chargerIds: readonly string[], firstWavePercent: number): string[][] {
  const first = Math.min(chargerIds.length, Math.max(1, Math.ceil((chargerIds.length * firstWavePercent) / 100)));
  return [chargerIds.slice(0, first), chargerIds.slice(first)].filter((w) => w.length > 0);
}
