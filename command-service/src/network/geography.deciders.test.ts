import { describe, expect, it } from 'vitest';
import { DeciderSpecification } from '../shared/decider-specification';
import type { ItemEvent } from '../shared/item.decider';
import { countryDecider, governorateDecider } from './geography.deciders';

describe('governorate decider', () => {
  const gov = { governorateId: 'eg-c', countryId: 'eg', nameEn: 'Cairo', nameAr: 'القاهرة', isActive: true };
  const events: ItemEvent[] = [
    { type: 'GovernorateRegistered', data: gov },
    { type: 'GovernorateUsageLinked', data: { governorateId: 'eg-c', usedBy: { id: 'st-1', kind: 'station', name: 'Zamalek' } } },
  ];
  it('given a governorate used by a station, when deleting or deactivating, then in_use naming the station', () => {
    for (const command of [{ kind: 'delete' as const }, { kind: 'update' as const, data: { ...gov, isActive: false } }]) {
      DeciderSpecification.for(governorateDecider)
        .given(events)
        .when(command)
        .thenThrows('catalog.in_use', {
          fieldErrors: [expect.objectContaining({ path: 'governorateId', params: expect.objectContaining({ names: 'Zamalek' }) })],
        });
    }
  });
});

describe('country decider', () => {
  it('creates once and updates with changed data only', () => {
    const country = {
      countryId: 'eg',
      iso: 'EG',
      nameEn: 'Egypt',
      nameAr: 'مصر',
      phoneCode: '+20',
      currency: 'EGP',
      flagFileId: 'f'.repeat(64),
      isActive: true,
    };
    const countries = DeciderSpecification.for(countryDecider);
    const registered = countries
      .given([])
      .when({ kind: 'create', data: country })
      .then([{ type: 'CountryRegistered', data: country }]);
    countries.given(registered).when({ kind: 'update', data: country }).thenNothingHappened();
    countries
      .given(registered)
      .when({ kind: 'update', data: { ...country, isActive: false } })
      .then([{ type: 'CountryUpdated', data: { ...country, isActive: false } }]);
  });
});
