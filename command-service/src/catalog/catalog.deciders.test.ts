import { describe, expect, it } from 'vitest';
import type { CreateMasterDataItem } from '@evc/contracts';
import { fold } from '../shared/decider';
import type { ItemEvent } from '../shared/item.decider';
import { countryDecider, governorateDecider, masterDataDecider } from './catalog.deciders';

const brand: CreateMasterDataItem = { itemId: 'brand-byd', kind: 'carBrand', name: 'BYD Auto', nameTranslation: 'بي واي دي', value: '', isActive: true };
const created: ItemEvent = { type: 'MasterDataItemCreated', data: brand };
const linked = (id: string, name: string): ItemEvent => ({ type: 'MasterDataUsageLinked', data: { itemId: 'brand-byd', usedBy: { id, kind: 'carType', name } } });
const missing = { code: 'catalog.parent_not_found', path: 'parentId', message: 'no brand' } as const;

describe('master data decider', () => {
  it('given a brand with types, when deleting, then catalog.in_use naming the types', () => {
    const state = fold(masterDataDecider, [created, linked('type-dolphin', 'Dolphin'), linked('type-atto-3', 'Atto 3')]);
    expect(() => masterDataDecider.decide({ kind: 'delete' }, state)).toThrow(
      expect.objectContaining({ code: 'catalog.in_use', fieldErrors: [{ path: 'itemId', code: 'in_use', params: { names: 'Atto 3, Dolphin', count: 2, action: 'delete' } }] }),
    );
  });

  it('given a brand with a type, when deactivating, then in_use; other edits pass', () => {
    const state = fold(masterDataDecider, [created, linked('type-dolphin', 'Dolphin')]);
    expect(() => masterDataDecider.decide({ kind: 'update', data: { ...brand, isActive: false } }, state)).toThrow(
      expect.objectContaining({ code: 'catalog.in_use', fieldErrors: [expect.objectContaining({ params: expect.objectContaining({ action: 'deactivate' }) })] }),
    );
    expect(masterDataDecider.decide({ kind: 'update', data: { ...brand, name: 'BYD Co' } }, state)).toEqual([{ type: 'MasterDataItemUpdated', data: { ...brand, name: 'BYD Co' } }]);
  });

  it('given a brand whose last type was unlinked, when deleting, then MasterDataItemDeleted', () => {
    const state = fold(masterDataDecider, [created, linked('type-dolphin', 'Dolphin'), { type: 'MasterDataUsageUnlinked', data: { itemId: 'brand-byd', usedById: 'type-dolphin' } }]);
    expect(masterDataDecider.decide({ kind: 'delete' }, state)).toEqual([{ type: 'MasterDataItemDeleted', data: { itemId: 'brand-byd' } }]);
  });

  it('given a deleted brand, when a type links to it, then the referring error (a type cannot join a brand being deleted)', () => {
    const state = fold(masterDataDecider, [created, { type: 'MasterDataItemDeleted', data: { itemId: 'brand-byd' } }]);
    expect(() => masterDataDecider.decide({ kind: 'link', usedBy: { id: 't', kind: 'carType', name: 'T' }, missing }, state)).toThrow(
      expect.objectContaining({ code: 'catalog.parent_not_found', fieldErrors: [{ path: 'parentId', code: 'not_found' }] }),
    );
  });

  it('linking twice with the same name is a no-op; a rename relinks; unlinking an unknown user is a no-op', () => {
    const state = fold(masterDataDecider, [created, linked('t', 'Dolphin')]);
    expect(masterDataDecider.decide({ kind: 'link', usedBy: { id: 't', kind: 'carType', name: 'Dolphin' }, missing }, state)).toEqual([]);
    expect(masterDataDecider.decide({ kind: 'link', usedBy: { id: 't', kind: 'carType', name: 'Dolphin EV' }, missing }, state)).toHaveLength(1);
    expect(masterDataDecider.decide({ kind: 'unlink', usedById: 'nobody' }, state)).toEqual([]);
  });

  it('given nothing, when updating or deleting, then item_not_found; a second create with other data, then item_exists', () => {
    expect(() => masterDataDecider.decide({ kind: 'delete' }, masterDataDecider.initialState)).toThrow(expect.objectContaining({ code: 'catalog.item_not_found' }));
    expect(() => masterDataDecider.decide({ kind: 'create', data: { ...brand, name: 'Other' } }, fold(masterDataDecider, [created]))).toThrow(
      expect.objectContaining({ code: 'catalog.item_exists' }),
    );
  });
});

describe('governorate decider', () => {
  const gov = { governorateId: 'eg-c', countryId: 'eg', nameEn: 'Cairo', nameAr: 'القاهرة', isActive: true };
  const events: ItemEvent[] = [
    { type: 'GovernorateRegistered', data: gov },
    { type: 'GovernorateUsageLinked', data: { governorateId: 'eg-c', usedBy: { id: 'st-1', kind: 'station', name: 'Zamalek' } } },
  ];
  it('given a governorate used by a station, when deleting or deactivating, then in_use naming the station', () => {
    const state = fold(governorateDecider, events);
    for (const command of [{ kind: 'delete' as const }, { kind: 'update' as const, data: { ...gov, isActive: false } }]) {
      expect(() => governorateDecider.decide(command, state)).toThrow(
        expect.objectContaining({ code: 'catalog.in_use', fieldErrors: [expect.objectContaining({ path: 'governorateId', params: expect.objectContaining({ names: 'Zamalek' }) })] }),
      );
    }
  });
});

describe('country decider', () => {
  it('creates once and updates with changed data only', () => {
    const country = { countryId: 'eg', iso: 'EG', nameEn: 'Egypt', nameAr: 'مصر', phoneCode: '+20', currency: 'EGP', flagFileId: 'f'.repeat(64), isActive: true };
    const state = fold(countryDecider, countryDecider.decide({ kind: 'create', data: country }, countryDecider.initialState));
    expect(countryDecider.decide({ kind: 'update', data: country }, state)).toEqual([]);
    expect(countryDecider.decide({ kind: 'update', data: { ...country, isActive: false } }, state)).toEqual([{ type: 'CountryUpdated', data: { ...country, isActive: false } }]);
  });
});
