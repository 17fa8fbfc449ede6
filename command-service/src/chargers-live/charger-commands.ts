import type { SendChargerCommand } from '@evc/contracts';
import { PayloadCommand } from '../shared/payload-command';
import type { ChargerCommandCommand } from './charger-command.decider';

/**
 * Staff: send an OCPP command to a charger (`chargers.send-command`). The charging context sends remote starts and
 * stops the same way with the session id (never from HTTP: the route's schema has no such field).
 */
export class SendChargerCommandCommand extends PayloadCommand<SendChargerCommand & { sessionId?: string }> {}
/** The results consumer: a gateway node sent the command, or its outcome (from ocpp.outbound.results). */
export class RecordChargerCommandOutcomeCommand extends PayloadCommand<Extract<ChargerCommandCommand, { kind: 'sent' | 'answer' }>> {}
