// Chargers live: commands sent to chargers and their outcomes (from the log), presence and the OCPP message log
// (from the bus).
export { OCPP_COMMANDS, chargerCommandsProjection, type OcppCommandDoc } from './charger-commands.projection';
export * from './ocpp-consumers';
export * from './charger-command-sweep';
