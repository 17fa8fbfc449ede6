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
    private max: number,
    /** Which states are worth keeping (default all); one that is not is dropped, e.g. a finished command's. */
    private readonly keep: (state: S) => boolean = () => true,
  ) {}

  /** Keeps at least `max` streams from now on (a cache shared by several users holds as many as the largest asks). */
  atLeast(max: number): this {
    this.max = Math.max(this.max, max);
    return this;
  }

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
    if (!this.keep(current.state)) return;
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

const shared = new WeakMap<EventStore, Map<Fold<never, unknown>, StreamStateCache<never, unknown>>>();

/**
 * The one cache of a store's streams folded by `fold` in this process, shared by every user of that fold: a charger's
 * live stream is written by the telemetry consumer and read by sessions.start and the bookings, and each of them
 * holding its own copy made the readers read and fold again every event the writer had just appended (several a phone
 * start). It keeps as many streams as the largest `max` asked for; `keep` is its first user's (a fold has
 * one user that names it).
 */
export function sharedStreamStates<E extends DomainEventOf, S>(
  store: EventStore,
  fold: Fold<E, S>,
  max: number,
  keep?: (state: S) => boolean,
): StreamStateCache<E, S> {
  let byFold = shared.get(store);
  if (!byFold) shared.set(store, (byFold = new Map()));
  const held = byFold.get(fold as Fold<never, unknown>) as StreamStateCache<E, S> | undefined;
  if (held) return held.atLeast(max);
  const created = new StreamStateCache(store, fold, max, keep);
  byFold.set(fold as Fold<never, unknown>, created as unknown as StreamStateCache<never, unknown>);
  return created;
}
