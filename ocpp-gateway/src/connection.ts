import { randomUUID } from 'node:crypto';
import {
  BUS_TOPICS,
  boundedLogPayload,
  OCPP_LOG_PAYLOAD_MAX,
  type AuthorizationOutcome,
  type ChargerMessage,
  type InboundChargerMessage,
  type OcppFrame,
} from '@evc/contracts';
import type { Bus } from '@evc/platform';
import type { Authorizer, Authorization } from './authorizer';
import type { InboundContext, TransactionIds } from './inbound';
import type { TokenQuestion } from './normalize/index';

/** What the gateway uses of an ocpp-rpc server client. */
export interface RpcClient {
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
export interface ConnectionHost {
  bus: Bus;
  authorizer: Authorizer;
  transactionIds: TransactionIds;
  fail(chargerId: string, what: string): (error: unknown) => void;
}

/** A frame as the message log keeps it, before the log names it. */
export type DescribedFrame = Omit<OcppFrame, 'frameId' | 'chargerId' | 'connectionId' | 'at'>;

/**
 * One charger's connection: its state, and what its calls may do (InboundContext) as methods rather than closures,
 * so a connection costs a few fields and one handler however many chargers a node holds.
 */
export class Connection implements InboundContext {
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
      {
        key: chargerId,
        value: {
          chargerId,
          protocol: this.protocol,
          connectionId,
          messageId,
          receivedAt: new Date().toISOString(),
          ...(authorization ? { authorization } : {}),
          message,
        },
      },
    ]);
  }

  logFrame(frame: DescribedFrame): Promise<void> {
    const { chargerId, connectionId } = this;
    return this.host.bus
      .publish<OcppFrame>(BUS_TOPICS.ocppFrames, [
        {
          key: chargerId,
          value: {
            frameId: `${connectionId}-${String(++this.seq).padStart(9, '0')}`,
            chargerId,
            connectionId,
            at: new Date().toISOString(),
            ...frame,
          },
        },
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

/** An OCPP-J frame ([2, id, action, payload] | [3, id, payload] | [4, id, code, description, details]) for the log. */
export function describeFrame(connection: Connection, text: string, outbound: boolean): DescribedFrame {
  const direction = outbound ? 'out' : 'in';
  let frame: unknown;
  try {
    frame = JSON.parse(text);
  } catch {
    return {
      direction,
      kind: 'error',
      messageId: '',
      action: '',
      payload: boundedLogPayload(text.slice(0, 2000)),
      error: 'Unparseable frame',
    };
  }
  const [type, id, ...rest] = Array.isArray(frame) ? (frame as unknown[]) : [];
  const messageId = String(id ?? '');
  // A part of a frame never serialises longer than the frame's text: a small frame's payload is within the log's
  // bound without serialising it again to measure it (a call answered would otherwise cost two JSON.stringify).
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
  return {
    direction,
    kind: 'error',
    messageId,
    action,
    payload: bounded(rest[2] ?? null),
    error: `${String(rest[0] ?? '').slice(0, 100)}: ${String(rest[1] ?? '').slice(0, 500)}`,
  };
}
