import type { EventStore } from '@evc/platform';
import { evolveAll, type Decider, type DomainEventOf } from './decider';
import { toDomainEvent } from './envelope';

/** A stream's folded state and where it stands; revision -1 and position 0 for a stream with no events. */
export interface StreamState<S> {
  state: S;
  revision: number;
  position: number;
}

/** Where the decision loop gets a stream's current state, and what it learns after its own append. */
export interface StreamStates<S> {
  load(streamId: string): Promise<StreamState<S>>;
  remember(streamId: string, current: StreamState<S>): void;
}

export type Fold<E extends DomainEventOf, S> = Pick<Decider<unknown, E, S>, 'initialState' | 'evolve' | 'evolveAll'>;

export const emptyStream = <S>(initialState: S): StreamState<S> => ({ state: initialState, revision: -1, position: 0 });

/** `from` (the fold of the stream's first events) caught up with the events after it. */
export async function catchUp<E extends DomainEventOf, S>(
  store: EventStore,
  streamId: string,
  fold: Fold<E, S>,
  from: StreamState<S>,
): Promise<StreamState<S>> {
  const events = await store.readStream(streamId, { fromRevision: from.revision + 1 });
  const last = events.at(-1);
  if (!last) return from;
  return {
    state: evolveAll(
      fold,
      from.state,
      events.map((e) => toDomainEvent<E>(e)),
    ),
    revision: last.revision,
    position: last.position,
  };
}

/** No memory: every load reads and folds the whole stream (streams written from many places and seldom). */
export const wholeStream = <E extends DomainEventOf, S>(store: EventStore, fold: Fold<E, S>): StreamStates<S> => ({
  load: (streamId) => catchUp(store, streamId, fold, emptyStream(fold.initialState)),
  remember: () => undefined,
});
