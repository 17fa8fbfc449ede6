import type { IncomingMessage } from 'node:http';
import type { Socket } from 'node:net';
import type { Duplex } from 'node:stream';
import { RPCServer, createRPCError } from 'ocpp-rpc';
import { BUS_TOPICS } from '@evc/contracts';
import type { Bus, DocumentStore } from '@evc/platform';
import { createLogger } from '@evc/platform/logging/logger';
import { authenticateCharger } from './charger-auth';

export const OCPP_PATH_PREFIX = '/ocpp/';
export const HEARTBEAT_INTERVAL_S = 60;

/** What the gateway puts on ocpp.inbound for every call a charger makes. */
export interface InboundOcppMessage {
  chargerId: string;
  protocol: string;
  messageId: string;
  action: string;
  payload: unknown;
  receivedAt: string;
}

interface RpcClient {
  identity: string;
  protocol: string;
  close(options?: { code?: number; reason?: string }): Promise<unknown>;
  handle(handler: (call: { method: string; params: unknown; messageId: string }) => unknown): void;
  handle(method: string, handler: (call: { params: unknown; messageId: string }) => unknown): void;
  on(event: 'close', listener: () => void): void;
}

export interface OcppGatewayOptions {
  documents: DocumentStore;
  bus: Bus;
}

/**
 * OCPP-J endpoint on /ocpp/<chargePointId> (1.6 and 2.0.1, strict schema validation, Basic auth).
 * Every inbound call is published on ocpp.inbound keyed by charger id; the command side turns them into events.
 * This is the connection layer; protocol behaviour beyond boot, heartbeat and status lives with the OCPP issue.
 */
export class OcppGateway {
  private readonly log = createLogger('ocpp');
  private readonly server: RPCServer;
  private readonly clients = new Map<string, RpcClient>();

  constructor(private readonly options: OcppGatewayOptions) {
    this.server = new RPCServer({ protocols: ['ocpp1.6', 'ocpp2.0.1'], strictMode: true, pingIntervalMs: 30_000 });
    this.server.auth((accept, reject, handshake) => {
      if (handshake.endpoint.replace(/\/$/, '') !== OCPP_PATH_PREFIX.replace(/\/$/, '')) return reject(404, 'Unknown endpoint');
      authenticateCharger(options.documents, handshake.identity, handshake.password).then(
        (outcome) => {
          if (outcome.ok) return accept({ stationId: outcome.stationId });
          this.log.warn('charger refused', { chargerId: handshake.identity, reason: outcome.reason, remote: handshake.remoteAddress });
          reject(401, 'Unauthorized');
        },
        (error: unknown) => {
          this.log.error('charger auth failed', { chargerId: handshake.identity, error: String(error) });
          reject(503, 'Try again later');
        },
      );
    });
    this.server.on('client', (client: RpcClient) => this.onClient(client));
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
    await this.server.close({ code: 1001, reason: 'Server shutting down', awaitPending: true });
    this.clients.clear();
  }

  private onClient(client: RpcClient): void {
    const previous = this.clients.get(client.identity);
    // One live connection per charger: a reconnecting charger replaces its stale socket.
    if (previous && previous !== client) void previous.close({ code: 1000, reason: 'Replaced by a new connection' });
    this.clients.set(client.identity, client);
    client.on('close', () => {
      if (this.clients.get(client.identity) === client) this.clients.delete(client.identity);
    });
    const now = () => new Date().toISOString();
    const publish = (action: string, params: unknown, messageId: string) =>
      this.options.bus.publish<InboundOcppMessage>(BUS_TOPICS.ocppInbound, [
        { key: client.identity, value: { chargerId: client.identity, protocol: client.protocol, messageId, action, payload: params, receivedAt: now() } },
      ]);
    client.handle('BootNotification', async ({ params, messageId }) => {
      await publish('BootNotification', params, messageId);
      return { status: 'Accepted', currentTime: now(), interval: HEARTBEAT_INTERVAL_S };
    });
    client.handle('Heartbeat', async ({ params, messageId }) => {
      await publish('Heartbeat', params, messageId);
      return { currentTime: now() };
    });
    client.handle('StatusNotification', async ({ params, messageId }) => {
      await publish('StatusNotification', params, messageId);
      return {};
    });
    client.handle(({ method }) => {
      throw createRPCError('NotImplemented', `${method} is not supported yet`);
    });
  }
}
