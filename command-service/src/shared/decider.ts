/** An aggregate as three pure functions: no framework, no I/O. */
export interface DomainEventOf<TType extends string = string, TData = unknown> {
  type: TType;
  data: TData;
}

export interface Decider<Command, Event extends DomainEventOf, State> {
  initialState: State;
  evolve(state: State, event: Event): State;
  /**
   * Optional: the same as `events.reduce(evolve, state)`, for a state whose every event copies something that grows
   * with the stream (a catalog item's users): folded at once, the copy is made once, not per event. Never changes
   * `state`.
   */
  evolveAll?(state: State, events: readonly Event[]): State;
  /** Returns the events the command causes, or throws a DomainError when a rule is broken. */
  decide(command: Command, state: State): Event[];
}

export type Evolving<E extends DomainEventOf, S> = Pick<Decider<unknown, E, S>, 'evolve' | 'evolveAll'>;

/** `state` with `events` folded in, at once where the decider can. */
export const evolveAll = <E extends DomainEventOf, S>(decider: Evolving<E, S>, state: S, events: readonly E[]): S =>
  decider.evolveAll ? decider.evolveAll(state, events) : events.reduce(decider.evolve, state);

export const fold = <E extends DomainEventOf, S>(
  decider: Pick<Decider<unknown, E, S>, 'initialState' | 'evolve' | 'evolveAll'>,
  events: E[],
): S => evolveAll(decider, decider.initialState, events);
