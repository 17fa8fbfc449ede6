import type { CommandResult } from '@evc/contracts';
import { WrongExpectedRevisionError, systemClock, type Clock, type EventStore } from '@evc/platform';
import type { CommandContext } from './command-context';
import { evolveAll, type Decider, type DomainEventOf } from './decider';
import { DomainError } from './domain-error';
import { envelope } from './envelope';
import { RETRY_POLICY, type RetryPolicy } from './retry-policy';
import { wholeStream, type StreamStates } from './stream-state';

export interface DecideOptions<S> {
  /** Where the stream's state comes from; by default the whole stream is read and folded on every attempt. */
  states?: StreamStates<S>;
  retry?: RetryPolicy;
  /** Stamps `occurredAt` on every event. */
  clock?: Clock;
  /** The revision the caller last saw; a mismatch is a 409 at once (the caller must reload), never retried. */
  expectedRevision?: number;
}

/** What a decision recorded: the append's result (or the current revision), the events and the state after them. */
export interface Decision<E, S> {
  result: CommandResult;
  events: E[];
  state: S;
}

const conflict = (message: string) => new DomainError('concurrency.conflict', message);

/**
 * The decision loop of every command: load the stream's state, decide, append with the loaded revision; when another
 * writer got there first, wait and decide again on the fresh state, as the retry policy says. A command that causes
 * no events answers the stream's current revision (an idempotent no-op).
 */
export async function decideAndAppend<C, E extends DomainEventOf, S>(
  store: EventStore,
  streamId: string,
  decider: Decider<C, E, S>,
  command: C,
  context: CommandContext,
  options: DecideOptions<S> = {},
): Promise<Decision<E, S>> {
  const { states = wholeStream(store, decider), retry = RETRY_POLICY, clock = systemClock, expectedRevision } = options;
  for (let attempt = 1; ; attempt++) {
    const { state, revision, position } = await states.load(streamId);
    if (expectedRevision !== undefined && expectedRevision !== revision)
      throw conflict(`${streamId} changed (revision ${revision}); reload and try again`);
    const events = decider.decide(command, state);
    if (events.length === 0) return { result: { streamId, revision, position }, events, state };
    try {
      const result = await store.append(
        streamId,
        events.map((e) => envelope(e, context, clock)),
        revision < 0 ? 'no_stream' : revision,
      );
      const after = evolveAll(decider, state, events);
      states.remember(streamId, { state: after, revision: result.revision, position: result.position });
      return { result, events, state: after };
    } catch (error) {
      if (!(error instanceof WrongExpectedRevisionError)) throw error;
      // A caller who named the revision they saw must reload: that is never retried.
      const next = expectedRevision !== undefined ? 'domain_error' : attempt < retry.attempts ? 'retry' : retry.onExhausted;
      if (next === 'rethrow') throw error;
      if (next === 'domain_error') throw conflict(`${streamId} was changed by someone else; reload and try again`);
      await new Promise((resolve) => setTimeout(resolve, retry.backoffMs(attempt)));
    }
  }
}
