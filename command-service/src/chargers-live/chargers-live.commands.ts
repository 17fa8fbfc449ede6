import { PayloadCommand } from '../shared/payload-command';
import type { ChargerLiveCommand } from './charger-live.decider';

/** Records what a charger reported (from ocpp.inbound) on `charger-live-<id>`; actor `{ type: 'charger', id }`. */
export class RecordChargerTelemetryCommand extends PayloadCommand<ChargerLiveCommand> {}
