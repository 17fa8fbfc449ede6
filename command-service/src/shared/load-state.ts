import type { EventStore } from '@evc/platform';
import type { Decider, DomainEventOf } from './decider';
import { toDomainEvent } from './run-decider';

/** The folded state and revision of a stream (for checks before a command; the decision itself re-reads). */
export async function loadState<C, E extends DomainEventOf, S>(store: EventStore, streamId: string, decider: Decider<C, E, S>): Promise<{ state: S; revision: number }> {
  const history = await store.readStream(streamId);
  return { state: history.reduce((s, e) => decider.evolve(s, toDomainEvent<E>(e)), decider.initialState), revision: history.length - 1 };
}
