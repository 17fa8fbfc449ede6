import type { OutboundOcppResult } from '@evc/contracts';
import { PayloadCommand } from '../shared/payload-command';
import type { DiagnosticsCommand } from './diagnostics.decider';

/** What a charger reported of its upload (ocpp.inbound), recorded on `diagnostics-<chargerId>`. */
export class RecordDiagnosticsCommand extends PayloadCommand<DiagnosticsCommand> {}
/** A charger command's outcome (a CommandResultFollower): recorded when it answered a diagnostics request. */
export class RecordDiagnosticsCommandResultCommand extends PayloadCommand<OutboundOcppResult> {}
