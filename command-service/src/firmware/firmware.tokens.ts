/** Nest tokens of the firmware context. */
export const FIRMWARE_LINKS = Symbol('FirmwareLinks');
export const FIRMWARE_CAMPAIGNS = Symbol('FirmwareCampaigns');
