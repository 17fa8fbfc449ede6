import type { LocalAuthListEntrySet, LocalListEntry } from '@evc/contracts';
import type { Decider } from '../shared/decider';

export interface LocalAuthListState {
  /** idTag → status, in the order of their latest change. */
  entries: Map<string, LocalListEntry['status']>;
}

const EMPTY: LocalAuthListState = Object.freeze({ entries: new Map() });

/**
 * `local-auth-list`: the network's local authorisation list, one entry per card (Accepted while active, Blocked once
 * turned off); version = the stream's revision + 1. A change that changes nothing is not recorded, so the version
 * moves only when chargers have something to learn. The fold fills one Map per fold (it copies only the empty
 * initial state): a long list folds in linear time.
 */
export const localAuthListDecider: Decider<
  Omit<LocalAuthListEntrySet['data'], 'at'> & { at: string },
  LocalAuthListEntrySet,
  LocalAuthListState
> = {
  initialState: EMPTY,
  evolve(state, event) {
    const entries = state === EMPTY ? new Map<string, LocalListEntry['status']>() : state.entries;
    entries.delete(event.data.idTag);
    entries.set(event.data.idTag, event.data.status);
    return state === EMPTY ? { entries } : state;
  },
  decide: (command, state) =>
    state.entries.get(command.idTag) === command.status ? [] : [{ type: 'LocalAuthListEntrySet', data: command }],
};
