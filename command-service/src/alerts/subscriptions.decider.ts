import type { AlertSubscriptionsSet } from '@evc/contracts';
import type { Decider } from '../shared/decider';

export type AlertSubscriptionsCommand = { kind: 'set'; data: AlertSubscriptionsSet['data'] };

/** Each staff member's stations and governorates. */
export type AlertSubscriptionsState = Record<string, { stationIds: string[]; governorateIds: string[] }>;

const sameSet = (a: readonly string[], b: readonly string[]) => a.length === b.length && a.every((x) => b.includes(x));

/** `alert-subscriptions`: a staff member's lists replaced whole; the same lists again cause nothing. */
export const alertSubscriptionsDecider: Decider<AlertSubscriptionsCommand, AlertSubscriptionsSet, AlertSubscriptionsState> = {
  initialState: {},
  evolve(state, event) {
    const { staffId, stationIds, governorateIds } = event.data;
    return { ...state, [staffId]: { stationIds, governorateIds } };
  },
  decide({ data }, state) {
    const now = state[data.staffId] ?? { stationIds: [], governorateIds: [] };
    const stationIds = [...new Set(data.stationIds)];
    const governorateIds = [...new Set(data.governorateIds)];
    if (sameSet(now.stationIds, stationIds) && sameSet(now.governorateIds, governorateIds)) return [];
    return [{ type: 'AlertSubscriptionsSet', data: { staffId: data.staffId, stationIds, governorateIds } }];
  },
};

/** The staff who follow a station, or its governorate. */
export const subscribersOf = (state: AlertSubscriptionsState, stationId: string | null, governorateId: string | null): string[] =>
  Object.entries(state)
    .filter(
      ([, s]) =>
        (stationId !== null && s.stationIds.includes(stationId)) || (governorateId !== null && s.governorateIds.includes(governorateId)),
    )
    .map(([staffId]) => staffId)
    .sort();
