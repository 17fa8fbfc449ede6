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
import { RepeatedWarning } from '@evc/platform/logging/repeated-warning';

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
 * How long a remote start stands for the authorization of the transaction it asked for: as long as the driver has to
 * plug in (after that the command side fails the session, `no_cable`).
 */
export const REMOTE_START_STANDS_MS = CHARGING_TIMING.plugInWithinMs;
/** Remote starts remembered per node (oldest dropped first; each is used by one transaction or expires). */
const REMOTE_STARTS_MAX = 20_000;
const remoteStartKey = (chargerId: string, idTag: string) => `${chargerId}\u0000${idTag}`;

/**
 * Request/reply with the command side for the calls a charger waits on (contracts/charging/ocpp-authorize.ts).
 * Questions go out on `ocpp.authorize` keyed by charger id; this node reads `ocpp.authorize.replies` in a group of
 * its own, keeps only replies carrying its node id and resolves the waiting call by request id. No answer within the
 * timeout (or the question could not be published): purpose `authorize` gets the tag's cached answer from the last
 * 24 h, else Invalid; `transaction` is Accepted (the car is already charging; the command side stops it if need be).
 * Answers are the network's statuses; each protocol's wire answer is made in normalize/.
 *
 * A transaction the command side asked for is not asked about again: a remote start goes to a charger only after the
 * command side's own checks (sessions.start, or staff with the privilege), so the transaction a charger starts for
 * that tag on that connector is answered Accepted here (source `remote-start`), as OCPP lets a central system treat its
 * own remote starts (AuthorizeRemoteTxRequests). It stands for one transaction, until the charger refuses the start,
 * the card is blocked, or REMOTE_START_STANDS_MS. A card session the command side opens for it is still judged there.
 */
export class Authorizer {
  private readonly log = createLogger('ocpp-authorize');
  /**
   * A busy command side leaves thousands of questions unanswered at once (5,000 card starts in one second at issue
   * 18's ceiling): the first is logged, the rest counted by purpose and answer, one line per ten seconds.
   */
  private readonly unanswered = new RepeatedWarning(this.log, 'no authorize answer in time, fallback');
  private readonly pending = new Map<string, (reply: OcppAuthorizeReply) => void>();
  private readonly cache = new Map<string, { status: IdTokenStatus; expiryDate: string | null; at: number }>();
  /** Remote starts sent from this node and not yet used: charger and tag → the connector, and until when it stands. */
  private readonly remoteStarts = new Map<string, { connectorId: number; until: number }>();
  private readonly replies: Consumer;
  /** Cards turned off or on (`ocpp.id-token-changes`, a group per node): the cached answer changes at once. */
  private readonly tokenChanges: Consumer;

  constructor(
    private readonly bus: Bus,
    private readonly nodeId: string,
    private readonly timeoutMs: number = CHARGING_TIMING.authorizeReplyTimeoutMs,
    private readonly now: () => number = Date.now,
  ) {
    this.replies = bus.subscribe<unknown>(
      { groupId: `ocpp-gateway-authorize-${nodeId}`, topics: [BUS_TOPICS.ocppAuthorizeReplies] },
      ({ value }) => {
        if ((value as Partial<OcppAuthorizeReply> | null)?.nodeId !== this.nodeId) return;
        const reply = ocppAuthorizeReplySchema.safeParse(value);
        if (!reply.success) return this.log.warn('authorize reply refused by its schema', { issue: reply.error.issues[0]?.message });
        this.pending.get(reply.data.requestId)?.(reply.data);
      },
    );
    this.tokenChanges = bus.subscribe<unknown>(
      { groupId: `ocpp-gateway-tokens-${nodeId}`, topics: [BUS_TOPICS.idTokenChanges] },
      ({ value }) => {
        const change = idTokenChangeSchema.safeParse(value);
        if (!change.success) return this.log.warn('id token change refused by its schema', { issue: change.error.issues[0]?.message });
        this.tokenChanged(change.data.idTag, change.data.status);
      },
    );
  }

