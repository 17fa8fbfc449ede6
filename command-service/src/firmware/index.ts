/**
 * The firmware context: uploaded firmware images served to chargers at signed, expiring links, and the campaigns
 * that install them wave by wave (a process manager over time: its decider, a consumer of the chargers' reports, a
 * sweep). Its charger commands go through chargers-live, so each UpdateFirmware is in the charger's command history.
 */
export { firmwareContext, FIRMWARE_SETTINGS, type FirmwareSettings } from './firmware.context';
export { RecordFirmwareCommandResultCommand } from './firmware.commands';
export { FIRMWARE_LINKS } from './firmware.tokens';
export { FirmwareLinks, firmwareLinkKey } from './firmware-links';
