import type { IncomingMessage } from 'node:http';
import type { Socket } from 'node:net';
import type { Duplex } from 'node:stream';
import { randomUUID } from 'node:crypto';
import { hostname } from 'node:os';
import { RPCServer, createRPCError } from 'ocpp-rpc';
import {
  BUS_TOPICS,
  COMMAND_OFFLINE_AFTER_MS,
  COMMAND_SENT_REPORT_AFTER_MS,
  boundedLogPayload,
  OCPP_LOG_PAYLOAD_MAX,
  COMMAND_TIMEOUT_MS,
  OCPP_CONNECTED,
  OCPP_DISCONNECTED,
  type AuthorizationOutcome,
  type ChargerMessage,
  type LiveChange,
  type InboundChargerMessage,
  type OcppFrame,
  type OutboundOcppCommand,
  type OutboundOcppResult,
} from '@evc/contracts';
import type { Bus, Consumer } from '@evc/platform';
import { createLogger } from '@evc/platform/logging/logger';
import { warnEach } from '@evc/platform/logging/repeated-warning';
import { CHARGER_AUTH_COLLECTION, revokedReason, type ChargerAuthReader } from './charger-auth';
import { LOGIN_LIMITS, LoginGate, OCPP_PATH_PREFIX, OCPP_PROTOCOLS, REPLACED_REASON, type AcceptedLogin } from './login-gate';
import { Authorizer, type Authorization } from './authorizer';
import { HEARTBEAT_INTERVAL_S, TransactionIds, inboundHandlers, type InboundContext } from './inbound';
import type { TokenQuestion } from './normalize/index';
import { outcomeOf, outcomeOfCallError, toOcppCall } from './outbound';
import { CallDeadlines, CallTimeoutError } from './call-deadlines';

export { HEARTBEAT_INTERVAL_S, LOGIN_LIMITS, OCPP_PATH_PREFIX, OCPP_PROTOCOLS };

/** A charger silent (no frame at all) for this many heartbeat intervals is disconnected, so it shows offline. */
export const SILENT_INTERVALS = 2;

/**
 * Per-charger rate limit on inbound calls (token bucket): this many calls per second sustained, bursts of up to
 * RATE_LIMIT_BURST. A call over the limit is answered with a CALLERROR `GenericError` "Rate limited" in both 1.6 and
 * 2.0.1 (neither protocol has a rate-limit code; 2.0.1's `RpcFrameworkError` means an unreadable frame, so it would
 * mislead), and is not published.
 */
export const RATE_LIMIT_PER_S = 20;
export const RATE_LIMIT_BURST = 60;
export const RATE_LIMITED_CODE = 'GenericError';
export const RATE_LIMITED_DESCRIPTION = 'Rate limited';
export type { InboundChargerMessage };

/** Largest WebSocket frame a charger may send, checked by ws from the frame header before anything is parsed. */
export const MAX_FRAME_BYTES = 256 * 1024;
/** Close codes: 1008 (policy) when a charger is deleted or re-keyed; ws closes a too-large frame with 1009. */
export const CLOSE_REVOKED = 1008;
export const CLOSE_TOO_LARGE = 1009;

interface RpcClient {
  identity: string;
  protocol: string;
  close(options?: { code?: number; reason?: string }): Promise<unknown>;
  call(method: string, params: unknown, options?: { callTimeoutMs?: number; signal?: AbortSignal }): Promise<unknown>;
  handle(handler: (call: { method: string; params: unknown; messageId: string }) => unknown): void;
  on(event: 'close', listener: (info: { code: number; reason: string | Buffer }) => void): void;
  on(event: 'message', listener: (info: { message: string | Buffer; outbound: boolean }) => void): void;
  on(event: 'socketError', listener: (error: Error & { code?: string }) => void): void;
  on(event: 'ping', listener: (info: { rtt: number }) => void): void;
}

/** What a connection needs of its gateway: one object shared by every connection. */
interface ConnectionHost {
  bus: Bus;
  authorizer: Authorizer;
  transactionIds: TransactionIds;
  fail(chargerId: string, what: string): (error: unknown) => void;
}

