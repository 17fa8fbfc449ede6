import { randomUUID } from 'node:crypto';
import {
  BUS_TOPICS,
  CHARGING_TIMING,
  type AuthorizationSource,
  type IdTokenStatus,
  idTokenChangeSchema,
  ocppAuthorizeReplySchema,
  type OcppAuthorizeReply,
  type OcppAuthorizeRequest,
} from '@evc/contracts';
import type { Bus, Consumer } from '@evc/platform';
import { createLogger } from '@evc/platform/logging/logger';

export interface Authorization {
  status: IdTokenStatus;
  expiryDate: string | null;
  source: AuthorizationSource;
}

/** How long a command-side answer for a tag may stand in for it when the command side is slow (Authorize only). */
export const AUTHORIZE_CACHE_MS = 24 * 60 * 60 * 1000;
/** Tags remembered per node (oldest dropped first). */
const CACHE_MAX = 100_000;

/**
 * Request/reply with the command side for the calls a charger waits on (contracts/charging/ocpp-authorize.ts).
 * Questions go out on `ocpp.authorize` keyed by charger id; this node reads `ocpp.authorize.replies` in a group of
 * its own, keeps only replies carrying its node id and resolves the waiting call by request id. No answer within the
 * timeout (or the question could not be published): purpose `authorize` gets the tag's cached answer from the last
 * 24 h, else Invalid; `transaction` is Accepted (the car is already charging; the command side stops it if need be).
 * Answers are the network's statuses; each protocol's wire answer is made in normalize/.
 */
export class Authorizer {
  private readonly log = createLogger('ocpp-authorize');
  private readonly pending = new Map<string, (reply: OcppAuthorizeReply) => void>();
  private readonly cache = new Map<string, { status: IdTokenStatus; expiryDate: string | null; at: number }>();
  private readonly replies: Consumer;
  /** Cards turned off or on (`ocpp.id-token-changes`, a group per node): the cached answer changes at once. */
  private readonly tokenChanges: Consumer;

  constructor(
    private readonly bus: Bus,
    private readonly nodeId: string,
    private readonly timeoutMs: number = CHARGING_TIMING.authorizeReplyTimeoutMs,
  ) {
    this.replies = bus.subscribe<unknown>({ groupId: `ocpp-gateway-authorize-${nodeId}`, topics: [BUS_TOPICS.ocppAuthorizeReplies] }, ({ value }) => {
      if ((value as Partial<OcppAuthorizeReply> | null)?.nodeId !== this.nodeId) return;
      const reply = ocppAuthorizeReplySchema.safeParse(value);
      if (!reply.success) return this.log.warn('authorize reply refused by its schema', { issue: reply.error.issues[0]?.message });
      this.pending.get(reply.data.requestId)?.(reply.data);
    });
    this.tokenChanges = bus.subscribe<unknown>({ groupId: `ocpp-gateway-tokens-${nodeId}`, topics: [BUS_TOPICS.idTokenChanges] }, ({ value }) => {
      const change = idTokenChangeSchema.safeParse(value);
      if (!change.success) return this.log.warn('id token change refused by its schema', { issue: change.error.issues[0]?.message });
      this.tokenChanged(change.data.idTag, change.data.status);
    });
  }

  get ready(): Promise<void> {
    return Promise.all([this.replies.ready, this.tokenChanges.ready]).then(() => undefined);
  }

  async stop(): Promise<void> {
    await Promise.all([this.replies.stop(), this.tokenChanges.stop()]);
  }

  /**
   * A card turned off is refused from the cache from now on (should the command side not answer in time); one turned
   * on again is forgotten, so the next answer comes from the command side (or, without one, Invalid).
   */
  tokenChanged(idTag: string, status: 'Accepted' | 'Blocked'): void {
    if (status === 'Blocked') this.remember(idTag, 'Blocked', null);
    else this.cache.delete(idTag);
  }

  async authorize(question: Pick<OcppAuthorizeRequest, 'chargerId' | 'idTag' | 'connectorId' | 'purpose'>): Promise<Authorization> {
    const requestId = randomUUID();
    const request: OcppAuthorizeRequest = { ...question, requestId, nodeId: this.nodeId, at: new Date().toISOString() };
    let timer: NodeJS.Timeout | undefined;
    let settle!: (reply: OcppAuthorizeReply | null) => void;
    const answered = new Promise<OcppAuthorizeReply | null>((resolve) => {
      settle = resolve;
      this.pending.set(requestId, resolve);
      timer = setTimeout(() => resolve(null), this.timeoutMs);
    });
    try {
      await this.bus.publish<OcppAuthorizeRequest>(BUS_TOPICS.ocppAuthorize, [{ key: question.chargerId, value: request }]);
    } catch (error) {
      this.log.error('authorize request not published', { chargerId: question.chargerId, error: String(error) });
      settle(null);
    }
    const reply = await answered;
    clearTimeout(timer);
    this.pending.delete(requestId);
    if (reply) {
      this.remember(question.idTag, reply.status, reply.expiryDate);
      return { status: reply.status, expiryDate: reply.expiryDate, source: 'command-side' };
    }
    this.log.warn('no authorize answer in time, fallback', { chargerId: question.chargerId, purpose: question.purpose, timeoutMs: this.timeoutMs });
    if (question.purpose === 'transaction') return { status: 'Accepted', expiryDate: null, source: 'fallback' };
    const cached = this.cache.get(question.idTag);
    if (cached && Date.now() - cached.at <= AUTHORIZE_CACHE_MS) return { status: cached.status, expiryDate: cached.expiryDate, source: 'cache' };
    return { status: 'Invalid', expiryDate: null, source: 'fallback' };
  }

  private remember(idTag: string, status: IdTokenStatus, expiryDate: string | null): void {
    this.cache.delete(idTag); // re-insert: the Map's order is then the age order
    this.cache.set(idTag, { status, expiryDate, at: Date.now() });
    if (this.cache.size > CACHE_MAX) this.cache.delete(this.cache.keys().next().value!);
  }
}
