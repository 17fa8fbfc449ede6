/**
 * The chargers-live context: chargers' live state (connections, boots, connector status) and the commands sent to
 * chargers with their outcomes. Contexts that send a command (sessions, bookings, local lists) do it through
 * SendSessionChargerCommand or ChargerCommandSender, and hear its outcome through a CommandResultFollower.
 */
export { chargersLiveContext } from './chargers-live.context';
export { chargerCommandDecider, type ChargerCommandCommand, type ChargerCommandState } from './charger-command.decider';
export { chargerLiveDecider, type ChargerLiveCommand, type ChargerLiveState } from './charger-live.decider';
export { SendSessionChargerCommand } from './charger-commands';
export { ChargerCommandSender } from './charger-commands.handlers';
export { RecordChargerTelemetryCommand } from './chargers-live.commands';
export { COMMAND_RESULT_FOLLOWERS, type CommandResultFollower } from './command-result-followers';
export { COMMAND_RESULTS_GROUP, startChargerCommandResults } from './command-results-consumer';
export { TELEMETRY_GROUP, startChargerTelemetry } from './telemetry-consumer';
