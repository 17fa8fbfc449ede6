import { setTimeout as sleep } from 'node:timers/promises';
import {
  PER_KEY_MAX_IN_FLIGHT,
  type Bus,
  type Consumer,
  type ConsumerOptions,
  type IncomingMessage,
  type MessageHandler,
  type OutgoingMessage,
  type PublishOptions,
} from '../ports/bus';
import { DurableBusLog, type DurableRecord, type Recovered } from './durable-log';
import { Group, Member, type GroupTopic, type Topic } from './in-process-group';
import { partitionForKey } from './murmur2';
import { PartitionLog, type StoredMessage } from './partition-log';
import { breather } from '../runtime/time-slice';

export interface InProcessBusOptions {
  /** Partitions per auto-created topic (default 8, as the Kafka profile). */
  partitions?: number;
  /** Back-off before a failed message is delivered again (default 100 ms). */
  retryDelayMs?: number;
  /**
   * Cap on retained messages per partition (default 50,000). Messages every group has committed are dropped
   * at once; the cap only applies to messages no live group still needs (topics nobody consumes yet, groups
   * whose members all stopped), dropping the oldest as Kafka's size-based retention would; a group coming back
   * then skips to the oldest retained message.
   */
  maxRetainedPerPartition?: number;
  /**
   * Topics kept in a write-ahead log on disk: `publish` resolves once their messages are fsync'd, groups'
   * committed offsets are saved, and a restart delivers from them what was not consumed. Opened by `openInProcessBus`.
   */
  durable?: { log: DurableBusLog; topics: readonly string[]; recovered: Recovered };
}

/** Parsed values by stored message: every group reads the same frozen value, parsed once. */
const parsedValues = new WeakMap<StoredMessage, unknown>();

function deepFreeze(value: unknown): unknown {
  if (value !== null && typeof value === 'object' && !Object.isFrozen(value)) {
    Object.freeze(value);
    for (const v of Object.values(value)) deepFreeze(v);
  }
  return value;
}

/**
 * A message's value, parsed once and frozen, shared by every group that reads it. Parsing it again per group cost
 * most of a message's delivery when five groups read `ocpp.inbound` at 3,000 messages/s. Frozen, no consumer can change
 * what another sees: a handler that writes to a value throws here (modules are strict), which is stricter than Kafka,
 * so what runs here runs there.
 */
function valueOf(stored: StoredMessage): unknown {
  let value = parsedValues.get(stored);
  if (value === undefined) {
    value = deepFreeze(JSON.parse(stored.value ?? 'null') as unknown);
    parsedValues.set(stored, value);
  }
  return value;
}

/**
 * Kafka semantics in one process: see README.md. Values travel as JSON text, so anything that would not survive Kafka
 * (Dates, undefined, class instances) fails the same way here; consumers share one frozen copy of each (valueOf).
 */
