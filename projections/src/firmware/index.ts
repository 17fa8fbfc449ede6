// Firmware's read models: uploaded images and campaigns with each charger's progress.
export {
  FIRMWARE_CAMPAIGNS,
  FIRMWARE_FILES,
  firmwareProjection,
  type FirmwareCampaignDoc,
  type FirmwareFileDoc,
} from './firmware.projection';