  get ready(): Promise<void> {
    return Promise.all([this.replies.ready, this.tokenChanges.ready]).then(() => undefined);
  }

  async stop(): Promise<void> {
    this.unanswered.flush();
    await Promise.all([this.replies.stop(), this.tokenChanges.stop()]);
  }

  /**
   * A card turned off is refused from the cache from now on (should the command side not answer in time); one turned
   * on again is forgotten, so the next answer comes from the command side (or, without one, Invalid).
   */
  tokenChanged(idTag: string, status: 'Accepted' | 'Blocked'): void {
    if (status === 'Blocked') {
      this.remember(idTag, 'Blocked', null);
      for (const key of this.remoteStarts.keys()) if (key.endsWith(`\u0000${idTag}`)) this.remoteStarts.delete(key);
    } else this.cache.delete(idTag);
  }

  /** This node sent `chargerId` a remote start for `idTag` on `connectorId` (see the class's note). */
  remoteStartSent(chargerId: string, idTag: string, connectorId: number): void {
    const key = remoteStartKey(chargerId, idTag);
    this.remoteStarts.delete(key); // re-insert: the Map's order is then the age order
    this.remoteStarts.set(key, { connectorId, until: this.now() + REMOTE_START_STANDS_MS });
    if (this.remoteStarts.size > REMOTE_STARTS_MAX) this.remoteStarts.delete(this.remoteStarts.keys().next().value!);
  }

  /** The charger did not take the remote start (refused, unsupported, no answer): its transaction is asked about. */
  remoteStartRefused(chargerId: string, idTag: string): void {
    this.remoteStarts.delete(remoteStartKey(chargerId, idTag));
  }

  /** Whether a remote start stands for this question; a transaction uses it up, an Authorize before it does not. */
  private byRemoteStart(question: Pick<OcppAuthorizeRequest, 'chargerId' | 'idTag' | 'connectorId' | 'purpose'>): boolean {
    const key = remoteStartKey(question.chargerId, question.idTag);
    const start = this.remoteStarts.get(key);
    if (!start) return false;
    if (start.until < this.now()) {
      this.remoteStarts.delete(key);
      return false;
    }
    if (question.connectorId !== null && question.connectorId !== start.connectorId) return false;
    if (question.purpose === 'transaction') this.remoteStarts.delete(key);
    return true;
  }

  async authorize(question: Pick<OcppAuthorizeRequest, 'chargerId' | 'idTag' | 'connectorId' | 'purpose'>): Promise<Authorization> {
    if (this.byRemoteStart(question)) return { status: 'Accepted', expiryDate: null, source: 'remote-start' };
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
    const answer = this.fallback(question);
    this.unanswered.note(`${question.purpose}: ${answer.source === 'cache' ? 'cached' : answer.status}`, {
      chargerId: question.chargerId,
      purpose: question.purpose,
      timeoutMs: this.timeoutMs,
    });
    return answer;
  }

  private fallback(question: Pick<OcppAuthorizeRequest, 'idTag' | 'purpose'>): Authorization {
    if (question.purpose === 'transaction') return { status: 'Accepted', expiryDate: null, source: 'fallback' };
    const cached = this.cache.get(question.idTag);
    if (cached && Date.now() - cached.at <= AUTHORIZE_CACHE_MS)
      return { status: cached.status, expiryDate: cached.expiryDate, source: 'cache' };
    return { status: 'Invalid', expiryDate: null, source: 'fallback' };
  }

  private remember(idTag: string, status: IdTokenStatus, expiryDate: string | null): void {
    this.cache.delete(idTag); // re-insert: the Map's order is then the age order
    this.cache.set(idTag, { status, expiryDate, at: Date.now() });
    if (this.cache.size > CACHE_MAX) this.cache.delete(this.cache.keys().next().value!);
  }
}