export function createInProcessBus(options: InProcessBusOptions = {}): Bus {
  const partitionCount = options.partitions ?? 8;
  const retryDelayMs = options.retryDelayMs ?? 100;
  const maxRetained = options.maxRetainedPerPartition ?? 50_000;
  const topics = new Map<string, Topic>();
  const groups = new Map<string, Group>();
  const members = new Set<Member>();
  const closing = new AbortController();
  const loops = new Set<Promise<void>>();
  let closed = false;
  const durable = options.durable ?? null;
  const isDurable = (name: string) => durable?.topics.includes(name) === true;
  let droppingSegments: Promise<void> | null = null;
  let lastDrop = 0;

  /** A durable topic's partitions start as the log left them: from the lowest offset a known group still needs. */
  function restoredPartitions(name: string): PartitionLog[] {
    const records = durable?.recovered.messages.get(name);
    const committedOf = (p: number) =>
      [...(durable?.recovered.offsets.values() ?? [])].flatMap((t) => (t.get(name)?.[p] !== undefined ? [t.get(name)![p]!] : []));
    return Array.from({ length: partitionCount }, (_, p) => {
      const all = records?.[p] ?? [];
      const committed = committedOf(p);
      const needed = committed.length > 0 ? Math.min(...committed) : 0;
      const kept = all.filter((r) => r.offset >= needed);
      const end = Math.max(all.length > 0 ? all.at(-1)!.offset + 1 : 0, ...committed);
      const log = PartitionLog.restored(kept[0]?.offset ?? end, kept);
      log.holdUntilDurable();
      return log;
    });
  }

  function topicFor(name: string): Topic {
    let topic = topics.get(name);
    if (!topic) {
      const partitions = isDurable(name) ? restoredPartitions(name) : Array.from({ length: partitionCount }, () => new PartitionLog());
      topic = { name, partitions, groups: new Set() };
      topics.set(name, topic);
    }
    return topic;
  }

  /** Moves a group's committed offset; a durable topic's is saved for the next start. */
  function commit(group: Group, state: GroupTopic, p: number, offset: number): void {
    state.committed[p] = offset;
    if (durable && isDurable(state.topic.name)) durable.log.noteCommitted(group.id, state.topic.name, state.committed);
  }

  // Groups known from the durable log resume where they committed, even before their consumers subscribe again.
  for (const [groupId, byTopic] of durable?.recovered.offsets ?? []) {
    const group = new Group(groupId);
    groups.set(groupId, group);
    for (const [name, committed] of byTopic) {
      if (!isDurable(name)) continue;
      const state = group.attach(topicFor(name), true);
      committed.forEach((offset, p) => {
        if (p < state.committed.length) state.committed[p] = offset;
      });
    }
  }

  /**
   * Retention: drop what every group reading the topic has committed. Beyond that, keep at most
   * `maxRetained` messages, but never drop what a group with live members has yet to process: a live consumer
   * that falls behind holds memory (as it would hold disk on Kafka) rather than lose messages.
   */
  function retain(topic: Topic, p: number): void {
    const log = topic.partitions[p]!;
    let allCommitted = -Infinity;
    let liveNeeds = Infinity;
    if (topic.groups.size > 0) {
      allCommitted = Infinity;
      for (const group of topic.groups) {
        const committed = group.topics.get(topic.name)!.committed[p]!;
        allCommitted = Math.min(allCommitted, committed);
        if (group.members.length > 0) liveNeeds = Math.min(liveNeeds, committed);
      }
    }
    const keepFrom = Math.min(Math.max(allCommitted, log.end - maxRetained), liveNeeds);
    if (keepFrom > log.start) {
      log.truncateBefore(keepFrom);
      if (durable && isDurable(topic.name)) dropConsumedSegments();
    }
  }

  /** At most once a second: segment files whose messages every group has consumed are deleted. */
  function dropConsumedSegments(): void {
    if (!durable || droppingSegments || Date.now() - lastDrop < 1000) return;
    lastDrop = Date.now();
    droppingSegments = durable.log
      .dropConsumed((name, p) => topics.get(name)?.partitions[p]?.start ?? 0)
      .catch((error: unknown) => console.error(`[bus] could not drop consumed segments: ${String(error)}`))
      .finally(() => (droppingSegments = null));
  }

  function ensureLoops(group: Group): void {
    for (const state of group.topics.values()) {
      for (let p = 0; p < state.owners.length; p++) {
        if (state.owners[p] && !state.running[p]) {
          state.running[p] = true;
          const loop = consumePartition(group, state, p).finally(() => loops.delete(loop));
          loops.add(loop);
        }
      }
    }
  }

  const toIncoming = (topic: Topic, p: number, offset: number, stored: StoredMessage): IncomingMessage<unknown> => ({
    topic: topic.name,
    partition: p,
    offset,
    key: stored.key,
    value: valueOf(stored),
    headers: { ...stored.headers },
    timestamp: stored.timestamp,
  });

  /** One line per failure, and fewer as a poison message keeps failing (1st, 2nd, 4th, 8th... attempt). */
  function logFailure(group: Group, message: IncomingMessage<unknown>, failures: number, error: Error): void {
    if ((failures & (failures - 1)) !== 0) return;
    console.error(
      `[bus] handler failed for ${message.topic}[${message.partition}]@${message.offset} key=${message.key} group=${group.id} ` +
        `(attempt ${failures}, retrying every ${retryDelayMs} ms): ${error.message}`,
    );
  }

  /** A group that had no live member may find its committed offset dropped by retention: skip to what is left. */
  function skipDropped(group: Group, state: GroupTopic, p: number): void {
    const log = state.topic.partitions[p]!;
    if (state.committed[p]! < log.start) {
      console.error(
        `[bus] group ${group.id} skipped ${log.start - state.committed[p]!} message(s) of ${state.topic.name}[${p}] dropped by retention`,
      );
      commit(group, state, p, log.start);
    }
  }

  /** Consumption of one partition for one group: per-key order, commit after the handler resolves. */
  async function consumePartition(group: Group, state: GroupTopic, p: number): Promise<void> {
    const { topic } = state;
    const log = topic.partitions[p]!;
    let failures = 0;
    for (;;) {
      const owner = state.owners[p];
      if (!owner || closed) {
        // Cleared synchronously with the decision to exit, so a member joining right now starts a new loop.
        state.running[p] = false;
        return;
      }
      skipDropped(group, state, p);
      if (owner.maxInFlight > 1) {
        await consumeKeysConcurrently(group, state, p, owner);
        continue;
      }
      const offset = state.committed[p]!;
      const stored = log.at(offset);
      if (!stored) {
        await log.waitForAppend();
        continue;
      }
      const message = toIncoming(topic, p, offset, stored);
      const outcome = await owner.deliver(message);
      if (outcome === 'ok') {
        failures = 0;
        // Another delivery may have committed meanwhile only if ownership moved; never move the offset back.
        if (state.committed[p] === offset) commit(group, state, p, offset + 1);
        retain(topic, p);
        // A backlog (or handlers without I/O) must not hold the event loop: sockets and finished writes come first.
        const wait = breather();
        if (wait) await wait;
      } else if (outcome instanceof Error) {
        logFailure(group, message, ++failures, outcome);
        await sleep(retryDelayMs, undefined, { signal: closing.signal }).catch(() => undefined);
      }
    }
  }

  /**
   * `concurrency.perKey`: while `owner` owns the partition, messages are dispatched in offset order, each chained
   * behind the previous message of its key (retried in place on failure), at most `owner.maxInFlight` unfinished.
   * The committed offset advances over the finished prefix only. On a change of owner (or close) nothing more is
   * started; once the started ones settle, the caller re-reads the owner and resumes from the committed offset.
   */
  async function consumeKeysConcurrently(group: Group, state: GroupTopic, p: number, owner: Member): Promise<void> {
    const { topic } = state;
    const log = topic.partitions[p]!;
    let next = state.committed[p]!;
    const finished = new Set<number>();
    const tails = new Map<string, Promise<void>>();
    const unfinished = new Set<Promise<void>>();
    let over = false;
    let slotFreed: (() => void) | null = null;
    const live = () => !over && !closed && state.owners[p] === owner;
    const run = async (message: IncomingMessage<unknown>): Promise<void> => {
      for (let failures = 0; ; ) {
        if (!live()) return void (over = true);
        const outcome = await owner.deliver(message);
        if (outcome === 'skipped') return void (over = true);
        if (outcome === 'ok') {
          finished.add(message.offset);
          let committed = state.committed[p]!;
          while (finished.delete(committed)) committed++;
          if (committed !== state.committed[p]) {
            commit(group, state, p, committed);
            retain(topic, p);
          }
          return;
        }
        logFailure(group, message, ++failures, outcome instanceof Error ? outcome : new Error(outcome));
        await sleep(retryDelayMs, undefined, { signal: closing.signal }).catch(() => undefined);
      }
    };
    while (live()) {
      if (unfinished.size >= owner.maxInFlight) {
        await new Promise<void>((resolve) => (slotFreed = resolve));
        continue;
      }
      const stored = log.at(next);
      if (!stored) {
        await log.waitForAppend();
        continue;
      }
      const wait = breather();
      if (wait) {
        await wait;
        continue;
      }
      const message = toIncoming(topic, p, next++, stored);
      const task = (tails.get(message.key) ?? Promise.resolve()).then(() => run(message));
      tails.set(message.key, task);
      unfinished.add(task);
      void task.finally(() => {
        unfinished.delete(task);
        if (tails.get(message.key) === task) tails.delete(message.key);
        const wake = slotFreed;
        slotFreed = null;
        wake?.();
      });
    }
    over = true;
    await Promise.allSettled([...unfinished]);
  }

  function wakeAll(): void {
    for (const topic of topics.values()) for (const log of topic.partitions) log.wake();
  }

  return {
    async publish<T>(topicName: string, messages: OutgoingMessage<T>[], publishOptions?: PublishOptions): Promise<void> {
      if (closed) throw new Error('bus is closed');
      const topic = topicFor(topicName);
      const timestamp = new Date().toISOString();
      const touched = new Set<number>();
      const onDisk = durable !== null && isDurable(topicName);
      // A value handed over (fresh from another process's JSON) is delivered as it is, frozen: no JSON round trip here
      // (the gateway's frames, readings and answers would otherwise be serialised and parsed again in the launcher on
      // every phone start). Its text is made only for the disk.
      const handOver = publishOptions?.handOver === true;
      // Serialise everything first so a bad value rejects the whole batch instead of half of it.
      const encoded = messages.map((m) => {
        if (typeof m.key !== 'string') throw new TypeError('message key must be a string');
        return {
          key: m.key,
          value: handOver && !onDisk ? null : JSON.stringify(m.value ?? null),
          headers: { ...(m.headers ?? {}) },
          handed: m.value ?? null,
        };
      });
      const records: DurableRecord[] = [];
      for (const { handed, ...m } of encoded) {
        const p = partitionForKey(m.key, partitionCount);
        const stored: StoredMessage = { ...m, timestamp };
        if (handOver) parsedValues.set(stored, deepFreeze(handed));
        const offset = topic.partitions[p]!.append(stored);
        if (onDisk) records.push({ ...m, value: m.value!, timestamp, topic: topicName, partition: p, offset });
        touched.add(p);
      }
      // A durable topic's messages are delivered (and the publish answered) only once they are on disk.
      if (records.length > 0) {
        await durable!.log.append(records);
        for (const p of touched)
          topic.partitions[p]!.markDurable(Math.max(...records.filter((r) => r.partition === p).map((r) => r.offset)) + 1);
      }
      for (const p of touched) {
        retain(topic, p);
        topic.partitions[p]!.wake();
      }
    },

    subscribe<T>(consumerOptions: ConsumerOptions, handler: MessageHandler<T>): Consumer {
      if (closed) throw new Error('bus is closed');
      let group = groups.get(consumerOptions.groupId);
      if (!group) {
        group = new Group(consumerOptions.groupId);
        groups.set(group.id, group);
      }
      const perKey = consumerOptions.concurrency?.perKey ? Math.max(1, consumerOptions.concurrency.max ?? PER_KEY_MAX_IN_FLIGHT) : 1;
      const member = new Member([...consumerOptions.topics], handler as MessageHandler<unknown>, perKey);
      for (const name of member.topics) group.attach(topicFor(name), consumerOptions.fromBeginning ?? false);
      group.members.push(member);
      members.add(member);
      group.rebalance();
      ensureLoops(group);
      const joined = group;
      return {
        // Joining is synchronous here: the assignment exists when subscribe returns.
        ready: Promise.resolve(),
        async stop(): Promise<void> {
          if (member.stopped) return member.drain();
          member.stopped = true;
          members.delete(member);
          joined.members.splice(joined.members.indexOf(member), 1);
          joined.rebalance();
          ensureLoops(joined);
          // Loops without an owner must notice it and exit even if their partition stays quiet.
          wakeAll();
          await member.drain();
        },
      };
    },

    async close(): Promise<void> {
      if (closed) return;
      closed = true;
      for (const member of members) member.stopped = true;
      closing.abort();
      wakeAll();
      await Promise.allSettled([...members].map((m) => m.drain()));
      await Promise.allSettled([...loops]);
      members.clear();
      await droppingSegments;
      await durable?.log.close();
    },
  };
}

/**
 * The in-process bus with `durableTopics` kept in a write-ahead log in `dir` (see DurableBusLog): what was published
 * on them and not yet consumed is delivered again after a crash or a restart.
 */
export async function openInProcessBus(
  options: InProcessBusOptions & { dir: string; durableTopics: readonly string[]; fsync?: boolean; segmentBytes?: number },
): Promise<Bus> {
  const partitions = options.partitions ?? 8;
  const { log, recovered } = await DurableBusLog.open({
    dir: options.dir,
    partitions,
    fsync: options.fsync ?? true,
    ...(options.segmentBytes ? { segmentBytes: options.segmentBytes } : {}),
  });
  return createInProcessBus({ ...options, partitions, durable: { log, topics: options.durableTopics, recovered } });
}