/**
 * One charger's connection: its state, and what its calls may do (InboundContext) as methods rather than closures,
 * so a connection costs a few fields and one handler (memory per charger is what bounds the chargers held).
 */
class Connection implements InboundContext {
  readonly connectionId = randomUUID();
  readonly chargerId: string;
  /** When the charger last sent a frame (the silent-charger watchdog). */
  lastFrameAt = Date.now();
  /** When the socket last showed life (a frame or a pong): the shared keep-alive pings a connection quiet for long. */
  lastSeenAt = Date.now();
  /** When the keep-alive last pinged, and whether the socket has shown life since (a pong or a frame). */
  pingSentAt = 0;
  awaitingPong = false;
  seq = 0;
  /** Actions of calls by message id, so results and errors in the log name what they answer. */
  readonly actions = new Map<string, string>();
  /** Token bucket of inbound calls. */
  tokens: number;
  refilledAt = performance.now();
  /** Calls refused in the current burst (0 when not limited); only the first of a burst is logged. */
  refusedInBurst = 0;
  /** Message ids of refused calls still to be answered, and whether that call and answer go to the message log. */
  refused: Map<string, boolean> | null = null;
  /** ws refused a frame over maxPayload (close 1009). */
  tooLarge = false;

  constructor(
    private readonly host: ConnectionHost,
    readonly client: RpcClient,
    /** The key hash the charger logged in with: a rotation closes the connection. */
    readonly secretHash: string,
    burst: number,
  ) {
    this.chargerId = client.identity;
    this.tokens = burst;
  }

  get protocol(): string {
    return this.client.protocol;
  }

  publish(message: ChargerMessage, messageId: string, authorization?: AuthorizationOutcome): Promise<void> {
    const { chargerId, connectionId } = this;
    return this.host.bus.publish<InboundChargerMessage>(BUS_TOPICS.ocppInbound, [
      { key: chargerId, value: { chargerId, protocol: this.protocol, connectionId, messageId, receivedAt: new Date().toISOString(), ...(authorization ? { authorization } : {}), message } },
    ]);
  }

  logFrame(frame: Omit<OcppFrame, 'frameId' | 'chargerId' | 'connectionId' | 'at'>): Promise<void> {
    const { chargerId, connectionId } = this;
    return this.host.bus
      .publish<OcppFrame>(BUS_TOPICS.ocppFrames, [
        { key: chargerId, value: { frameId: `${connectionId}-${String(++this.seq).padStart(9, '0')}`, chargerId, connectionId, at: new Date().toISOString(), ...frame } },
      ])
      .catch(this.host.fail(chargerId, 'frame'));
  }

  authorize(question: TokenQuestion): Promise<Authorization> {
    return this.host.authorizer.authorize({ ...question, chargerId: this.chargerId });
  }

  transactionIdFor(start: string): number {
    return this.host.transactionIds.for(this.chargerId, start);
  }
}

/** The keep-alive: a connection quiet (no frame, no pong) this long is pinged by the shared sweep. */
export const PING_AFTER_MS = 30_000;

export interface OcppGatewayOptions {
  /** Where charger logins are checked (the charger_auth read model). */
  documents: ChargerAuthReader;
  bus: Bus;
  /** How often to look for silent chargers (default 15 s); 0 turns the watchdog off (tests call sweepSilent). */
  watchdogEveryMs?: number;
  /** This node's name: its consumer group on ocpp.outbound is `ocpp-gateway-<nodeId>` (default host name + random). */
  nodeId?: string;
  /** How long a charger has to answer a command (default COMMAND_TIMEOUT_MS). */
  commandTimeoutMs?: number;
  /** Inbound calls per charger: sustained per second and burst (default RATE_LIMIT_PER_S / RATE_LIMIT_BURST). */
  rateLimit?: { perSecond: number; burst: number };
  /** How long to wait for the command side's authorization answer (default CHARGING_TIMING.authorizeReplyTimeoutMs). */
  authorizeTimeoutMs?: number;
  /** Largest frame a charger may send, bytes (default MAX_FRAME_BYTES; OCPP_MAX_FRAME_BYTES). */
  maxFrameBytes?: number;
  /** Proxies in front (TRUST_PROXY): the charger's address is the one the nearest appended to X-Forwarded-For. */
  trustProxy?: number;
  /** Failed logins per window (default LOGIN_LIMITS). */
  loginLimits?: typeof LOGIN_LIMITS;
  /**
   * Logins were decided before the socket reached this gateway (its own process: the launcher asks the LoginGate and
   * hands over the accepted login with the socket, see handleUpgrade's `login`); an upgrade without one is refused.
   */
  loginsCheckedBefore?: boolean;
}

