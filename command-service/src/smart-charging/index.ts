/**
 * The smart-charging context: a station's grid limit (`site-power-<stationId>`), shared between the sessions charging
 * there by charging profiles sent as charger commands. It follows the log for sessions and chargers, so no other
 * context tells it anything.
 */
export { smartChargingContext } from './smart-charging.context';
export { sitePowerDecider, type ChargingMember, type SitePowerCommand, type SitePowerState } from './site-power.decider';
export { DEFAULT_SMART_CHARGING, SMART_CHARGING_OPTIONS, type SmartChargingOptions } from './power-sharing';
