/** Message bus with Kafka semantics: topics, keys with per-key order, consumer groups, at-least-once, headers. */
export interface OutgoingMessage<T = unknown> {
  /** Messages with the same key are delivered in order to one consumer of a group. */
  key: string;
  value: T;
  headers?: Record<string, string>;
}

export interface IncomingMessage<T = unknown> {
  topic: string;
  partition: number;
  /** Offset within the partition, increasing. */
  offset: number;
  key: string;
  value: T;
  headers: Record<string, string>;
  /** ISO-8601 time the message was produced. */
  timestamp: string;
}

export type MessageHandler<T = unknown> = (message: IncomingMessage<T>) => Promise<void> | void;

export interface ConsumerOptions {
  /** Each group receives every message; within a group, each partition is consumed by one member. */
  groupId: string;
  topics: string[];
  /** For a group with no committed offset: start at the earliest message (true) or only new ones (false, default). */
  fromBeginning?: boolean;
  /**
   * Opt-in: handle messages of different keys of one partition concurrently (at most `max` in flight per partition,
   * default 256), each key still strictly in order (a key's next message waits for its previous one, including its
   * retries). The committed offset only ever moves up to the lowest unfinished message, so a restart or rebalance
   * redelivers whatever was not finished below it and possibly some finished messages above it (at-least-once,
   * as always). A failing message holds back its own key only, and the commit. Without it, a partition is
   * consumed one message at a time. Worth it when each handler waits on I/O that batches across callers (the
   * event store's group commit), e.g. one charger per key.
   */
  concurrency?: { perKey: true; max?: number };
}

/** Default cap of messages in flight per partition with `concurrency.perKey`. */
export const PER_KEY_MAX_IN_FLIGHT = 256;

export interface Consumer {
  /** Resolves when the consumer has joined its group and been assigned partitions. */
  readonly ready: Promise<void>;
  stop(): Promise<void>;
}

export interface PublishOptions {
  /**
   * The values are plain JSON data the caller has just parsed (a message forwarded from another process) and hands
   * over: it keeps no reference to them. A bus in this process may then deliver them as they are (frozen) instead of
   * serialising and parsing them again; a bus that leaves the process (Kafka) serialises them as always.
   */
  handOver?: boolean;
}

/**
 * The handler is awaited; its offset is committed only after it resolves. If it throws, the same message is
 * delivered again (after a short back-off): at-least-once. Handlers must therefore be idempotent.
 */
export interface Bus {
  publish<T>(topic: string, messages: OutgoingMessage<T>[], options?: PublishOptions): Promise<void>;
  subscribe<T>(options: ConsumerOptions, handler: MessageHandler<T>): Consumer;
  close(): Promise<void>;
}
