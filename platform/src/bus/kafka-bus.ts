import { setTimeout as sleep } from 'node:timers/promises';
import { Kafka, Partitioners, logLevel, type Consumer as KafkaConsumer, type IHeaders, type KafkaMessage, type Message } from 'kafkajs';
import {
  PER_KEY_MAX_IN_FLIGHT,
  type Bus,
  type Consumer,
  type ConsumerOptions,
  type IncomingMessage,
  type MessageHandler,
  type OutgoingMessage,
} from '../ports/bus';

export interface KafkaBusOptions {
  brokers: string[];
  clientId: string;
  /** Partitions of topics this bus creates (default 8). */
  partitions?: number;
  /** Back-off before a failed message is retried (default 100 ms). */
  retryDelayMs?: number;
  /**
   * How long a consumer's fetch waits at the broker when there is nothing to read (default 1,000 ms). A message ends the
   * wait at once, so this is not latency; it bounds how long a stopping consumer waits for its last fetch.
   */
  maxWaitMs?: number;
}

function headersToStrings(headers: IHeaders | undefined): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [name, value] of Object.entries(headers ?? {})) {
    if (value === undefined) continue;
    // kafkajs delivers header values as Buffers (or arrays for repeated names); the port speaks strings.
    const first = Array.isArray(value) ? value[0] : value;
    if (first !== undefined) out[name] = first.toString();
  }
  return out;
}

/**
 * Bus on Kafka through kafkajs. Failure handling (the port's at-least-once): a throwing handler is retried in
 * place, on the same message, every `retryDelayMs`, heart-beating between attempts; its offset is not resolved
 * so nothing past it is committed. If the group rebalances meanwhile, `heartbeat()` throws a kafkajs rebalance
 * error that we let escape `eachMessage`: kafkajs then rejoins without resolving the offset, and the message is
 * fetched again by whoever owns the partition next (the same happens on stop: we rethrow the handler error).
 */
