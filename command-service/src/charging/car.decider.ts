import type { CarEvent, CarRegistered } from '@evc/contracts';
import type { Decider } from '../shared/decider';
import { DomainError } from '../shared/domain-error';

type CarData = CarRegistered['data'];
export interface CarState {
  data: CarData | null;
  removed: boolean;
}

export type CarCommand =
  | { kind: 'register'; data: CarData }
  | { kind: 'update'; data: CarData }
  | { kind: 'remove'; customerId: string; at: string };

const withoutTime = ({ at: _at, ...rest }: CarData) => JSON.stringify(rest);
const notFound = () => new DomainError('charging.car_not_found', 'No such car', [{ path: 'carId', code: 'not_found' }]);

/**
 * `car-<carId>`: registered once under the client's id (the same registration resent is a no-op), then edited and
 * removed by its customer only; another customer's car answers like a missing one.
 */
export const carDecider: Decider<CarCommand, CarEvent, CarState> = {
  initialState: { data: null, removed: false },
  evolve(state, event) {
    switch (event.type) {
      case 'CarRegistered':
      case 'CarUpdated':
        return { ...state, data: event.data };
      case 'CarRemoved':
        return { ...state, removed: true };
    }
  },
  decide(command, state) {
    if (command.kind === 'register') {
      if (state.data === null) return [{ type: 'CarRegistered', data: command.data }];
      if (withoutTime(state.data) === withoutTime(command.data)) return [];
      throw new DomainError('request.duplicate_id', 'Another car is registered under this id', [{ path: 'carId', code: 'exists' }]);
    }
    const customerId = command.kind === 'remove' ? command.customerId : command.data.customerId;
    if (!state.data || state.data.customerId !== customerId) throw notFound();
    if (command.kind === 'remove')
      return state.removed ? [] : [{ type: 'CarRemoved', data: { carId: state.data.carId, customerId, at: command.at } }];
    if (state.removed) throw notFound();
    if (withoutTime(state.data) === withoutTime(command.data)) return [];
    return [{ type: 'CarUpdated', data: command.data }];
  },
};

/** Whether the car is this customer's and still on their list (a session may start with it). */
export const isUsableCar = (state: CarState, customerId: string) =>
  state.data !== null && !state.removed && state.data.customerId === customerId;