/** How many command ids a node remembers, so a redelivered command is sent once. */
const RECENT_COMMANDS = 1000;

/**
 * OCPP-J endpoint on /ocpp/<chargePointId> (1.6 and 2.0.1, strict schema validation, Basic auth).
 * Every inbound call is published on ocpp.inbound keyed by charger id, before it is answered, as a version-neutral
 * message (normalize/: the only reader of 1.6 and 2.0.1 field names); the command side turns them into events.
 * Authorize and transaction starts ask the command side (authorizer.ts).
 */
export class OcppGateway {
  private readonly log = createLogger('ocpp');
  private readonly server: RPCServer;
  private readonly clients = new Map<string, RpcClient>();
  private readonly connections = new Map<RpcClient, Connection>();
  private readonly watchdog: NodeJS.Timeout | null;
  private readonly keepAliveTimer: NodeJS.Timeout | null;
  private readonly outbound: Consumer;
  /** Change notices of the charger_auth read model: a deleted or re-keyed charger is closed on every node. */
  private readonly revocations: Consumer;
  private readonly logins: LoginGate;
  private readonly recentCommands = new Set<string>();
  readonly nodeId: string;
  private readonly rateLimit: { perSecond: number; burst: number };
  private readonly authorizer: Authorizer;
  private readonly transactionIds = new TransactionIds();
  /** The time limits of the commands sent to chargers (one sweep, not a timer per call). */
  private readonly deadlines = new CallDeadlines(Math.min(1000, this.options.commandTimeoutMs ?? COMMAND_TIMEOUT_MS));

  constructor(private readonly options: OcppGatewayOptions) {
    this.rateLimit = options.rateLimit ?? { perSecond: RATE_LIMIT_PER_S, burst: RATE_LIMIT_BURST };
    this.logins = new LoginGate(options.documents, options.loginLimits ?? LOGIN_LIMITS, options.trustProxy ?? 0);
    // Strict validation of every call and result in both protocols; frames over maxFrameBytes are refused by ws
    // from the frame header (close 1009), before any byte of them is parsed.
    this.server = new RPCServer({
      protocols: [...OCPP_PROTOCOLS],
      strictMode: true,
      // No ping timer per client (a timer, an emitter and abort controllers each): the watchdog's one sweep pings
      // quiet connections instead (keepAlive).
      pingIntervalMs: 0,
      wssOptions: { maxPayload: options.maxFrameBytes ?? MAX_FRAME_BYTES },
    });
    this.server.auth((accept, reject, handshake) => {
      if (options.loginsCheckedBefore) {
        const login = (handshake.request as { login?: AcceptedLogin }).login;
        return login ? accept(login.session, login.protocol) : reject(500, 'Login not checked');
      }
      void this.logins.check(handshake).then((outcome) => (outcome.ok ? accept(outcome.session, outcome.protocol) : reject(outcome.status, outcome.message)));
    });
    this.server.on('client', (client: RpcClient) => this.onClient(client));
    const every = options.watchdogEveryMs ?? 15_000;
    this.watchdog = every > 0 ? setInterval(() => this.sweepSilent(), every) : null;
    // The keep-alive looks every second, so the pings spread as the connections' quiet times do (no burst of
    // thousands every 15 s); one timer for every connection.
    this.keepAliveTimer = every > 0 ? setInterval(() => this.keepAlive(), 1000) : null;
    this.keepAliveTimer?.unref();
    this.watchdog?.unref();
    this.nodeId = options.nodeId ?? `${hostname()}-${randomUUID().slice(0, 8)}`;
    // Every node consumes every command (a group of its own); only the node holding the socket sends it.
    // Keyed by charger: each charger's commands go out in order, different chargers' side by side.
    this.outbound = options.bus.subscribe<OutboundOcppCommand>(
      { groupId: `ocpp-gateway-${this.nodeId}`, topics: [BUS_TOPICS.ocppOutbound], concurrency: { perKey: true, max: 256 } },
      ({ value }) => this.onOutbound(value),
    );
    this.authorizer = new Authorizer(options.bus, this.nodeId, options.authorizeTimeoutMs);
    this.host.authorizer = this.authorizer;
    this.revocations = options.bus.subscribe<LiveChange>({ groupId: `ocpp-gateway-auth-${this.nodeId}`, topics: [BUS_TOPICS.readModelChanged] }, ({ value }) =>
      value.collection === CHARGER_AUTH_COLLECTION ? this.recheckChargers(value.ids ?? null) : undefined,
    );
  }

