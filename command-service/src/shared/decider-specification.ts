import { expect } from 'vitest';
import type { ErrorCode } from '@evc/contracts';
import { fold, type Decider, type DomainEventOf } from './decider';
import { DomainError } from './domain-error';

/**
 * Given events, when commands, then events (or the refusal): a decider's tests read as its rules (after Emmett's
 * DeciderSpecification). Pure: no Nest, no store. Test support only (it asserts with vitest), never imported by
 * production code.
 *
 *   DeciderSpecification.for(walletDecider).given([credited]).when(debit).then([debited]);
 *   DeciderSpecification.for(walletDecider).given([]).when(overdraw).thenThrows('wallet.insufficient_balance');
 */
export const DeciderSpecification = {
  for<C, E extends DomainEventOf, S>(decider: Decider<C, E, S>) {
    return {
      given: (history: E[]) => ({
        /** Several commands are decided one after another, each on the state the ones before it left. */
        when: (...commands: C[]) => new Then(decider, history, commands),
        /**
         * The decider's `evolveAll` gives what folding one event at a time gives, from the start and from a state
         * kept part-way (a cache's), which it leaves as it was; answers the state after the history.
         */
        foldsAtOnce(): S {
          const oneByOne = history.reduce(decider.evolve, decider.initialState);
          expect(decider.evolveAll, 'the decider folds at once').toBeTypeOf('function');
          expect(decider.evolveAll!(decider.initialState, history)).toEqual(oneByOne);
          const part = Math.floor(history.length / 3);
          const kept = history.slice(0, part).reduce(decider.evolve, decider.initialState);
          const keptBefore = structuredClone(kept);
          expect(decider.evolveAll!(kept, history.slice(part))).toEqual(oneByOne);
          expect(kept).toEqual(keptBefore);
          return oneByOne;
        },
      }),
    };
  },
};

/** Partial expectations of a refusal besides its code: message, fieldErrors (compared whole, matchers allowed). */
type Refusal = { message?: string; fieldErrors?: unknown };

class Then<C, E extends DomainEventOf, S> {
  constructor(
    private readonly decider: Decider<C, E, S>,
    private readonly history: E[],
    private readonly commands: C[],
  ) {}

  /** The events the commands cause (throws what the decider throws). */
  events(): E[] {
    const caused: E[] = [];
    for (const command of this.commands) caused.push(...this.decider.decide(command, fold(this.decider, [...this.history, ...caused])));
    return caused;
  }

  /** The state after the history and the events the commands cause. */
  state(): S {
    return fold(this.decider, [...this.history, ...this.events()]);
  }

  /** Exactly these events, in this order; answers them (to be the history of a next step). */
  then(expected: E[]): E[] {
    const events = this.events();
    expect(events).toEqual(expected);
    return events;
  }

  thenNothingHappened(): void {
    expect(this.events()).toEqual([]);
  }

  /** Events of exactly these types, in this order; answers them for closer looks. */
  thenTypes(types: E['type'][]): E[] {
    const events = this.events();
    expect(events.map((e) => e.type)).toEqual(types);
    return events;
  }

  /** As many events as expected, each matching its partial expectation (toMatchObject); answers them. */
  thenMatches(expected: object[]): E[] {
    const events = this.events();
    expect(events).toMatchObject(expected);
    return events;
  }

  /** Refused with a DomainError of this code (and, if given, this message and these field errors). */
  thenThrows(code: ErrorCode, refusal: Refusal = {}): void {
    const attempt = () => this.events();
    expect(attempt).toThrow(DomainError);
    expect(attempt).toThrow(expect.objectContaining({ code, ...refusal }));
  }
}
