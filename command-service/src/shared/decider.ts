/** An aggregate as three pure functions (DESIGN §4): no framework, no I/O. */
export interface DomainEventOf<TType extends string = string, TData = unknown> {
  type: TType;
  data: TData;
}

export interface Decider<Command, Event extends DomainEventOf, State> {
  initialState: State;
  evolve(state: State, event: Event): State;
  /** Returns the events the command causes, or throws a DomainError when a rule is broken. */
  decide(command: Command, state: State): Event[];
}

export const fold = <E extends DomainEventOf, S>(decider: Pick<Decider<unknown, E, S>, 'initialState' | 'evolve'>, events: E[]): S =>
  events.reduce(decider.evolve, decider.initialState);