  /**
   * A charger's key was rotated or the charger (or its station) deleted: each of those held here is closed at once
   * (1008) unless its record still matches the key it logged in with. Every node consumes the notices in a group of
   * its own, so whichever node holds the socket closes it.
   */
  private async recheckChargers(ids: readonly string[] | null): Promise<void> {
    const held = ids ? ids.flatMap((id) => (this.clients.has(id) ? [id] : [])) : [...this.clients.keys()];
    for (const chargerId of held) {
      const client = this.clients.get(chargerId);
      const connection = client ? this.connections.get(client) : undefined;
      if (!client || !connection) continue;
      const reason = await revokedReason(this.options.documents, chargerId, connection.secretHash);
      if (!reason) continue;
      this.log.warn('charger access revoked, closing its connection', { chargerId, reason });
      await client.close({ code: CLOSE_REVOKED, reason }).catch(() => undefined);
    }
  }

  /** Resolves once this node receives commands from ocpp.outbound and authorization answers. */
  get ready(): Promise<void> {
    return Promise.all([this.outbound.ready, this.authorizer.ready, this.revocations.ready]).then(() => undefined);
  }

  /** Closes every connection that sent nothing for SILENT_INTERVALS heartbeat intervals; answers their charger ids. */
  sweepSilent(now = Date.now()): string[] {
    const limit = SILENT_INTERVALS * HEARTBEAT_INTERVAL_S * 1000;
    const silent = [...this.connections.values()].filter((c) => now - c.lastFrameAt > limit);
    for (const c of silent) void c.client.close({ code: 1001, reason: 'No heartbeat', force: true } as { code: number; reason: string }).catch(() => undefined);
    warnEach(this.log, 'charger silent, closing its connection', silent.map((c) => ({ chargerId: c.client.identity, silentForMs: now - c.lastFrameAt })));
    return silent.map((c) => c.client.identity);
  }

  /**
   * The keep-alive of every connection in one sweep (rather than ocpp-rpc's timer per client): a connection
   * quiet for PING_AFTER_MS is pinged; one whose ping is unanswered PING_AFTER_MS later is terminated (a dead
   * socket: its charger reconnects). Answers the charger ids terminated.
   */
  keepAlive(now = Date.now(), pingAfterMs = PING_AFTER_MS): string[] {
    const dead: string[] = [];
    const unanswered: Record<string, unknown>[] = [];
    for (const c of this.connections.values()) {
      const ws = (c.client as RpcClient & { _ws?: { ping(): void; terminate(): void } })._ws;
      if (!ws) continue;
      if (c.awaitingPong) {
        if (now - c.pingSentAt < pingAfterMs) continue;
        unanswered.push({ chargerId: c.chargerId, pingSentAt: new Date(c.pingSentAt).toISOString() });
        ws.terminate();
        dead.push(c.chargerId);
      } else if (now - c.lastSeenAt >= pingAfterMs) {
        c.pingSentAt = now;
        c.awaitingPong = true;
        try {
          ws.ping();
        } catch {
          ws.terminate();
          dead.push(c.chargerId);
        }
      }
    }
    warnEach(this.log, 'charger did not answer a ping, terminating its connection', unanswered);
    return dead;
  }

