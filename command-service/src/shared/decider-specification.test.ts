import { describe, expect, it } from 'vitest';
import type { Decider } from './decider';
import { DeciderSpecification } from './decider-specification';
import { DomainError } from './domain-error';

/** A counter up to 3: Increment appends Incremented with the new value; past 3 it is refused. */
type Incremented = { type: 'Incremented'; data: { value: number } };
const counter: Decider<{ by: number }, Incremented, number> = {
  initialState: 0,
  evolve: (_s, e) => e.data.value,
  decide: (c, s) => {
    if (s + c.by > 3) throw new DomainError('request.invalid', 'Too far', [{ path: 'by', code: 'too_far' }]);
    if (c.by === 0) return [];
    if (c.by < 0) throw new Error('not a domain error');
    return [{ type: 'Incremented', data: { value: s + c.by } }];
  },
};
const spec = DeciderSpecification.for(counter);
const incremented = (value: number): Incremented => ({ type: 'Incremented', data: { value } });

describe('DeciderSpecification', () => {
  it('decides each command on the state the history and the commands before it left', () => {
    expect(
      spec
        .given([incremented(1)])
        .when({ by: 1 }, { by: 1 })
        .then([incremented(2), incremented(3)]),
    ).toEqual([incremented(2), incremented(3)]);
    spec
      .given([incremented(3)])
      .when({ by: 0 })
      .thenNothingHappened();
    spec.given([]).when({ by: 1 }).thenTypes(['Incremented']);
    spec
      .given([])
      .when({ by: 2 })
      .thenMatches([{ data: { value: 2 } }]);
    expect(
      spec
        .given([incremented(1)])
        .when({ by: 2 })
        .state(),
    ).toBe(3);
    spec
      .given([incremented(3)])
      .when({ by: 1 })
      .thenThrows('request.invalid', { message: 'Too far', fieldErrors: [{ path: 'by', code: 'too_far' }] });
  });

  it('fails when the outcome differs', () => {
    expect(() =>
      spec
        .given([])
        .when({ by: 1 })
        .then([incremented(2)]),
    ).toThrow();
    expect(() => spec.given([]).when({ by: 1 }).thenNothingHappened()).toThrow();
    expect(() => spec.given([]).when({ by: 1 }, { by: 1 }).thenTypes(['Incremented'])).toThrow();
    expect(() =>
      spec
        .given([])
        .when({ by: 1 }, { by: 1 })
        .thenMatches([{ data: { value: 1 } }]),
    ).toThrow();
    expect(() => spec.given([]).when({ by: 1 }).thenThrows('request.invalid')).toThrow();
    expect(() =>
      spec
        .given([incremented(3)])
        .when({ by: 1 })
        .thenThrows('concurrency.conflict'),
    ).toThrow();
    expect(() =>
      spec
        .given([incremented(3)])
        .when({ by: 1 })
        .thenThrows('request.invalid', { message: 'Other' }),
    ).toThrow();
    expect(() => spec.given([]).when({ by: -1 }).thenThrows('request.invalid')).toThrow(); // not a DomainError
    expect(() =>
      spec
        .given([incremented(3)])
        .when({ by: 1 })
        .then([]),
    ).toThrow('Too far'); // an unexpected refusal
  });
});
