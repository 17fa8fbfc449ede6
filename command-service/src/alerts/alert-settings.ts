import type { Config } from '@evc/platform/config/config';
import type { AlertLimits } from './charger-watch';

export const ALERT_SETTINGS = Symbol('ALERT_SETTINGS');

export interface AlertSettings extends AlertLimits {
  /** How often the time-based kinds are looked for; 0: never by itself (tests call the sweep). */
  sweepEveryMs: number;
}

/**
 * The interval the gateway's boot answer gives every charger (ocpp-gateway's HEARTBEAT_INTERVAL_S; a test keeps the
 * two equal, as the command side does not import the gateway).
 */
export const CHARGER_HEARTBEAT_INTERVAL_S = 60;

export const alertSettingsFrom = (config: Config): AlertSettings => ({
  heartbeatIntervalMs: CHARGER_HEARTBEAT_INTERVAL_S * 1000,
  silentMarginMs: config.ALERT_SILENT_MARGIN_S * 1000,
  transactionMaxMs: config.ALERT_TRANSACTION_MAX_H * 3_600_000,
  meterQuietMs: config.ALERT_METER_QUIET_MIN * 60_000,
  preparingMaxMs: config.ALERT_PREPARING_MAX_MIN * 60_000,
  sweepEveryMs: config.ALERT_SWEEP_EVERY_S * 1000,
});

/** The defaults of the configuration, for a command module composed without one (tests). */
export const DEFAULT_ALERT_SETTINGS: AlertSettings = {
  heartbeatIntervalMs: CHARGER_HEARTBEAT_INTERVAL_S * 1000,
  silentMarginMs: 60_000,
  transactionMaxMs: 24 * 3_600_000,
  meterQuietMs: 3_600_000,
  preparingMaxMs: 15 * 60_000,
  sweepEveryMs: 0,
};
