import type { OutboundOcppResult } from '@evc/contracts';
import { PayloadCommand } from '../shared/payload-command';

/** The results consumer: the outcome of a session's remote start (from ocpp.outbound.results, with sessionId). */
export class RecordSessionCommandResultCommand extends PayloadCommand<OutboundOcppResult> {}
