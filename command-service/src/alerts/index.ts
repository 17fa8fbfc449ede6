/**
 * The alerts context: a charger's fault, silence, never-ending transaction or connector stuck in Preparing opens an
 * alert (one per charger and kind while open), mailed to the staff who follow its station or governorate; staff
 * acknowledge, note and resolve; a recovery resolves it.
 */
export { alertsContext, AlertsConsumers } from './alerts.context';
export {
  ALERT_SETTINGS,
  DEFAULT_ALERT_SETTINGS,
  CHARGER_HEARTBEAT_INTERVAL_S,
  alertSettingsFrom,
  type AlertSettings,
} from './alert-settings';
export { alertDecider } from './alert.decider';
