import type { CreateMasterDataItem, RegisterCountry, RegisterGovernorate } from './schemas';

export type CountryRegistered = { type: 'CountryRegistered'; data: RegisterCountry };
export type GovernorateRegistered = { type: 'GovernorateRegistered'; data: RegisterGovernorate };
export type MasterDataItemCreated = { type: 'MasterDataItemCreated'; data: CreateMasterDataItem };

export type CatalogEvent = CountryRegistered | GovernorateRegistered | MasterDataItemCreated;

export const catalogStreams = {
  country: (id: string) => `country-${id}`,
  governorate: (id: string) => `governorate-${id}`,
  masterData: (id: string) => `masterdata-${id}`,
};
