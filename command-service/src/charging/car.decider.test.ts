import { describe, expect, it } from 'vitest';
import type { CarEvent } from '@evc/contracts';
import { DeciderSpecification } from '../shared/decider-specification';
import { carDecider, isUsableCar } from './car.decider';

const at = '2026-03-01T10:00:00.000Z';
const data = {
  carId: 'car-1',
  customerId: 'c-1',
  brandId: 'brand-mg',
  typeId: 'type-mg4',
  batteryRangeId: 'battery-60-80',
  licence: { frontFileId: 'a'.repeat(64), backFileId: 'b'.repeat(64) },
  at,
};
const registered: CarEvent = { type: 'CarRegistered', data };
const removed: CarEvent = { type: 'CarRemoved', data: { carId: 'car-1', customerId: 'c-1', at } };
const car = DeciderSpecification.for(carDecider);

describe('car decider', () => {
  it('registers once; the same registration resent is a no-op, another under the id a conflict', () => {
    car.given([]).when({ kind: 'register', data }).then([registered]);
    car
      .given([registered])
      .when({ kind: 'register', data: { ...data, at: '2026-03-02T00:00:00.000Z' } })
      .thenNothingHappened();
    car
      .given([registered])
      .when({ kind: 'register', data: { ...data, brandId: 'brand-byd' } })
      .thenThrows('request.duplicate_id');
  });

  it('its customer edits it ("cars updated"), e.g. a customs certificate instead of the licence', () => {
    const edited = { ...data, licence: { customsCertificateFileId: 'c'.repeat(64) }, at: '2026-03-02T00:00:00.000Z' };
    car
      .given([registered])
      .when({ kind: 'update', data: edited })
      .then([{ type: 'CarUpdated', data: edited }]);
    car
      .given([registered])
      .when({ kind: 'update', data: { ...data, at: '2026-03-03T00:00:00.000Z' } })
      .thenNothingHappened();
  });

  it("another customer's car is not found, for editing and removing alike", () => {
    car
      .given([registered])
      .when({ kind: 'update', data: { ...data, customerId: 'c-2' } })
      .thenThrows('charging.car_not_found');
    car.given([registered]).when({ kind: 'remove', customerId: 'c-2', at }).thenThrows('charging.car_not_found');
    car.given([]).when({ kind: 'remove', customerId: 'c-1', at }).thenThrows('charging.car_not_found');
  });

  it('a removed car is removed once, cannot be edited and starts no session', () => {
    car.given([registered]).when({ kind: 'remove', customerId: 'c-1', at }).then([removed]);
    car.given([registered, removed]).when({ kind: 'remove', customerId: 'c-1', at }).thenNothingHappened();
    car.given([registered, removed]).when({ kind: 'update', data }).thenThrows('charging.car_not_found');
    expect(isUsableCar(car.given([registered]).when().state(), 'c-1')).toBe(true);
    expect(isUsableCar(car.given([registered, removed]).when().state(), 'c-1')).toBe(false);
    expect(isUsableCar(car.given([registered]).when().state(), 'c-2')).toBe(false);
  });
});
