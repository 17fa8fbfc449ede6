import { WrongExpectedRevisionError, type EventStore } from '@evc/platform';
import type { CommandResult } from '@evc/contracts';
import type { CommandContext } from './command-context';
import type { Decider, DomainEventOf } from './decider';
import { DomainError } from './domain-error';
import { envelope, toDomainEvent } from './run-decider';

const MAX_ATTEMPTS = 5;

/**
 * runDecider for hot streams written by one consumer (a charger's live stream, a message per heartbeat or meter
 * value): keeps each stream's folded state and revision in memory and reads only the events after it, instead of
 * the whole stream on every command. Another writer is noticed by those newer events, or by the append's expected
 * revision (then the entry is dropped and the command retried). At most `max` streams are kept (oldest dropped).
 */
export class CachedDecider<C, E extends DomainEventOf, S> {
  private readonly cache = new Map<string, { state: S; revision: number; position: number }>();

  constructor(
    private readonly store: EventStore,
    private readonly decider: Decider<C, E, S>,
    private readonly max = 50_000,
  ) {}

  async run(streamId: string, command: C, context: CommandContext): Promise<CommandResult> {
    for (let attempt = 1; ; attempt++) {
      const cached = this.cache.get(streamId);
      let state = cached?.state ?? this.decider.initialState;
      let revision = cached?.revision ?? -1;
      let position = cached?.position ?? 0;
      for (const e of await this.store.readStream(streamId, { fromRevision: revision + 1 })) {
        state = this.decider.evolve(state, toDomainEvent<E>(e));
        revision = e.revision;
        position = e.position;
      }
      const events = this.decider.decide(command, state);
      if (events.length === 0) {
        this.remember(streamId, state, revision, position);
        return { streamId, revision, position };
      }
      try {
        const result = await this.store.append(streamId, events.map((e) => envelope(e, context)), revision < 0 ? 'no_stream' : revision);
        this.remember(streamId, events.reduce(this.decider.evolve, state), result.revision, result.position);
        return result;
      } catch (error) {
        this.cache.delete(streamId);
        if (!(error instanceof WrongExpectedRevisionError)) throw error;
        if (attempt >= MAX_ATTEMPTS) throw new DomainError('concurrency.conflict', `${streamId} was changed by someone else; reload and try again`);
        await new Promise((resolve) => setTimeout(resolve, 10 * attempt));
      }
    }
  }

  private remember(streamId: string, state: S, revision: number, position: number): void {
    this.cache.delete(streamId); // re-inserted last: the Map's order is the age order
    this.cache.set(streamId, { state, revision, position });
    if (this.cache.size > this.max) this.cache.delete(this.cache.keys().next().value!);
  }
}