  get connectedCount(): number {
    return this.clients.size;
  }

  /** Attach to an HTTP server's 'upgrade' event; answers true when the request was an OCPP one. */
  handleUpgrade = (request: IncomingMessage, socket: Duplex, head: Buffer): boolean => {
    if (!request.url?.startsWith(OCPP_PATH_PREFIX)) return false;
    // Node hands 'upgrade' listeners a net.Socket typed as Duplex.
    this.server.handleUpgrade(request, socket as Socket, head);
    return true;
  };

  async close(): Promise<void> {
    if (this.watchdog) clearInterval(this.watchdog);
    if (this.keepAliveTimer) clearInterval(this.keepAliveTimer);
    await this.outbound.stop();
    await this.revocations.stop();
    await this.authorizer.stop();
    await this.server.close({ code: 1001, reason: 'Server shutting down', awaitPending: true });
    this.clients.clear();
  }

  private readonly host: ConnectionHost = {
    bus: this.options.bus,
    authorizer: undefined as unknown as Authorizer,
    transactionIds: this.transactionIds,
    fail: (chargerId, what) => (error: unknown) => this.log.error(`${what} not published`, { chargerId, error: String(error) }),
  };

  private onClient(client: RpcClient & { session?: { secretHash?: string } }): void {
    const previous = this.clients.get(client.identity);
    // One live connection per charger: a reconnecting charger replaces its stale socket.
    if (previous && previous !== client) void previous.close({ code: 1000, reason: REPLACED_REASON });
    this.clients.set(client.identity, client);
    const connection = new Connection(this.host, client, client.session?.secretHash ?? '', this.rateLimit.burst);
    this.connections.set(client, connection);
    void connection.publish({ type: 'Connected' }, connection.connectionId).catch(this.host.fail(connection.chargerId, OCPP_CONNECTED));
    void connection.logFrame({ direction: 'in', kind: 'connection', messageId: connection.connectionId, action: OCPP_CONNECTED, payload: { protocol: client.protocol }, error: null });
    client.on('message', (info) => this.onFrame(connection, info));
    // ocpp-rpc reports a pong as 'ping' (with the round trip).
    client.on('ping', () => {
      connection.lastSeenAt = Date.now();
      connection.awaitingPong = false;
    });
    // ws refuses a frame over maxPayload from its header, closes with 1009 and reports it here.
    client.on('socketError', (error) => {
      if (error.code !== 'WS_ERR_UNSUPPORTED_MESSAGE_LENGTH') return;
      connection.tooLarge = true;
      this.log.warn('charger sent a frame over the limit; connection closed', { chargerId: connection.chargerId, maxFrameBytes: this.options.maxFrameBytes ?? MAX_FRAME_BYTES });
    });
    client.on('close', (info) => this.onClose(connection, info));
    // One handler for every call (the protocol's shared table), not one closure per action per connection.
    client.handle((call) => this.onCall(connection, call));
  }

  /** An inbound call: refused when over the rate limit (marked in onFrame), else its protocol's handler. */
  private onCall(connection: Connection, call: { method: string; params: unknown; messageId: string }): Promise<unknown> {
    if (connection.refused?.has(call.messageId)) throw createRPCError(RATE_LIMITED_CODE, RATE_LIMITED_DESCRIPTION, {});
    const handler = inboundHandlers(connection.protocol)[call.method];
    if (!handler) throw createRPCError('NotImplemented', `${call.method} is not supported`);
    return handler(connection, call);
  }

