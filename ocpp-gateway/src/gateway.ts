import type { IncomingMessage } from 'node:http';
import type { Socket } from 'node:net';
import type { Duplex } from 'node:stream';
import { randomUUID } from 'node:crypto';
import { hostname } from 'node:os';
import { createRPCError, type RPCServer } from 'ocpp-rpc';
import {
  BUS_TOPICS,
  COMMAND_TIMEOUT_MS,
  OCPP_CONNECTED,
  OCPP_DISCONNECTED,
  type InboundChargerMessage,
  type LiveChange,
  type OutboundOcppCommand,
} from '@evc/contracts';
import type { Bus, Consumer } from '@evc/platform';
import { createLogger } from '@evc/platform/logging/logger';
import { CHARGER_AUTH_COLLECTION, type ChargerAuthReader } from './charger-auth';
import { LOGIN_LIMITS, LoginGate, OCPP_PATH_PREFIX, OCPP_PROTOCOLS, REPLACED_REASON } from './login-gate';
import { Authorizer } from './authorizer';
import { HEARTBEAT_INTERVAL_S, TransactionIds, inboundHandlers } from './inbound';
import { CallDeadlines } from './call-deadlines';
import { Connection, describeFrame, type ConnectionHost, type RpcClient } from './connection';
import { CallRateLimit, RATE_LIMIT_BURST, RATE_LIMIT_PER_S, RATE_LIMITED_CODE, RATE_LIMITED_DESCRIPTION } from './rate-limit';
import { PING_AFTER_MS, SILENT_INTERVALS, closeSilent, pingQuiet } from './keep-alive';
import { CommandSender } from './command-sender';
import { MAX_FRAME_BYTES, admittingServer } from './admission';
import { CLOSE_REVOKED, closeRevoked } from './revocations';

export { HEARTBEAT_INTERVAL_S, LOGIN_LIMITS, OCPP_PATH_PREFIX, OCPP_PROTOCOLS };
export { PING_AFTER_MS, SILENT_INTERVALS, RATE_LIMIT_BURST, RATE_LIMIT_PER_S, RATE_LIMITED_CODE, RATE_LIMITED_DESCRIPTION };
export { CLOSE_REVOKED, MAX_FRAME_BYTES };
export type { InboundChargerMessage };

/** Close code: ws closes a too-large frame with 1009. */
export const CLOSE_TOO_LARGE = 1009;

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

