import type { CarRegistered } from '@evc/contracts';
import type { Decider } from '../shared/decider';
import { DomainError } from '../shared/domain-error';

type CarData = CarRegistered['data'];
export interface CarState {
  data: CarData | null;
}

const withoutTime = ({ at: _at, ...rest }: CarData) => JSON.stringify(rest);

/** `car-<carId>`: registered once under the client's id; the same registration resent is a no-op. */
export const carDecider: Decider<CarData, CarRegistered, CarState> = {
  initialState: { data: null },
  evolve: (state, event) => (event.type === 'CarRegistered' ? { data: event.data } : state),
  decide(command, state) {
    if (state.data === null) return [{ type: 'CarRegistered', data: command }];
    if (withoutTime(state.data) === withoutTime(command)) return [];
    throw new DomainError('request.duplicate_id', 'Another car is registered under this id', [{ path: 'carId', code: 'exists' }]);
  },
};
