import type { OutboundOcppResult } from '@evc/contracts';
import { PayloadCommand } from '../shared/payload-command';

/** The results consumer: a charger command's outcome (from ocpp.outbound.results); a booking's ReserveNow answer. */
export class RecordBookingCommandResultCommand extends PayloadCommand<OutboundOcppResult> {}

/** The charging context: a session began charging on a connector (it may fulfil a booking of its customer). */
export class BookingSessionStartedCommand extends PayloadCommand<{
  sessionId: string;
  customerId: string;
  chargerId: string;
  connectorId: number;
}> {}
