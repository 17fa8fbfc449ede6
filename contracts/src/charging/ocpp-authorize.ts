import { z } from 'zod';
import { ID_TOKEN_STATUSES } from './schemas';

/**
 * Request/reply between the gateway and the command side for the calls a charger waits on: a token
 * presented to start (1.6 / 2.0.1 Authorize) and the token of a transaction the charger runs (1.6 StartTransaction,
 * 2.0.1 TransactionEvent with an idToken). Version-neutral: the gateway asks in these terms and turns the answer into
 * each protocol's wire answer (1.6 has no NoCredit: Blocked). The gateway publishes the question on `ocpp.authorize`
 * (keyed by charger id) and waits CHARGING_TIMING.authorizeReplyTimeoutMs for the answer on `ocpp.authorize.replies`
 * (keyed by node id; each node keeps only its own). Fallback on timeout (documented in ocpp-gateway/README.md):
 * `authorize` answers the node's cached answer for the tag if it has one from the last 24 h, otherwise Invalid;
 * `transaction` is Accepted (the charger is already charging; the command side records the transaction and stops it
 * remotely if the token turns out not to be accepted).
 */
export const AUTHORIZE_PURPOSES = ['authorize', 'transaction'] as const;
export type AuthorizePurpose = (typeof AUTHORIZE_PURPOSES)[number];

/** Which question (request id), from which gateway node (it keeps only its own answers), about which token where. */
const question = z.object({ requestId: z.string(), nodeId: z.string(), chargerId: z.string(), idTag: z.string() });

export const ocppAuthorizeRequestSchema = question.extend({
  /** The network's connector number, when the charger named one. */
  connectorId: z.number().int().nullable(),
  purpose: z.enum(AUTHORIZE_PURPOSES),
  at: z.string(),
});
export type OcppAuthorizeRequest = z.infer<typeof ocppAuthorizeRequestSchema>;

export const ocppAuthorizeReplySchema = question.extend({
  status: z.enum(ID_TOKEN_STATUSES),
  /** ISO-8601, when the token expires (cards). */
  expiryDate: z.string().nullable(),
});
export type OcppAuthorizeReply = z.infer<typeof ocppAuthorizeReplySchema>;

/**
 * Where the answer the charger got came from; recorded with the inbound message. `remote-start`: the transaction the
 * command side asked the charger for with a remote start (the gateway's Authorizer, no question asked).
 */
export const AUTHORIZATION_SOURCES = ['command-side', 'cache', 'fallback', 'remote-start'] as const;
export type AuthorizationSource = (typeof AUTHORIZATION_SOURCES)[number];

/** What a charger was told about the token of a call, and who decided (on `ocpp.inbound`). */
export const authorizationOutcomeSchema = z.object({ status: z.enum(ID_TOKEN_STATUSES), source: z.enum(AUTHORIZATION_SOURCES) });
export type AuthorizationOutcome = z.infer<typeof authorizationOutcomeSchema>;
