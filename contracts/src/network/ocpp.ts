import { z } from 'zod';
import type { ConnectorStatus } from './schemas';

/**
 * What the gateway puts on `ocpp.inbound` (keyed by charger id, so one charger's messages stay in order): every
 * call a charger makes, and `$connected` / `$disconnected` when its socket opens and closes.
 */
export interface InboundOcppMessage {
  chargerId: string;
  protocol: string;
  /** One WebSocket connection; a charger's message ids are only unique within one (OCPP-J). */
  connectionId: string;
  /** The charger's OCPP message id; for `$connected` / `$disconnected`, the connection id. */
  messageId: string;
  action: string;
  payload: unknown;
  receivedAt: string;
  /**
   * StartTransaction (1.6): the transaction id the gateway gave the charger (a positive 31-bit integer, as text).
   * 2.0.1 chargers choose their own (transactionInfo.transactionId).
   */
  transactionId?: string;
  /** Authorize, StartTransaction, TransactionEvent with an idToken: what the charger was told, and who decided. */
  authorization?: { status: string; source: 'command-side' | 'cache' | 'fallback' };
}

export const OCPP_CONNECTED = '$connected';
export const OCPP_DISCONNECTED = '$disconnected';
/**
 * Published by the projections' presence sweep (not the gateway) for a charger shown online that has not been heard
 * from for too long (its gateway node may have died): the charger's connection is taken as gone until it speaks.
 */
export const OCPP_SILENT = '$silent';

/** One frame in or out on a charger's socket, as the gateway publishes it on `ocpp.frames` for the message log. */
export const ocppFrameSchema = z.object({
  /** Unique per frame (the gateway's), so redelivery writes the same log entry twice, not two entries. */
  frameId: z.string(),
  chargerId: z.string(),
  connectionId: z.string(),
  direction: z.enum(['in', 'out']),
  /** OCPP-J message type: call, result or error; `connection` for open/close notes of the gateway. */
  kind: z.enum(['call', 'result', 'error', 'connection']),
  messageId: z.string(),
  /** The call's action (results and errors carry the action of the call they answer, when known). */
  action: z.string(),
  payload: z.unknown(),
  /** For errors: the OCPP error code and description. */
  error: z.string().nullable(),
  at: z.string(),
});
export type OcppFrame = z.infer<typeof ocppFrameSchema>;
export type OcppMessageView = OcppFrame;

export const ocppMessagesQuerySchema = z.object({
  chargerId: z.string().regex(/^[A-Za-z0-9_-]{3,48}$/),
  page: z.coerce.number().int().min(1).default(1),
  pageSize: z.coerce.number().int().min(1).max(200).default(50),
});
export type OcppMessagesQuery = z.infer<typeof ocppMessagesQuerySchema>;

/** How many frames the message log keeps per charger (the newest). */
export const OCPP_LOG_CAP = 1000;

/** OCPP 1.6 ChargePointStatus and 2.0.1 ConnectorStatusEnumType → the network's connector status. */
export function connectorStatusFromOcpp(status: string): ConnectorStatus {
  switch (status) {
    case 'Available':
      return 'available';
    case 'Preparing':
    case 'Occupied': // 2.0.1: plugged in or in use; transaction events refine it once sessions exist
      return 'preparing';
    case 'Charging':
      return 'charging';
    case 'SuspendedEV':
    case 'SuspendedEVSE':
      return 'suspended';
    case 'Finishing':
      return 'finishing';
    case 'Reserved':
      return 'reserved';
    case 'Unavailable':
      return 'unavailable';
    case 'Faulted':
      return 'faulted';
    default:
      return 'unknown';
  }
}