/**
 * OCPP-J endpoint on /ocpp/<chargePointId> (1.6 and 2.0.1, strict schema validation, Basic auth).
 * Every inbound call is published on ocpp.inbound keyed by charger id, before it is answered, as a version-neutral
 * message (normalize/: the only reader of 1.6 and 2.0.1 field names); the command side turns them into events.
 * Authorize and transaction starts ask the command side (authorizer.ts). This class holds the connections, routes
 * their frames and calls, and starts and drains the node; whom the server admits is admission.ts, a connection's own
 * state connection.ts, the call rate limit rate-limit.ts, the keep-alive and the silent-charger watchdog
 * keep-alive.ts, commands to chargers command-sender.ts, closing revoked chargers revocations.ts.
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
  readonly nodeId: string;
  private readonly rateLimit: CallRateLimit;
  private readonly authorizer: Authorizer;
  private readonly commands: CommandSender;
  private readonly transactionIds = new TransactionIds();
  /** The time limits of the commands sent to chargers (one sweep, not a timer per call). */
  private readonly deadlines = new CallDeadlines(Math.min(1000, this.options.commandTimeoutMs ?? COMMAND_TIMEOUT_MS));

  constructor(private readonly options: OcppGatewayOptions) {
    this.rateLimit = new CallRateLimit(options.rateLimit ?? { perSecond: RATE_LIMIT_PER_S, burst: RATE_LIMIT_BURST }, this.log);
    this.logins = new LoginGate(options.documents, options.loginLimits ?? LOGIN_LIMITS, options.trustProxy ?? 0);
    this.server = admittingServer(options, this.logins);
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
      ({ value }) => this.commands.send(value),
    );
    this.authorizer = new Authorizer(options.bus, this.nodeId, options.authorizeTimeoutMs);
    this.host.authorizer = this.authorizer;
    this.commands = new CommandSender({
      bus: options.bus,
      authorizer: this.authorizer,
      deadlines: this.deadlines,
      commandTimeoutMs: options.commandTimeoutMs ?? COMMAND_TIMEOUT_MS,
      clientOf: (chargerId) => this.clients.get(chargerId),
      log: this.log,
    });
    this.revocations = options.bus.subscribe<LiveChange>(
      { groupId: `ocpp-gateway-auth-${this.nodeId}`, topics: [BUS_TOPICS.readModelChanged] },
      ({ value }) => (value.collection === CHARGER_AUTH_COLLECTION ? this.recheckChargers(value.ids ?? null) : undefined),
    );
  }

  /**
   * Closes the chargers named (all when null) held here whose access was revoked (revocations.ts). Every node consumes
   * the notices in a group of its own, so whichever node holds the socket closes it.
   */
  private recheckChargers(ids: readonly string[] | null): Promise<void> {
    const held = ids ? ids.flatMap((id) => (this.clients.has(id) ? [id] : [])) : [...this.clients.keys()];
    const connectionOf = (chargerId: string) => {
      const client = this.clients.get(chargerId);
      return client ? this.connections.get(client) : undefined;
    };
    return closeRevoked(held, connectionOf, this.options.documents, this.log);
  }

  /** Resolves once this node receives commands from ocpp.outbound and authorization answers. */
  get ready(): Promise<void> {
    return Promise.all([this.outbound.ready, this.authorizer.ready, this.revocations.ready]).then(() => undefined);
  }

  /** Closes every connection that sent nothing for SILENT_INTERVALS heartbeat intervals; answers their charger ids. */
  sweepSilent(now = Date.now()): string[] {
    return closeSilent(this.connections.values(), this.log, now);
  }

  /** The keep-alive of every connection in one sweep (keep-alive.ts); answers the charger ids terminated. */
  keepAlive(now = Date.now(), pingAfterMs = PING_AFTER_MS): string[] {
    return pingQuiet(this.connections.values(), this.log, now, pingAfterMs);
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
    const connection = new Connection(this.host, client, client.session?.secretHash ?? '', this.rateLimit.limit.burst);
    this.connections.set(client, connection);
    void connection.publish({ type: 'Connected' }, connection.connectionId).catch(this.host.fail(connection.chargerId, OCPP_CONNECTED));
    void connection.logFrame({
      direction: 'in',
      kind: 'connection',
      messageId: connection.connectionId,
      action: OCPP_CONNECTED,
      payload: { protocol: client.protocol },
      error: null,
    });
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
      this.log.warn('charger sent a frame over the limit; connection closed', {
        chargerId: connection.chargerId,
        maxFrameBytes: this.options.maxFrameBytes ?? MAX_FRAME_BYTES,
      });
    });
    client.on('close', (info) => this.onClose(connection, info));
    // One handler for every call (the protocol's shared table), not one closure per action per connection.
    client.handle((call) => this.onCall(connection, call));
  }

  /** An inbound call: refused when over the rate limit (marked in onFrame), else its protocol's handler. */
  private onCall(connection: Connection, call: { method: string; params: unknown; messageId: string }): Promise<unknown> {
    if (this.rateLimit.refuses(connection, call.messageId)) throw createRPCError(RATE_LIMITED_CODE, RATE_LIMITED_DESCRIPTION, {});
    const handler = inboundHandlers(connection.protocol)[call.method];
    if (!handler) throw createRPCError('NotImplemented', `${call.method} is not supported`);
    return handler(connection, call);
  }

  /**
   * Every frame, in and out, before ocpp-rpc handles it: it shows the connection alive, and goes to the message log
   * unless the rate limit keeps it out (a call over the limit is marked here and refused by onCall).
   */
  private onFrame(connection: Connection, { message, outbound }: { message: string | Buffer; outbound: boolean }): void {
    if (!outbound) {
      connection.lastFrameAt = connection.lastSeenAt = Date.now();
      connection.awaitingPong = false;
    }
    const frame = describeFrame(connection, String(message), outbound);
    if (this.rateLimit.admit(connection, frame, outbound)) void connection.logFrame(frame);
  }

  private onClose(connection: Connection, { code, reason }: { code: number; reason: string | Buffer }): void {
    const { client, chargerId, connectionId } = connection;
    this.connections.delete(client);
    if (this.clients.get(chargerId) === client) this.clients.delete(chargerId);
    void connection.publish({ type: 'Disconnected' }, connectionId).catch(this.host.fail(chargerId, OCPP_DISCONNECTED));
    const max = this.options.maxFrameBytes ?? MAX_FRAME_BYTES;
    const payload = connection.tooLarge
      ? { code: CLOSE_TOO_LARGE, reason: `Frame larger than ${max} bytes` }
      : { code, reason: String(reason) };
    void connection.logFrame({
      direction: 'in',
      kind: 'connection',
      messageId: connectionId,
      action: OCPP_DISCONNECTED,
      payload,
      error: null,
    });
  }
}
