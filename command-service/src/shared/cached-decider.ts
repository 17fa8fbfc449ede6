import { WrongExpectedRevisionError, type EventStore } from '@evc/platform';
import type { CommandResult } from '@evc/contracts';
import type { CommandContext } from './command-context';
import type { Decider, DomainEventOf } from './decider';
import { DomainError } from './domain-error';
import { envelope, toDomainEvent } from './run-decider';

const MAX_ATTEMPTS = 5;

export interface CachedDeciderOptions {
  /** Streams kept at most (least recently used dropped first). Default 50,000. */
  max?: number;
  /** Attempts on a concurrent write before giving up. Default 5. */
  attempts?: number;
  /**
   * After the last attempt: `domain_error` answers concurrency.conflict (a caller's command), `rethrow` throws the
   * store's WrongExpectedRevisionError (a consumer: the bus delivers the message again). Default `domain_error`.
   */
  onConflict?: 'domain_error' | 'rethrow';
}

/** What a decision recorded: the append's result (or the current revision), the events and the state after them. */
export interface Decision<E, S> {
  result: CommandResult;
  events: E[];
  state: S;
}

/**
 * runDecider for hot streams written by one consumer (a charger's live stream, a message per heartbeat or meter
 * value): keeps each stream's folded state and revision in memory and reads only the events after it, instead of
 * the whole stream on every command. Another writer is noticed by those newer events, or by the append's expected
 * revision (then the entry is dropped and the command retried). At most `max` streams are kept (least recently
 * used dropped). Safe with concurrent commands on one stream: the loser of an append retries on fresh state.
 */
export class CachedDecider<C, E extends DomainEventOf, S> {
  private readonly cache = new Map<string, { state: S; revision: number; position: number }>();
  private readonly max: number;
  private readonly attempts: number;
  private readonly onConflict: 'domain_error' | 'rethrow';

  constructor(
    private readonly store: EventStore,
    private readonly decider: Decider<C, E, S>,
    options: number | CachedDeciderOptions = {},
  ) {
    const o = typeof options === 'number' ? { max: options } : options;
    this.max = o.max ?? 50_000;
    this.attempts = o.attempts ?? MAX_ATTEMPTS;
    this.onConflict = o.onConflict ?? 'domain_error';
  }

  async run(streamId: string, command: C, context: CommandContext): Promise<CommandResult> {
    return (await this.decide(streamId, command, context)).result;
  }

  /** Decide on the stream's current state and append; answers the events recorded and the state after them. */
  async decide(streamId: string, command: C, context: CommandContext): Promise<Decision<E, S>> {
    for (let attempt = 1; ; attempt++) {
      const { state, revision, position } = await this.current(streamId);
      const events = this.decider.decide(command, state);
      if (events.length === 0) return { result: { streamId, revision, position }, events, state };
      try {
        const result = await this.store.append(streamId, events.map((e) => envelope(e, context)), revision < 0 ? 'no_stream' : revision);
        const after = events.reduce(this.decider.evolve, state);
        this.remember(streamId, after, result.revision, result.position);
        return { result, events, state: after };
      } catch (error) {
        this.cache.delete(streamId);
        if (!(error instanceof WrongExpectedRevisionError)) throw error;
        if (attempt >= this.attempts) {
          if (this.onConflict === 'rethrow') throw error;
          throw new DomainError('concurrency.conflict', `${streamId} was changed by someone else; reload and try again`);
        }
        // The winning write may not be readable yet: give it a moment before reading again.
        await new Promise((resolve) => setTimeout(resolve, 10 * attempt));
      }
    }
  }

  /** The stream's current folded state (the cached state and the events after it). */
  async state(streamId: string): Promise<S> {
    return (await this.current(streamId)).state;
  }

  /** The cached state without reading the store (for facts that never change once recorded), if cached. */
  peek(streamId: string): S | undefined {
    return this.cache.get(streamId)?.state;
  }

  /** Drop a stream's state (it will not be written any more, e.g. a billed session). */
  forget(streamId: string): void {
    this.cache.delete(streamId);
  }

  get size(): number {
    return this.cache.size;
  }

  private async current(streamId: string): Promise<{ state: S; revision: number; position: number }> {
    const cached = this.cache.get(streamId);
    let state = cached?.state ?? this.decider.initialState;
    let revision = cached?.revision ?? -1;
    let position = cached?.position ?? 0;
    for (const e of await this.store.readStream(streamId, { fromRevision: revision + 1 })) {
      state = this.decider.evolve(state, toDomainEvent<E>(e));
      revision = e.revision;
      position = e.position;
    }
    // Only a non-empty stream is kept (a missing stream costs nothing to read again, and is not worth an entry).
    if (revision >= 0) this.remember(streamId, state, revision, position);
    return { state, revision, position };
  }

  private remember(streamId: string, state: S, revision: number, position: number): void {
    const held = this.cache.get(streamId);
    // Concurrent commands on one stream: never replace a newer state by an older one.
    if (held && held.revision > revision) return;
    this.cache.delete(streamId); // re-inserted last: the Map's order is the age order
    this.cache.set(streamId, { state, revision, position });
    if (this.cache.size > this.max) this.cache.delete(this.cache.keys().next().value!);
  }
}
