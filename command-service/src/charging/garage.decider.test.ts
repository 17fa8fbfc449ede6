import { describe, it } from 'vitest';
import type { CarListed } from '@evc/contracts';
import { DeciderSpecification } from '../shared/decider-specification';
import { garageDecider } from './garage.decider';

// The same car twice for one customer is refused.
const mg4 = { brandId: 'brand-mg', typeId: 'type-mg4', batteryRangeId: 'battery-60-80' };
const listed = (carId: string, car = mg4): CarListed => ({ type: 'CarListed', data: { customerId: 'mona', carId, ...car } });
const list = (carId: string, car = mg4) => ({ kind: 'list' as const, customerId: 'mona', carId, car });
const garage = DeciderSpecification.for(garageDecider);

describe("garage decider (one customer's cars)", () => {
  it('given an MG4 60–80 kWh, when another car with the same brand, type and battery range is listed, then charging.car_exists', () => {
    garage
      .given([listed('car-1')])
      .when(list('car-2'))
      .thenThrows('charging.car_exists', { fieldErrors: [{ path: 'typeId', code: 'car_exists' }] });
  });

  it('given an MG4 60–80 kWh, when an MG4 with another battery range is listed, then CarListed', () => {
    garage
      .given([listed('car-1')])
      .when(list('car-2', { ...mg4, batteryRangeId: 'battery-40-60' }))
      .then([listed('car-2', { ...mg4, batteryRangeId: 'battery-40-60' })]);
  });

  it('editing a car into its twin is refused; editing it into itself is nothing; into something new relists it', () => {
    const other = { ...mg4, typeId: 'type-zs' };
    const given = garage.given([listed('car-1'), listed('car-2', other)]);
    given.when(list('car-2', mg4)).thenThrows('charging.car_exists');
    given.when(list('car-2', other)).thenNothingHappened();
    given.when(list('car-2', { ...other, batteryRangeId: 'battery-40-60' })).thenTypes(['CarListed']);
  });

  it('given a removed car (delisted), when the same car is listed again, then CarListed; delisting twice does nothing', () => {
    const delisted = { type: 'CarDelisted' as const, data: { customerId: 'mona', carId: 'car-1' } };
    garage
      .given([listed('car-1')])
      .when({ kind: 'delist', customerId: 'mona', carId: 'car-1' })
      .then([delisted]);
    garage
      .given([listed('car-1'), delisted])
      .when(list('car-2'))
      .then([listed('car-2')]);
    garage
      .given([listed('car-1'), delisted])
      .when({ kind: 'delist', customerId: 'mona', carId: 'car-1' })
      .thenNothingHappened();
  });
});
