import type { IdTokenStatus } from './schemas';

/**
 * Request/reply between the gateway and the command side for the calls a charger waits on (DESIGN §6): Authorize,
 * StartTransaction (1.6) and TransactionEvent Started with an idToken (2.0.1). The gateway publishes the question on
 * `ocpp.authorize` (keyed by charger id) and waits CHARGING_TIMING.authorizeReplyTimeoutMs for the answer on
 * `ocpp.authorize.replies` (keyed by node id; each node keeps only its own). Fallback on timeout (documented in
 * ocpp-gateway/README.md): Authorize answers the node's cached answer for the tag if it has one from the last 24 h,
 * otherwise Invalid; StartTransaction / TransactionEvent are Accepted (the charger is already charging; the command
 * side records the transaction and stops it remotely if the token turns out not to be accepted).
 */
export interface OcppAuthorizeRequest {
  requestId: string;
  nodeId: string;
  chargerId: string;
  idTag: string;
  connectorId: number | null;
  purpose: 'Authorize' | 'StartTransaction' | 'TransactionEvent';
  at: string;
}

export interface OcppAuthorizeReply {
  requestId: string;
  nodeId: string;
  chargerId: string;
  idTag: string;
  status: IdTokenStatus;
  /** ISO-8601, when the token expires (cards). */
  expiryDate: string | null;
}

/** Where the answer the charger got came from; recorded with the inbound message. */
export type AuthorizationSource = 'command-side' | 'cache' | 'fallback';
