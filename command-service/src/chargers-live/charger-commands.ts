import type { SendChargerCommand } from '@evc/contracts';
import { PayloadCommand } from '../shared/payload-command';
import type { ChargerCommandCommand } from './charger-command.decider';

/**
 * The charging context sends remote starts and stops like staff's `chargers.send-command`, with the session id
 * (never from HTTP: the operation's schema has no such field).
 */
export class SendSessionChargerCommand extends PayloadCommand<SendChargerCommand & { sessionId?: string }> {}
/** The results consumer: a gateway node sent the command, or its outcome (from ocpp.outbound.results). */
export class RecordChargerCommandOutcomeCommand extends PayloadCommand<Extract<ChargerCommandCommand, { kind: 'sent' | 'answer' }>> {}