  /**
   * Every frame, in and out, before ocpp-rpc handles it: a call over the limit is marked here and refused by onCall;
   * refused calls and their answers stay out of the message log, but the first of a burst.
   */
  private onFrame(connection: Connection, { message, outbound }: { message: string | Buffer; outbound: boolean }): void {
    if (!outbound) {
      connection.lastFrameAt = connection.lastSeenAt = Date.now();
      connection.awaitingPong = false;
    }
    const frame = this.describeFrame(connection, String(message), outbound);
    if (frame.kind === 'call' && !outbound && !this.takeToken(connection)) {
      const first = ++connection.refusedInBurst === 1;
      (connection.refused ??= new Map()).set(frame.messageId, first);
      if (first) this.log.warn('charger rate limited', { chargerId: connection.chargerId, perSecond: this.rateLimit.perSecond, burst: this.rateLimit.burst });
      if (!first) return;
    } else if (outbound && connection.refused?.has(frame.messageId)) {
      const logIt = connection.refused.get(frame.messageId);
      connection.refused.delete(frame.messageId);
      if (!logIt) return;
    } else if (frame.kind === 'call' && !outbound && connection.refusedInBurst > 0) {
      this.log.info('charger rate limit lifted', { chargerId: connection.chargerId, refused: connection.refusedInBurst });
      connection.refusedInBurst = 0;
    }
    void connection.logFrame(frame);
  }

  private onClose(connection: Connection, { code, reason }: { code: number; reason: string | Buffer }): void {
    const { client, chargerId, connectionId } = connection;
    this.connections.delete(client);
    if (this.clients.get(chargerId) === client) this.clients.delete(chargerId);
    void connection.publish({ type: 'Disconnected' }, connectionId).catch(this.host.fail(chargerId, OCPP_DISCONNECTED));
    const max = this.options.maxFrameBytes ?? MAX_FRAME_BYTES;
    const payload = connection.tooLarge ? { code: CLOSE_TOO_LARGE, reason: `Frame larger than ${max} bytes` } : { code, reason: String(reason) };
    void connection.logFrame({ direction: 'in', kind: 'connection', messageId: connectionId, action: OCPP_DISCONNECTED, payload, error: null });
  }

  /** Takes one token from the connection's bucket (refilled at perSecond, capped at burst); false when empty. */
  private takeToken(connection: Connection): boolean {
    const at = performance.now();
    const { perSecond, burst } = this.rateLimit;
    connection.tokens = Math.min(burst, connection.tokens + ((at - connection.refilledAt) / 1000) * perSecond);
    connection.refilledAt = at;
    if (connection.tokens < 1) return false;
    connection.tokens -= 1;
    return true;
  }

