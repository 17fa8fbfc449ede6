import type { CampaignChargerState, FirmwareFailureCause, FirmwareStatus } from './statuses';

export const firmwareStreams = {
  /** One uploaded firmware image, keyed by its file id (the sha256 of its purpose and bytes). */
  file: (fileId: string) => `firmware-file-${fileId}`,
  campaign: (campaignId: string) => `firmware-campaign-${campaignId}`,
};

/** Events of `firmware-file-<fileId>`, actor the staff member who uploaded it. */
export type FirmwareFileAdded = {
  type: 'FirmwareFileAdded';
  data: { firmwareId: string; version: string; fileName: string; size: number; checksum: string; at: string };
};

/** What a campaign installs, copied from the file at the start (the campaign never reads the file's stream again). */
export interface CampaignFirmware {
  firmwareId: string;
  version: string;
  fileName: string;
  size: number;
  checksum: string;
}

/**
 * Events of `firmware-campaign-<campaignId>`. Started: actor staff; the rest: actor system (the campaign's process
 * manager), each with the charger's report or the sweep's time as its cause.
 */
export type FirmwareCampaignStarted = {
  type: 'FirmwareCampaignStarted';
  data: {
    campaignId: string;
    firmware: CampaignFirmware;
    waves: string[][];
    firstWavePercent: number;
    updateTimeoutMs: number;
    at: string;
  };
};
export type FirmwareWaveStarted = {
  type: 'FirmwareWaveStarted';
  data: { campaignId: string; wave: number; chargerIds: string[]; at: string };
};
/** The charger's wave started but it is charging a car (or offline): it is updated once idle. */
export type FirmwareUpdateWaiting = {
  type: 'FirmwareUpdateWaiting';
  data: { campaignId: string; chargerId: string; because: 'charging' | 'offline'; at: string };
};
/** UpdateFirmware goes to the charger as charger command `commandId` (in its command history); `requestId` for 2.0.1. */
export type FirmwareUpdateRequested = {
  type: 'FirmwareUpdateRequested';
  data: { campaignId: string; chargerId: string; commandId: string; requestId: number; at: string };
};
/** The charger could not be reached when the command went out: it is asked again once online and idle. */
export type FirmwareUpdateRequeued = {
  type: 'FirmwareUpdateRequeued';
  data: { campaignId: string; chargerId: string; commandId: string; at: string };
};
export type FirmwareStatusChanged = {
  type: 'FirmwareStatusChanged';
  data: { campaignId: string; chargerId: string; status: FirmwareStatus; reportedStatus: string; state: CampaignChargerState; at: string };
};
/** The charger booted with the campaign's version. `updated`: it also reported Installed, so it counts as done. */
export type FirmwareChargerRebooted = {
  type: 'FirmwareChargerRebooted';
  data: { campaignId: string; chargerId: string; firmwareVersion: string; updated: boolean; at: string };
};
export type FirmwareChargerFailed = {
  type: 'FirmwareChargerFailed';
  data: { campaignId: string; chargerId: string; cause: FirmwareFailureCause; detail: string | null; at: string };
};
export type FirmwareWaveCompleted = { type: 'FirmwareWaveCompleted'; data: { campaignId: string; wave: number; at: string } };
/** A charger of the wave failed: no further charger is asked, and staff see which one and why. */
export type FirmwareCampaignStopped = {
  type: 'FirmwareCampaignStopped';
  data: { campaignId: string; wave: number; chargerId: string; cause: FirmwareFailureCause; detail: string | null; at: string };
};
export type FirmwareCampaignCompleted = { type: 'FirmwareCampaignCompleted'; data: { campaignId: string; at: string } };

export type FirmwareCampaignEvent =
  | FirmwareCampaignStarted
  | FirmwareWaveStarted
  | FirmwareUpdateWaiting
  | FirmwareUpdateRequested
  | FirmwareUpdateRequeued
  | FirmwareStatusChanged
  | FirmwareChargerRebooted
  | FirmwareChargerFailed
  | FirmwareWaveCompleted
  | FirmwareCampaignStopped
  | FirmwareCampaignCompleted;
export type FirmwareEvent = FirmwareFileAdded | FirmwareCampaignEvent;
