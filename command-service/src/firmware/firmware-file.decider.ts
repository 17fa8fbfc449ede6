import type { FirmwareFileAdded } from '@evc/contracts';
import { createOnceDecider } from '../shared/create-once.decider';

/**
 * `firmware-file-<fileId>`: an uploaded image, added once. The same bytes with the same version and name again are
 * the same firmware (a repeat is nothing); the same bytes under another version are refused.
 */
export const firmwareFileDecider = createOnceDecider<'FirmwareFileAdded', FirmwareFileAdded['data']>(
  'FirmwareFileAdded',
  'request.duplicate_id',
);