export async function createKafkaBus(options: KafkaBusOptions): Promise<Bus> {
  const partitions = options.partitions ?? 8;
  const retryDelayMs = options.retryDelayMs ?? 100;
  const maxWaitMs = options.maxWaitMs ?? 1000;
  const kafka = new Kafka({ clientId: options.clientId, brokers: options.brokers, logLevel: logLevel.WARN });
  // Idempotent producer: acks from all in-sync replicas, broker-side de-duplication of retried batches.
  // The default partitioner is Java-compatible murmur2, the same hash the in-process bus uses.
  const producer = kafka.producer({
    idempotent: true,
    maxInFlightRequests: 1,
    createPartitioner: Partitioners.DefaultPartitioner,
  });
  const admin = kafka.admin();
  await Promise.all([producer.connect(), admin.connect()]);

  const ensured = new Map<string, Promise<void>>();
  const consumers = new Set<KafkaConsumer>();
  let closed = false;

  /** Retries what fails with an error kafkajs marks retriable (a topic just created, leaders not yet elected). */
  async function retriable<T>(operation: () => Promise<T>): Promise<T> {
    for (let attempt = 1; ; attempt++) {
      try {
        return await operation();
      } catch (error) {
        const again = typeof error === 'object' && error !== null && (error as { retriable?: boolean }).retriable === true;
        if (!again || attempt >= 20 || closed) throw error;
        await sleep(Math.min(50 * attempt, 500));
      }
    }
  }

  /**
   * Topics are created by us (not by broker auto-creation) so they get the agreed partition count. Several processes
   * create the same topics when a cluster starts: waiting for the leaders of a topic another one is creating can
   * answer "unknown topic" for a moment, which kafkajs gives up on, so that is retried (then "already exists": fine).
   */
  function ensureTopics(names: string[]): Promise<void> {
    const missing = names.filter((n) => !ensured.has(n));
    if (missing.length > 0) {
      const created = retriable(() =>
        admin.createTopics({ topics: missing.map((topic) => ({ topic, numPartitions: partitions })), waitForLeaders: true }),
      )
        .then(() => undefined) // false means "already existed": fine
        .catch((error: unknown) => {
          for (const n of missing) ensured.delete(n);
          throw error;
        });
      for (const n of missing) ensured.set(n, created);
    }
    return Promise.all(names.map((n) => ensured.get(n))).then(() => undefined);
  }

  /**
   * A new group without fromBeginning starts at the end as of subscribe(), as the in-process bus does. Left to the
   * broker's "latest" reset, kafkajs would resolve the end only at its first fetch, after the group join that
   * `ready` waits for, and skip what was published in between. So the group's offsets are committed at the
   * partitions' ends before it joins, once: a group that has any committed offset (or members that committed
   * them) is left as it is.
   */
  function startNewGroupAtEnd(groupId: string, topics: string[]): Promise<void> {
    // A topic created a moment ago may not have elected its leaders yet: retriable, as kafkajs marks it.
    return retriable(() => setGroupStartAtEnd(groupId, topics));
  }

  async function setGroupStartAtEnd(groupId: string, topics: string[]): Promise<void> {
    const committed = await admin.fetchOffsets({ groupId, topics });
    for (const { topic, partitions } of committed) {
      if (partitions.some((p) => Number(p.offset) >= 0)) continue;
      const ends = await admin.fetchTopicOffsets(topic);
      try {
        await admin.setOffsets({ groupId, topic, partitions: ends.map((e) => ({ partition: e.partition, offset: e.high })) });
      } catch {
        // The group has live members already: the first of them set its start.
      }
    }
  }

  /**
   * Publishes are sent in order, one produce request in flight (the idempotent producer's order per key across
   * retries). Those that arrive while a request is in flight go out together as the next one, so a busy process
   * publishes as fast as the broker takes batches rather than one round trip per publish. Each publish resolves
   * once its batch is acknowledged by all in-sync replicas, and fails with it.
   */
  type Waiting = { topic: string; messages: Message[]; resolve: () => void; reject: (error: unknown) => void };
  let waiting: Waiting[] = [];
  let sending: Promise<void> | null = null;
  async function sendWaiting(): Promise<void> {
    while (waiting.length > 0) {
      const batch = waiting;
      waiting = [];
      const byTopic = new Map<string, Message[]>();
      for (const w of batch) {
        const list = byTopic.get(w.topic);
        if (list) list.push(...w.messages);
        else byTopic.set(w.topic, [...w.messages]);
      }
      try {
        await producer.sendBatch({ acks: -1, topicMessages: [...byTopic].map(([topic, messages]) => ({ topic, messages })) });
        for (const w of batch) w.resolve();
      } catch (error) {
        for (const w of batch) w.reject(error);
      }
    }
    sending = null;
  }

  return {
    async publish<T>(topic: string, messages: OutgoingMessage<T>[]): Promise<void> {
      if (closed) throw new Error('bus is closed');
      if (messages.length === 0) return;
      await ensureTopics([topic]);
      const encoded = messages.map((m) => ({ key: m.key, value: JSON.stringify(m.value ?? null), headers: { ...(m.headers ?? {}) } }));
      await new Promise<void>((resolve, reject) => {
        waiting.push({ topic, messages: encoded, resolve, reject });
        if (!sending) sending = sendWaiting();
      });
    },

    subscribe<T>(consumerOptions: ConsumerOptions, handler: MessageHandler<T>): Consumer {
      if (closed) throw new Error('bus is closed');
      const consumer = kafka.consumer({ groupId: consumerOptions.groupId, maxWaitTimeInMs: maxWaitMs });
      consumers.add(consumer);
      let stopping = false;
      let resolveReady!: () => void;
      const ready = new Promise<void>((resolve) => (resolveReady = resolve));
      const removeListener = consumer.on(consumer.events.GROUP_JOIN, () => resolveReady());

      const started = (async () => {
        await ensureTopics(consumerOptions.topics);
        if (!(consumerOptions.fromBeginning ?? false)) await startNewGroupAtEnd(consumerOptions.groupId, consumerOptions.topics);
        await consumer.connect();
        await consumer.subscribe({ topics: consumerOptions.topics, fromBeginning: consumerOptions.fromBeginning ?? false });
        const toIncoming = (topic: string, partition: number, message: KafkaMessage): IncomingMessage<T> => ({
          topic,
          partition,
          offset: Number(message.offset),
          key: message.key?.toString() ?? '',
          value: (message.value ? JSON.parse(message.value.toString()) : null) as T,
          headers: headersToStrings(message.headers),
          timestamp: new Date(Number(message.timestamp)).toISOString(),
        });
        /** Runs the handler until it succeeds; rethrows on stop or rebalance (the offset stays unresolved). */
        const handle = async (incoming: IncomingMessage<T>, heartbeat: () => Promise<void>): Promise<void> => {
          for (let attempt = 1; ; attempt++) {
            try {
              await handler(incoming);
              return;
            } catch (error) {
              const text = error instanceof Error ? error.message : String(error);
              if ((attempt & (attempt - 1)) === 0) {
                console.error(
                  `[bus] handler failed for ${incoming.topic}[${incoming.partition}]@${incoming.offset} key=${incoming.key} ` +
                    `group=${consumerOptions.groupId} (attempt ${attempt}, retrying every ${retryDelayMs} ms): ${text}`,
                );
              }
              // Not resolved, not committed: the next owner (or this one after restart) gets it again.
              if (stopping || closed) throw error;
              await sleep(retryDelayMs);
              await heartbeat(); // throws on rebalance: kafkajs rejoins and re-fetches from the committed offset
            }
          }
        };
        const perKey = consumerOptions.concurrency?.perKey ? Math.max(1, consumerOptions.concurrency.max ?? PER_KEY_MAX_IN_FLIGHT) : 0;
        if (perKey > 0) {
          await consumer.run({
            partitionsConsumedConcurrently: partitions,
            eachBatchAutoResolve: false,
            // concurrency.perKey: within a fetched batch of one partition, each key's messages run in order on one
            // of at most `perKey` workers; offsets are resolved over the finished prefix only, then committed.
            eachBatch: async ({ batch, resolveOffset, heartbeat, commitOffsetsIfNecessary, isRunning, isStale }) => {
              const { messages } = batch;
              const done = new Array<boolean>(messages.length).fill(false);
              let prefix = 0;
              const byKey = new Map<string, number[]>();
              messages.forEach((m, i) => {
                const key = m.key?.toString() ?? '';
                const list = byKey.get(key);
                if (list) list.push(i);
                else byKey.set(key, [i]);
              });
              const chains = [...byKey.values()];
              let nextChain = 0;
              const worker = async () => {
                for (let chain = chains[nextChain++]; chain; chain = chains[nextChain++]) {
                  for (const i of chain) {
                    if (!isRunning() || isStale()) return;
                    await handle(toIncoming(batch.topic, batch.partition, messages[i]!), heartbeat);
                    done[i] = true;
                    while (prefix < messages.length && done[prefix]) resolveOffset(messages[prefix++]!.offset);
                  }
                }
              };
              const outcomes = await Promise.allSettled(Array.from({ length: Math.min(perKey, chains.length) }, worker));
              const failed = outcomes.find((o): o is PromiseRejectedResult => o.status === 'rejected');
              if (failed) throw failed.reason;
              await commitOffsetsIfNecessary();
            },
          });
          return;
        }
        await consumer.run({
          // Partitions are processed concurrently (each one still sequentially), as in the in-process bus.
          partitionsConsumedConcurrently: partitions,
          eachMessage: ({ topic, partition, message, heartbeat }) => handle(toIncoming(topic, partition, message), heartbeat), // kafkajs resolves the offset once it returns
        });
      })();
      started.catch((error: unknown) => console.error(`[bus] consumer ${consumerOptions.groupId} failed to start`, error));

      // Rejects if the consumer cannot start; marked handled here so an un-awaited `ready` cannot crash the process.
      const readyOrFailure = Promise.race([ready, started.then(() => ready)]);
      readyOrFailure.catch(() => undefined);
      return {
        ready: readyOrFailure,
        async stop(): Promise<void> {
          if (stopping) return;
          stopping = true;
          removeListener();
          await started.catch(() => undefined);
          // disconnect() stops the runner, waits for the in-flight eachMessage and commits resolved offsets.
          await consumer.disconnect();
          consumers.delete(consumer);
        },
      };
    },

    async close(): Promise<void> {
      if (closed) return;
      closed = true;
      await Promise.allSettled([...consumers].map((c) => c.disconnect()));
      consumers.clear();
      await Promise.allSettled([producer.disconnect(), admin.disconnect()]);
    },
  };
}
