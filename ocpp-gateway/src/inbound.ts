import { randomInt } from 'node:crypto';
import type { AuthorizationOutcome, ChargerMessage } from '@evc/contracts';
import type { Authorization } from './authorizer';
import { INBOUND_CALLS, type Json, type TokenQuestion } from './normalize/index';

export { HEARTBEAT_INTERVAL_S } from './normalize/index';

/** What an inbound handler may do: publish on ocpp.inbound (awaited before answering) and ask the command side. */
export interface InboundContext {
  protocol: string;
  publish(message: ChargerMessage, messageId: string, authorization?: AuthorizationOutcome): Promise<void>;
  authorize(question: TokenQuestion): Promise<Authorization>;
  /** The transaction id for a 1.6 StartTransaction (the same one for the same start sent again). */
  transactionIdFor(start: string): number;
}

export type InboundHandler = (ctx: InboundContext, call: { params: unknown; messageId: string }) => Promise<Json>;

const tables = new Map<string, Record<string, InboundHandler>>();

/**
 * The handler of each inbound call of a protocol: the call as the neutral message (normalize/), asked about first
 * when it carries a token the charger waits on, published on ocpp.inbound before it is answered (so an acknowledged
 * message is never lost: a failed publish fails the call and the charger sends it again), then answered in the
 * protocol's terms. One table per protocol, shared by every connection (the connection is the `ctx` argument), so a
 * connection holds no closures of its own for its calls (memory per charger).
 */
export function inboundHandlers(protocol: string): Record<string, InboundHandler> {
  let table = tables.get(protocol);
  if (table) return table;
  table = {};
  for (const [action, call] of Object.entries(INBOUND_CALLS[protocol] ?? {})) {
    table[action] = async (ctx, { params, messageId }) => {
      const p = params as never;
      const message = call.read(p, ctx);
      const question = call.ask?.(p) ?? null;
      const authorization = question ? await ctx.authorize(question) : null;
      await ctx.publish(message, messageId, authorization ? { status: authorization.status, source: authorization.source } : undefined);
      return call.answer?.(p, message, authorization) ?? {};
    };
  }
  tables.set(protocol, table);
  return table;
}

/** Transaction ids given by this node for recent 1.6 starts, so a start sent again gets the same id. */
export class TransactionIds {
  private readonly given = new Map<string, number>();
  constructor(private readonly max = 10_000) {}

  for(chargerId: string, start: string): number {
    const key = `${chargerId}|${start}`;
    let id = this.given.get(key);
    if (id === undefined) {
      id = randomInt(1, 2 ** 31);
      this.given.set(key, id);
      if (this.given.size > this.max) this.given.delete(this.given.keys().next().value!);
    }
    return id;
  }
}
