import type { ErrorCode } from '@evc/contracts';
import type { Decider } from './decider';
import { DomainError } from './domain-error';

type Created<T extends string, D> = { type: T; data: D };
export interface CreateOnceState<D> {
  data: D | null;
}

/**
 * The decider of an entity registered once under a caller-chosen id: a repeat of the same registration is a
 * no-op (safe retries), a different one under the same id is refused with `existsCode`.
 */
export function createOnceDecider<T extends string, D>(type: T, existsCode: ErrorCode): Decider<D, Created<T, D>, CreateOnceState<D>> {
  return {
    initialState: { data: null },
    evolve: (state, event) => (event.type === type ? { data: event.data } : state),
    decide(command, state) {
      if (state.data === null) return [{ type, data: command }];
      if (JSON.stringify(state.data) === JSON.stringify(command)) return [];
      throw new DomainError(existsCode, `${type.replace(/Registered|Created|Submitted/, '')} already exists`);
    },
  };
}
