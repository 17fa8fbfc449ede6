import type { EventStore } from '@evc/platform';
import type { Decider, DomainEventOf } from './decider';
import { wholeStream } from './stream-state';

/** The folded state and revision of a stream (for checks before a command; the decision itself re-reads). */
export async function loadState<C, E extends DomainEventOf, S>(
  store: EventStore,
  streamId: string,
  decider: Decider<C, E, S>,
): Promise<{ state: S; revision: number }> {
  const { state, revision } = await wholeStream(store, decider).load(streamId);
  return { state, revision };
}
