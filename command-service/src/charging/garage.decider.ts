import type { GarageCar, GarageEvent } from '@evc/contracts';
import type { Decider } from '../shared/decider';
import { DomainError } from '../shared/domain-error';

export type GarageCommand =
  | { kind: 'list'; customerId: string; carId: string; car: GarageCar }
  | { kind: 'delist'; customerId: string; carId: string };
export interface GarageState {
  cars: Record<string, GarageCar>;
}

const sameCar = (a: GarageCar, b: GarageCar) => a.brandId === b.brandId && a.typeId === b.typeId && a.batteryRangeId === b.batteryRangeId;

/**
 * `garage-<customerId>`: one customer's cars by brand, type and battery range. Listing a car that is already on the
 * list under another id is refused ("the same car twice"); listing a car again under its own id replaces what it is
 * (an edit). Every register and edit is decided here first, so two racing registrations cannot both land.
 */
export const garageDecider: Decider<GarageCommand, GarageEvent, GarageState> = {
  initialState: { cars: {} },
  evolve(state, event) {
    const { [event.data.carId]: _previous, ...others } = state.cars;
    if (event.type === 'CarDelisted') return { cars: others };
    const { brandId, typeId, batteryRangeId } = event.data;
    return { cars: { ...others, [event.data.carId]: { brandId, typeId, batteryRangeId } } };
  },
  decide(command, state) {
    const listed = state.cars[command.carId];
    if (command.kind === 'delist')
      return listed ? [{ type: 'CarDelisted', data: { customerId: command.customerId, carId: command.carId } }] : [];
    const twin = Object.entries(state.cars).some(([carId, car]) => carId !== command.carId && sameCar(car, command.car));
    if (twin) throw new DomainError('charging.car_exists', 'This car is already on your list', [{ path: 'typeId', code: 'car_exists' }]);
    if (listed && sameCar(listed, command.car)) return [];
    const { brandId, typeId, batteryRangeId } = command.car;
    return [{ type: 'CarListed', data: { customerId: command.customerId, carId: command.carId, brandId, typeId, batteryRangeId } }];
  },
};
