import type { CountryData, GovernorateData } from '@evc/contracts';
import { itemDecider } from '../shared/item.decider';

export type { CountryData, GovernorateData };

export const countryDecider = itemDecider<CountryData>({
  idKey: 'countryId',
  events: {
    created: 'CountryRegistered',
    updated: 'CountryUpdated',
    deleted: 'CountryDeleted',
    linked: 'CountryUsageLinked',
    unlinked: 'CountryUsageUnlinked',
  },
  existsCode: 'catalog.country_exists',
  notFoundCode: 'catalog.item_not_found',
  inUsePath: 'countryId',
});

/** Stations link themselves to their governorate's stream, so a used governorate cannot be deleted or deactivated. */
export const governorateDecider = itemDecider<GovernorateData>({
  idKey: 'governorateId',
  events: {
    created: 'GovernorateRegistered',
    updated: 'GovernorateUpdated',
    deleted: 'GovernorateDeleted',
    linked: 'GovernorateUsageLinked',
    unlinked: 'GovernorateUsageUnlinked',
  },
  existsCode: 'catalog.governorate_exists',
  notFoundCode: 'catalog.item_not_found',
  inUsePath: 'governorateId',
});
