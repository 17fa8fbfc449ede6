import type { CommandResult } from '@evc/contracts';
import { systemClock, type Clock, type EventStore } from '@evc/platform';
import type { CommandContext } from './command-context';
import { decideAndAppend, type Decision } from './decide-and-append';
import type { Decider, DomainEventOf } from './decider';
import { RETRY_POLICY, type RetryPolicy } from './retry-policy';
import { type StreamStateCache, sharedStreamStates } from './stream-state-cache';

export type { Decision } from './decide-and-append';

export interface CachedDeciderOptions {
  /**
   * Streams kept at most (least recently used dropped first). Default 50,000. The cache is the store's one for this
   * decider, shared with every other CachedDecider of it (sharedStreamStates): it keeps the largest `max` asked for.
   */
  max?: number;
  /** Attempts on a concurrent write before giving up. Default: the retry policy's. */
  attempts?: number;
  /** After the last attempt (see RetryPolicy.onExhausted). Default `domain_error`. */
  onConflict?: RetryPolicy['onExhausted'];
  clock?: Clock;
}

/**
 * The decision loop with a StreamStateCache plugged in, for hot streams (a charger's live stream, a message per
 * heartbeat or meter value): a command reads only the events after the cached revision, not the whole stream.
 * Safe with concurrent commands on one stream and with other writers: the loser of an append retries on fresh state.
 */
export class CachedDecider<C, E extends DomainEventOf, S> {
  private readonly states: StreamStateCache<E, S>;
  private readonly retry: RetryPolicy;
  private readonly clock: Clock;

  constructor(
    private readonly store: EventStore,
    private readonly decider: Decider<C, E, S>,
    options: number | CachedDeciderOptions = {},
  ) {
    const o = typeof options === 'number' ? { max: options } : options;
    this.states = sharedStreamStates(store, decider, o.max ?? 50_000);
    this.retry = { ...RETRY_POLICY, attempts: o.attempts ?? RETRY_POLICY.attempts, onExhausted: o.onConflict ?? RETRY_POLICY.onExhausted };
    this.clock = o.clock ?? systemClock;
  }

  async run(streamId: string, command: C, context: CommandContext): Promise<CommandResult> {
    return (await this.decide(streamId, command, context)).result;
  }

  /** Decide on the stream's current state and append; answers the events recorded and the state after them. */
  decide(streamId: string, command: C, context: CommandContext): Promise<Decision<E, S>> {
    return decideAndAppend(this.store, streamId, this.decider, command, context, {
      states: this.states,
      retry: this.retry,
      clock: this.clock,
    });
  }

  /** The stream's current folded state (the cached state and the events after it). */
  async state(streamId: string): Promise<S> {
    return (await this.states.load(streamId)).state;
  }

  /** The cached state without reading the store (for facts that never change once recorded), if cached. */
  peek(streamId: string): S | undefined {
    return this.states.peek(streamId);
  }

  /** Drop a stream's state (it will not be written any more, e.g. a billed session). */
  forget(streamId: string): void {
    this.states.forget(streamId);
  }

  get size(): number {
    return this.states.size;
  }
}
