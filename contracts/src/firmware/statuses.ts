/**
 * A charger's firmware status, version-neutral. OCPP 1.6 and 2.0.1 FirmwareStatusNotification statuses map onto it
 * (the gateway keeps the charger's own word beside it): downloading (Downloading, DownloadScheduled, DownloadPaused),
 * downloaded (Downloaded, SignatureVerified), installing (Installing, InstallScheduled, InstallRebooting), installed,
 * download-failed (DownloadFailed), install-failed (InstallationFailed, InstallVerificationFailed, InvalidSignature,
 * InvalidCertificate), idle (Idle: nothing under way).
 */
export const FIRMWARE_STATUSES = [
  'idle',
  'downloading',
  'downloaded',
  'installing',
  'installed',
  'download-failed',
  'install-failed',
] as const;
export type FirmwareStatus = (typeof FIRMWARE_STATUSES)[number];

const OCPP_FIRMWARE_STATUS: Record<string, FirmwareStatus> = {
  Idle: 'idle',
  Downloading: 'downloading',
  DownloadScheduled: 'downloading',
  DownloadPaused: 'downloading',
  Downloaded: 'downloaded',
  SignatureVerified: 'downloaded',
  Installing: 'installing',
  InstallScheduled: 'installing',
  InstallRebooting: 'installing',
  Installed: 'installed',
  DownloadFailed: 'download-failed',
  InstallationFailed: 'install-failed',
  InstallVerificationFailed: 'install-failed',
  InvalidSignature: 'install-failed',
  InvalidCertificate: 'install-failed',
};
/** The neutral status of an OCPP FirmwareStatusNotification status (an unknown word is a failure: nothing is assumed installed). */
export const firmwareStatusOf = (reported: string): FirmwareStatus => OCPP_FIRMWARE_STATUS[reported] ?? 'install-failed';
export const isFirmwareFailure = (s: FirmwareStatus) => s === 'download-failed' || s === 'install-failed';

/** Where one charger of a campaign stands. */
export const CAMPAIGN_CHARGER_STATES = [
  /** In a wave not started yet. */
  'queued',
  /** Its wave started; it is charging a car (or offline) and is updated once idle. */
  'waiting',
  /** UpdateFirmware sent. */
  'requested',
  'downloading',
  'downloaded',
  'installing',
  /** It reported Installed; the wave waits for its boot with the new version. */
  'installed',
  /** Installed and booted with the new version. */
  'updated',
  'failed',
] as const;
export type CampaignChargerState = (typeof CAMPAIGN_CHARGER_STATES)[number];

/** Why a charger failed, and so why its campaign stopped. */
export const FIRMWARE_FAILURE_CAUSES = ['download-failed', 'install-failed', 'command-refused', 'timeout', 'wrong-version'] as const;
export type FirmwareFailureCause = (typeof FIRMWARE_FAILURE_CAUSES)[number];

export const CAMPAIGN_STATUSES = ['running', 'stopped', 'completed'] as const;
export type CampaignStatus = (typeof CAMPAIGN_STATUSES)[number];
