import type { CreateMasterDataItem, RegisterCountry, RegisterGovernorate } from '@evc/contracts';
import { createOnceDecider } from '../shared/create-once.decider';

export const countryDecider = createOnceDecider<'CountryRegistered', RegisterCountry>('CountryRegistered', 'catalog.country_exists');
export const governorateDecider = createOnceDecider<'GovernorateRegistered', RegisterGovernorate>(
  'GovernorateRegistered',
  'catalog.governorate_exists',
);
export const masterDataDecider = createOnceDecider<'MasterDataItemCreated', CreateMasterDataItem>(
  'MasterDataItemCreated',
  'catalog.item_exists',
);
