import { z } from 'zod';

/** Connection notes in the message log (`ocpp.frames`): the action of a socket's open and close. */
export const OCPP_CONNECTED = '$connected';
export const OCPP_DISCONNECTED = '$disconnected';

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

/** The most of one frame's payload the message log keeps (its JSON text, characters); larger ones are cut. */
export const OCPP_LOG_PAYLOAD_MAX = 16 * 1024;

/**
 * A frame's payload as the message log keeps it: as sent when its JSON is at most OCPP_LOG_PAYLOAD_MAX characters,
 * else its first 2,000 characters with its full size, so one frame never costs the log more than a bounded size.
 */
export function boundedLogPayload(payload: unknown): unknown {
  const text = typeof payload === 'string' ? payload : (JSON.stringify(payload) ?? '');
  if (text.length <= OCPP_LOG_PAYLOAD_MAX) return payload;
  return { truncated: true, length: text.length, head: text.slice(0, 2000) };
}
