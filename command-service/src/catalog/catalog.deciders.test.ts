import { describe, expect, it } from 'vitest';
import type { CreateMasterDataItem } from '@evc/contracts';
import { DeciderSpecification } from '../shared/decider-specification';
import type { ItemEvent } from '../shared/item.decider';
import { masterDataDecider } from './catalog.deciders';

const brand: CreateMasterDataItem = {
  itemId: 'brand-byd',
  kind: 'carBrand',
  name: 'BYD Auto',
  nameTranslation: 'بي واي دي',
  value: '',
  isActive: true,
};
const created: ItemEvent = { type: 'MasterDataItemCreated', data: brand };
const linked = (id: string, name: string): ItemEvent => ({
  type: 'MasterDataUsageLinked',
  data: { itemId: 'brand-byd', usedBy: { id, kind: 'carType', name } },
});
const missing = { code: 'catalog.parent_not_found', path: 'parentId', message: 'no brand' } as const;
const masterData = DeciderSpecification.for(masterDataDecider);

describe('master data decider', () => {
  it('given a brand with types, when deleting, then catalog.in_use naming the types', () => {
    masterData
      .given([created, linked('type-dolphin', 'Dolphin'), linked('type-atto-3', 'Atto 3')])
      .when({ kind: 'delete' })
      .thenThrows('catalog.in_use', {
        fieldErrors: [
          { path: 'itemId', code: 'in_use', params: { names: 'Atto 3, Dolphin', namesAr: 'Atto 3, Dolphin', count: 2, action: 'delete' } },
        ],
      });
  });

  it('given a brand with a type, when deactivating, then in_use; other edits pass', () => {
    const given = masterData.given([created, linked('type-dolphin', 'Dolphin')]);
    given.when({ kind: 'update', data: { ...brand, isActive: false } }).thenThrows('catalog.in_use', {
      fieldErrors: [expect.objectContaining({ params: expect.objectContaining({ action: 'deactivate' }) })],
    });
    given
      .when({ kind: 'update', data: { ...brand, name: 'BYD Co' } })
      .then([{ type: 'MasterDataItemUpdated', data: { ...brand, name: 'BYD Co' } }]);
  });

  it('given a brand whose last type was unlinked, when deleting, then MasterDataItemDeleted', () => {
    masterData
      .given([
        created,
        linked('type-dolphin', 'Dolphin'),
        { type: 'MasterDataUsageUnlinked', data: { itemId: 'brand-byd', usedById: 'type-dolphin' } },
      ])
      .when({ kind: 'delete' })
      .then([{ type: 'MasterDataItemDeleted', data: { itemId: 'brand-byd' } }]);
  });

  it('given a deleted brand, when a type links to it, then the referring error (a type cannot join a brand being deleted)', () => {
    masterData
      .given([created, { type: 'MasterDataItemDeleted', data: { itemId: 'brand-byd' } }])
      .when({ kind: 'link', usedBy: { id: 't', kind: 'carType', name: 'T' }, missing })
      .thenThrows('catalog.parent_not_found', { fieldErrors: [{ path: 'parentId', code: 'not_found' }] });
  });

  it('linking twice with the same name is a no-op; a rename relinks; unlinking an unknown user is a no-op', () => {
    const given = masterData.given([created, linked('t', 'Dolphin')]);
    given.when({ kind: 'link', usedBy: { id: 't', kind: 'carType', name: 'Dolphin' }, missing }).thenNothingHappened();
    given.when({ kind: 'link', usedBy: { id: 't', kind: 'carType', name: 'Dolphin EV' }, missing }).thenTypes(['MasterDataUsageLinked']);
    given.when({ kind: 'unlink', usedById: 'nobody' }).thenNothingHappened();
  });

  it('given nothing, when updating or deleting, then item_not_found; a second create with other data, then item_exists', () => {
    masterData.given([]).when({ kind: 'delete' }).thenThrows('catalog.item_not_found');
    masterData
      .given([created])
      .when({ kind: 'create', data: { ...brand, name: 'Other' } })
      .thenThrows('catalog.item_exists');
  });
});

describe('master data fold', () => {
  // A popular brand's stream: links and unlinks of cars and types, an edit, in a mixed order.
  const history = (n: number): ItemEvent[] => {
    const events: ItemEvent[] = [created];
    for (let i = 0; i < n; i++) {
      events.push(linked(`car-${i}`, `Car ${i}`));
      if (i % 7 === 3) events.push({ type: 'MasterDataUsageUnlinked', data: { itemId: 'brand-byd', usedById: `car-${i - 2}` } });
      if (i === n / 2) events.push({ type: 'MasterDataItemUpdated', data: { name: 'BYD Co' } });
    }
    return events;
  };

  it('folded at once is what folding one event at a time gives, from any state, which it leaves as it was', () => {
    const events = history(200);
    const oneByOne = masterData.given(events).foldsAtOnce();
    expect(Object.keys(oneByOne.usage)).toHaveLength(200 - events.filter((e) => e.type === 'MasterDataUsageUnlinked').length);
    expect(oneByOne.data?.name).toBe('BYD Co');
  });
});
