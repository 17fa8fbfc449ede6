import { z } from 'zod';
import { listQuerySchema } from '../shared/operation';
import { pagedSchema } from '../shared/api';
import { command, dedicated, group, privilege, query } from '../shared/operation';
import { startFirmwareCampaignSchema } from './schemas';
import {
  firmwareCampaignQuerySchema,
  firmwareCampaignSummarySchema,
  firmwareCampaignViewSchema,
  firmwareCandidateViewSchema,
  firmwareCandidatesQuerySchema,
  firmwareFileViewSchema,
} from './views';

const FIRMWARE = privilege('firmware.manage');

/** Firmware images and the campaigns that install them on chargers, wave by wave. Staff with firmware.manage only. */
export const firmwareOperations = group(
  dedicated({
    id: 'firmware.upload',
    kind: 'command',
    method: 'POST',
    path: '/api/firmware/files',
    summary:
      'Upload a firmware image as multipart/form-data fields `file`, `fileName` (.bin, .img, .fw, .hex, .zip, .tar, .gz, .tgz, .swu) and `version` (≤ 8 MB; not an image, page or script); answers its id and sha256 checksum. The same bytes again are the same firmware.',
    access: FIRMWARE,
    output: firmwareFileViewSchema,
  } as const),
  query('firmware.files', '/api/queries/admin/firmware-files', {
    summary: 'Uploaded firmware images, newest first.',
    access: FIRMWARE,
    input: listQuerySchema,
    output: pagedSchema(firmwareFileViewSchema),
  }),
  query('firmware.chargers', '/api/queries/admin/firmware-chargers', {
    summary: 'Chargers a campaign may update, filtered by station, vendor, model or firmware version (as each last reported at boot).',
    access: FIRMWARE,
    input: firmwareCandidatesQuerySchema,
    output: z.object({ dataList: z.array(firmwareCandidateViewSchema) }),
  }),
  command('firmware.start-campaign', {
    summary:
      'Start a firmware campaign on the chosen chargers in two waves (the first a percentage). The second wave starts only when every charger of the first reported Installed and booted with the new version; a failure or a timeout stops the campaign. A charger charging a car is updated once idle. Idempotent on campaignId.',
    access: FIRMWARE,
    input: startFirmwareCampaignSchema,
  }),
  query('firmware.campaigns', '/api/queries/admin/firmware-campaigns', {
    summary: 'Firmware campaigns, newest first, with their progress.',
    access: FIRMWARE,
    input: listQuerySchema,
    output: pagedSchema(firmwareCampaignSummarySchema),
  }),
  query('firmware.campaign', '/api/queries/admin/firmware-campaign', {
    summary: "One campaign with each charger's progress (Downloading … Installed, waiting while charging, failed and why).",
    access: FIRMWARE,
    input: firmwareCampaignQuerySchema,
    output: firmwareCampaignViewSchema,
  }),
);