  /**
   * A staff command from ocpp.outbound: ignored unless this node holds the charger's socket; sent once (a redelivery
   * is recognised by command id); dropped when older than COMMAND_OFFLINE_AFTER_MS (by then the projections' sweep
   * reports it offline). Publishes the outcome, with `sentAt` when the charger answered within
   * COMMAND_SENT_REPORT_AFTER_MS, else `sent` at that time and the outcome later; the call runs without holding up the
   * consumer, so one slow charger does not delay commands to the others.
   */
  private async onOutbound(command: OutboundOcppCommand): Promise<void> {
    const client = this.clients.get(command.chargerId);
    if (!client || this.recentCommands.has(command.commandId)) return;
    const { commandId, chargerId } = command;
    if (Date.now() - Date.parse(command.requestedAt) > COMMAND_OFFLINE_AFTER_MS - 500) {
      this.log.warn('charger command too old, not sent', { chargerId, commandId, requestedAt: command.requestedAt });
      return;
    }
    this.recentCommands.add(commandId);
    if (this.recentCommands.size > RECENT_COMMANDS) this.recentCommands.delete(this.recentCommands.values().next().value!);
    const protocol = client.protocol;
    const call = toOcppCall(command.request, protocol, commandId);
    const result = (r: Pick<OutboundOcppResult, 'status'> & Partial<OutboundOcppResult>) =>
      this.options.bus.publish<OutboundOcppResult>(BUS_TOPICS.ocppOutboundResults, [
        {
          key: chargerId,
          value: { commandId, chargerId, ocppAction: null, protocol, response: null, error: null, at: new Date().toISOString(), ...(command.sessionId ? { sessionId: command.sessionId } : {}), ...r },
        },
      ]);
    if ('unsupported' in call) return result({ status: 'not_supported', error: call.unsupported });
    // The transaction a remote start asks for is authorized by it (Authorizer): known before the charger can answer.
    const remoteStart = command.request.action === 'RemoteStartTransaction' ? command.request : null;
    if (remoteStart) this.authorizer.remoteStartSent(chargerId, remoteStart.idTag, remoteStart.connectorId);
    const ocppAction = call.action;
    const sentAt = new Date().toISOString();
    // `sent` is reported only for a charger slow to answer; a prompt outcome carries sentAt and stands for it.
    let reportedSent = false;
    const slow = setTimeout(() => {
      reportedSent = true;
      void result({ status: 'sent', ocppAction, at: sentAt }).catch((error: unknown) => this.log.error('charger command result not published', { chargerId, commandId, error: String(error) }));
    }, COMMAND_SENT_REPORT_AFTER_MS);
    slow.unref();
    const outcome = (r: Parameters<typeof result>[0]) => {
      clearTimeout(slow);
      if (remoteStart && r.status !== 'accepted') this.authorizer.remoteStartRefused(chargerId, remoteStart.idTag);
      return result(reportedSent ? r : { ...r, sentAt });
    };
    void this.deadlines
      .call(client, ocppAction, call.payload, this.options.commandTimeoutMs ?? COMMAND_TIMEOUT_MS)
      .then(
        (response) => outcome({ status: outcomeOf(ocppAction, response), ocppAction, response }),
        (error: unknown) => {
          if (error instanceof CallTimeoutError) return outcome({ status: 'timeout', ocppAction, error: 'The charger did not answer in time' });
          const e = error as { rpcErrorCode?: string; message?: string; details?: unknown };
          if (e.rpcErrorCode) return outcome({ status: outcomeOfCallError(e.rpcErrorCode), ocppAction, response: e.details ?? null, error: `${e.rpcErrorCode}: ${e.message ?? ''}` });
          return outcome({ status: 'error', ocppAction, error: String(e.message ?? error) });
        },
      )
      .catch((error: unknown) => this.log.error('charger command result not published', { chargerId, commandId, error: String(error) }));
  }

  /** An OCPP-J frame ([2, id, action, payload] | [3, id, payload] | [4, id, code, description, details]) for the log. */
  private describeFrame(connection: Connection, text: string, outbound: boolean): Omit<OcppFrame, 'frameId' | 'chargerId' | 'connectionId' | 'at'> {
    const direction = outbound ? 'out' : 'in';
    let frame: unknown;
    try {
      frame = JSON.parse(text);
    } catch {
      return { direction, kind: 'error', messageId: '', action: '', payload: boundedLogPayload(text.slice(0, 2000)), error: 'Unparseable frame' };
    }
    const [type, id, ...rest] = Array.isArray(frame) ? (frame as unknown[]) : [];
    const messageId = String(id ?? '');
    // A part of a frame never serialises longer than the frame's text: a small frame's payload is within the log's
    // bound without serialising it again to measure it (no second JSON.stringify per call answered).
    const bounded = text.length <= OCPP_LOG_PAYLOAD_MAX ? (payload: unknown) => payload : boundedLogPayload;
    if (type === 2) {
      const action = String(rest[0] ?? '');
      connection.actions.set(messageId, action);
      if (connection.actions.size > 100) connection.actions.delete(connection.actions.keys().next().value!);
      return { direction, kind: 'call', messageId, action, payload: bounded(rest[1] ?? null), error: null };
    }
    const action = connection.actions.get(messageId) ?? '';
    connection.actions.delete(messageId);
    if (type === 3) return { direction, kind: 'result', messageId, action, payload: bounded(rest[0] ?? null), error: null };
    return { direction, kind: 'error', messageId, action, payload: bounded(rest[2] ?? null), error: `${String(rest[0] ?? '').slice(0, 100)}: ${String(rest[1] ?? '').slice(0, 500)}` };
  }
}
