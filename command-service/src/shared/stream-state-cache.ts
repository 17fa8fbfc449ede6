import type { EventStore } from '@evc/platform';
import type { DomainEventOf } from './decider';
import { catchUp, emptyStream, type Fold, type StreamState, type StreamStates } from './stream-state';

/**
 * The folded state of recently used streams, kept between decisions: a load reads only the events after the kept
 * revision, so another writer's events are folded in too. A kept state is always the fold of a prefix of its
 * stream, so it stays valid after a lost race or a failed append. At most `max` streams (least recently used go).
 */
export class StreamStateCache<E extends DomainEventOf, S> implements StreamStates<S> {
  private readonly entries = new Map<string, StreamState<S>>();

  constructor(
    private readonly store: EventStore,
    private readonly fold: Fold<E, S>,
    private readonly max: number,
  ) {}

  async load(streamId: string): Promise<StreamState<S>> {
    const current = await catchUp(this.store, streamId, this.fold, this.entries.get(streamId) ?? emptyStream(this.fold.initialState));
    // Only a non-empty stream is kept (a missing stream costs nothing to read again, and is not worth an entry).
    if (current.revision >= 0) this.remember(streamId, current);
    return current;
  }

  remember(streamId: string, current: StreamState<S>): void {
    const held = this.entries.get(streamId);
    // Concurrent loads of one stream: never replace a newer state by an older one.
    if (held && held.revision > current.revision) return;
    this.entries.delete(streamId); // re-inserted last: the Map's order is the age order
    this.entries.set(streamId, current);
    if (this.entries.size > this.max) this.entries.delete(this.entries.keys().next().value!);
  }

  peek(streamId: string): S | undefined {
    return this.entries.get(streamId)?.state;
  }

  forget(streamId: string): void {
    this.entries.delete(streamId);
  }

  get size(): number {
    return this.entries.size;
  }
}
