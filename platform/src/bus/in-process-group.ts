import type { IncomingMessage, MessageHandler } from '../ports/bus';
import { PartitionLog } from './partition-log';

/** A topic of the in-process bus and the groups that consume it. */
export interface Topic {
  readonly name: string;
  readonly partitions: PartitionLog[];
  readonly groups: Set<Group>;
}

export type Delivery = 'ok' | 'failed' | 'skipped';

/** One `subscribe` call: a live member of its group. */
export class Member {
  stopped = false;
  private readonly inFlight = new Set<Promise<unknown>>();

  constructor(
    readonly topics: readonly string[],
    private readonly handler: MessageHandler<unknown>,
    /** Messages of different keys in flight per partition (ConsumerOptions.concurrency); 1 = sequential. */
    readonly maxInFlight = 1,
  ) {}

  /** Runs the handler unless the member stopped meanwhile ('skipped': the partition loop re-reads its owner). */
  async deliver(message: IncomingMessage<unknown>): Promise<Delivery | Error> {
    if (this.stopped) return 'skipped';
    const run = (async () => this.handler(message))();
    this.inFlight.add(run);
    try {
      await run;
      return 'ok';
    } catch (error) {
      return error instanceof Error ? error : new Error(String(error));
    } finally {
      this.inFlight.delete(run);
    }
  }

  /** Resolves when the handlers running now have settled. */
  async drain(): Promise<void> {
    await Promise.allSettled([...this.inFlight]);
  }
}

/** Per group and topic: committed offset (next offset to consume) and owner of each partition. */
export interface GroupTopic {
  readonly topic: Topic;
  readonly committed: number[];
  readonly owners: (Member | undefined)[];
  readonly running: boolean[];
}

export class Group {
  readonly members: Member[] = [];
  readonly topics = new Map<string, GroupTopic>();

  constructor(readonly id: string) {}

  /** First time this group reads `topic`: start at the earliest retained message or at the end. */
  attach(topic: Topic, fromBeginning: boolean): GroupTopic {
    let state = this.topics.get(topic.name);
    if (!state) {
      const n = topic.partitions.length;
      state = {
        topic,
        committed: topic.partitions.map((p) => (fromBeginning ? p.start : p.end)),
        owners: new Array<Member | undefined>(n).fill(undefined),
        running: new Array<boolean>(n).fill(false),
      };
      this.topics.set(topic.name, state);
      topic.groups.add(this);
    }
    return state;
  }

  /**
   * Round-robin assignment of each topic's partitions among the members subscribed to it, in join order.
   * A partition's loop dispatches each message to its owner at that moment, so a hand-over happens between
   * two messages: the previous owner's in-flight handler finishes (and commits) before the new owner starts.
   */
  rebalance(): void {
    for (const [name, state] of this.topics) {
      const members = this.members.filter((m) => m.topics.includes(name));
      for (let p = 0; p < state.owners.length; p++) {
        state.owners[p] = members.length > 0 ? members[p % members.length] : undefined;
      }
    }
  }
}
