/**
 * The diagnostics context: staff ask a charger for its diagnostics file (a charger command of chargers-live), the
 * charger uploads it once to its own URL, its reports and the upload are recorded on `diagnostics-<chargerId>`.
 * The composition names RecordDiagnosticsCommandResultCommand among the command result followers and gives the
 * settings (DIAGNOSTICS_SETTINGS).
 */
export { diagnosticsContext } from './diagnostics.context';
export { diagnosticsDecider, type DiagnosticsCommand, type DiagnosticsState } from './diagnostics.decider';
export { RecordDiagnosticsCommandResultCommand } from './diagnostics.commands';
export { DIAGNOSTICS_SETTINGS, defaultDiagnosticsSettings, type DiagnosticsSettings } from './diagnostics-settings';
export { DIAGNOSTICS_STATUS_GROUP } from './status-consumer';
