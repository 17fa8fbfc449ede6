import { describe, expect, it } from 'vitest';
import type { CreateMasterDataItem } from '@evc/contracts';
import { DeciderSpecification } from '../shared/decider-specification';
import type { ItemEvent } from '../shared/item.decider';
import { carUser } from '../shared/usage';
import { masterDataDecider } from './catalog.deciders';

// A customer's car counts as a user of its brand, type and battery range.
const range: CreateMasterDataItem = {
  itemId: 'battery-80',
  kind: 'batteryRange',
  name: 'Above 80 kWh',
  nameTranslation: 'أكثر من ٨٠ ك.و.س',
  value: '80-',
  isActive: true,
};
const created: ItemEvent = { type: 'MasterDataItemCreated', data: range };
const carLinked = (carId: string): ItemEvent => ({ type: 'MasterDataUsageLinked', data: { itemId: 'battery-80', usedBy: carUser(carId) } });
const missing = { code: 'catalog.item_not_found', path: 'batteryRangeId', message: 'no range' } as const;
const items = DeciderSpecification.for(masterDataDecider);

describe("a customer's car as a user of a master-data item", () => {
  it('given a battery range, when a car links to it, then MasterDataUsageLinked naming no customer', () => {
    items
      .given([created])
      .when({ kind: 'link', usedBy: carUser('car-1'), missing, active: true })
      .then([carLinked('car-1')]);
    expect(carUser('car-1')).toEqual({ id: 'car-1', kind: 'car', name: "A customer's car", nameAr: 'سيارة عميل' });
  });

  it('given a range used by three cars and a type, when deleting, then in_use counting the cars in both languages', () => {
    const typeLink: ItemEvent = {
      type: 'MasterDataUsageLinked',
      data: { itemId: 'battery-80', usedBy: { id: 't', kind: 'carType', name: 'Atto 3', nameAr: 'أتو ٣' } },
    };
    items
      .given([created, carLinked('car-1'), carLinked('car-2'), carLinked('car-3'), typeLink])
      .when({ kind: 'delete' })
      .thenThrows('catalog.in_use', {
        fieldErrors: [
          {
            path: 'itemId',
            code: 'in_use',
            params: { names: "Atto 3, 3 customers' cars", namesAr: 'أتو ٣, ٣ سيارات عملاء', count: 4, action: 'delete' },
          },
        ],
      });
  });

  it('given a range used by one car, when deactivating, then in_use ("1 customer\'s car"); once the car unlinks, it may go', () => {
    items
      .given([created, carLinked('car-1')])
      .when({ kind: 'update', data: { ...range, isActive: false } })
      .thenThrows('catalog.in_use', {
        fieldErrors: [
          expect.objectContaining({
            params: expect.objectContaining({ names: "1 customer's car", namesAr: 'سيارة عميل واحدة', action: 'deactivate' }),
          }),
        ],
      });
    items
      .given([created, carLinked('car-1'), { type: 'MasterDataUsageUnlinked', data: { itemId: 'battery-80', usedById: 'car-1' } }])
      .when({ kind: 'delete' })
      .thenTypes(['MasterDataItemDeleted']);
  });

  it('given an inactive range, when a car links with active required, then the referring error; an upgrade link (no active) passes', () => {
    const inactive: ItemEvent = { type: 'MasterDataItemUpdated', data: { ...range, isActive: false } };
    items
      .given([created, inactive])
      .when({ kind: 'link', usedBy: carUser('car-1'), missing, active: true })
      .thenThrows('catalog.item_not_found', { fieldErrors: [{ path: 'batteryRangeId', code: 'not_found' }] });
    items
      .given([created, inactive])
      .when({ kind: 'link', usedBy: carUser('car-1'), missing })
      .then([carLinked('car-1')]);
  });
});
