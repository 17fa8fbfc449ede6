import { BUS_TOPICS } from '@evc/contracts';
import type { Bus, Consumer, ConsumerOptions, Doc, Filter, MessageHandler, OutgoingMessage } from '@evc/platform';
import type { ChargerAuthReader } from '../charger-auth';
import { errorText, type FromGateway, type Forwarded, type ToGateway } from './protocol';

/** What the gateway publishes, forwarded to the launcher's bus; everything else stays in this process. */
export const FORWARDED_TOPICS = [
  BUS_TOPICS.ocppInbound,
  BUS_TOPICS.ocppFrames,
  BUS_TOPICS.ocppOutboundResults,
  BUS_TOPICS.ocppAuthorize,
] as const;
/** Forwarded messages per IPC message at most. */
const FORWARD_BATCH = 2000;

/**
 * The gateway process's side of the IPC channel: requests to the launcher with their replies, the subscriptions the
 * gateway made on the launcher's bus (their messages arrive as `deliver`), and the forwarding of what the gateway
 * published, batched per turn of the event loop.
 */
export class ParentChannel {
  private nextId = 1;
  private nextSub = 1;
  private readonly waiting = new Map<number, { resolve: (doc: Doc | null) => void; reject: (error: Error) => void }>();
  private readonly handlers = new Map<number, MessageHandler>();
  private batch: {
    items: Forwarded[];
    count: number;
    durable: boolean;
    done: Promise<void>;
    resolve: () => void;
    reject: (error: Error) => void;
  } | null = null;
  private unacknowledged = 0;
  private gone: string | null = null;

  constructor(private readonly send: (message: FromGateway) => void) {}

  /** An answer or a delivery from the launcher. */
  receive(message: ToGateway): void {
    if (message.t === 'reply') {
      const waiter = this.waiting.get(message.id);
      this.waiting.delete(message.id);
      if (message.error !== undefined) waiter?.reject(new Error(message.error));
      else waiter?.resolve(message.doc ?? null);
    } else if (message.t === 'deliver') {
      const handler = this.handlers.get(message.sub);
      const { id } = message;
      // Stopped here while the launcher was delivering: nobody waits for it (the launcher stops that consumer too).
      if (!handler) return this.send({ t: 'delivered', id });
      Promise.resolve()
        .then(() => handler(message.message))
        .then(
          () => this.send({ t: 'delivered', id }),
          (error: unknown) => this.send({ t: 'delivered', id, error: errorText(error) }),
        );
    }
  }

  /** Every request still waiting fails (the launcher is gone). */
  failAll(reason: string): void {
    this.gone = reason;
    for (const waiter of this.waiting.values()) waiter.reject(new Error(reason));
    this.waiting.clear();
  }

  private request(build: (id: number) => FromGateway): Promise<Doc | null> {
    if (this.gone) return Promise.reject(new Error(this.gone));
    const id = this.nextId++;
    return new Promise((resolve, reject) => {
      this.waiting.set(id, { resolve, reject });
      this.send(build(id));
    });
  }

  /** Charger logins are checked against the launcher's charger_auth read model. */
  readonly documents: ChargerAuthReader = {
    collection: (collection: string) => ({
      findOne: (filter: Filter) => this.request((id) => ({ t: 'find', id, collection, filter })),
    }),
  };

  /** A subscription on the launcher's bus; its handler runs here and its outcome is the delivery's. */
  subscribe(options: ConsumerOptions, handler: MessageHandler): Consumer {
    const sub = this.nextSub++;
    this.handlers.set(sub, handler);
    const ready = this.request((id) => ({ t: 'subscribe', id, sub, options })).then(() => undefined);
    return {
      ready,
      stop: async () => {
        this.handlers.delete(sub);
        await this.request((id) => ({ t: 'unsubscribe', id, sub })).catch(() => undefined);
      },
    };
  }

  /**
   * Hands a message to the launcher's bus. Messages of one turn travel in one IPC message, in order. A batch holding
   * what chargers said (ocpp.inbound) resolves once the launcher has published it on its own disk; a batch of the
   * other topics, of which nothing is promised before the launcher has them, resolves once it is sent and is not
   * answered (an answer would wake this process once more for nothing; the launcher logs a publish it could not make).
   */
  forward(topic: string, message: OutgoingMessage): Promise<void> {
    if (this.gone) return Promise.reject(new Error(this.gone));
    let batch = this.batch;
    if (!batch || batch.count >= FORWARD_BATCH) {
      let resolve!: () => void;
      let reject!: (error: Error) => void;
      const done = new Promise<void>((res, rej) => {
        resolve = res;
        reject = rej;
      });
      batch = this.batch = { items: [], count: 0, durable: false, done, resolve, reject };
      const sending = batch;
      setImmediate(() => this.flush(sending));
    }
    const last = batch.items.at(-1);
    if (last?.topic === topic) last.messages.push(message);
    else batch.items.push({ topic, messages: [message] });
    batch.count++;
    if (topic === BUS_TOPICS.ocppInbound) batch.durable = true;
    return batch.done;
  }

  /** Batches sent and not yet answered (a drain waits for none). */
  get pending(): number {
    return this.unacknowledged + (this.batch ? 1 : 0);
  }

  private flush(batch: NonNullable<ParentChannel['batch']>): void {
    if (this.batch === batch) this.batch = null;
    if (!batch.durable) {
      if (this.gone) return batch.reject(new Error(this.gone));
      this.send({ t: 'post', batch: batch.items });
      return batch.resolve();
    }
    this.unacknowledged++;
    this.request((id) => ({ t: 'publish', id, batch: batch.items }))
      .then(() => batch.resolve(), batch.reject)
      .finally(() => this.unacknowledged--);
  }
}

/**
 * The gateway's bus in its own process: what it publishes goes to this process's bus (ocpp.inbound onto its
 * write-ahead log, so a charger is answered once its message is on disk here), and from there to the launcher; what
 * it subscribes to is the launcher's.
 */
export class GatewayProcessBus implements Bus {
  constructor(
    private readonly local: Bus,
    private readonly channel: ParentChannel,
  ) {}

  publish<T>(topic: string, messages: OutgoingMessage<T>[]): Promise<void> {
    if (topic === BUS_TOPICS.ocppInbound) return this.local.publish(topic, messages);
    // Nothing is promised of the other topics before the launcher has them (they are in memory there too): they go
    // straight to it, without a trip through this process's bus.
    return Promise.all(messages.map((m) => this.channel.forward(topic, m))).then(() => undefined);
  }

  subscribe<T>(options: ConsumerOptions, handler: MessageHandler<T>): Consumer {
    return this.channel.subscribe(options, handler as MessageHandler);
  }

  close(): Promise<void> {
    return this.local.close();
  }
}

/**
 * Forwards what chargers said (ocpp.inbound, on this process's write-ahead log) to the launcher, each charger's
 * messages in order. A message is committed here only once the launcher has it on its own disk, so what a restart
 * finds in the log unforwarded goes again (at least once, as the bus promises).
 */
export function forwardToLauncher(local: Bus, channel: ParentChannel): Consumer {
  return local.subscribe(
    { groupId: 'ocpp-gateway-forward', topics: [BUS_TOPICS.ocppInbound], fromBeginning: true, concurrency: { perKey: true, max: 1024 } },
    ({ topic, key, value, headers }) => channel.forward(topic, { key, value, headers }),
  );
}
