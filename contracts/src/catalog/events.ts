import type { CreateMasterDataItem, RegisterCountry, RegisterGovernorate } from './schemas';

export const catalogStreams = {
  country: (id: string) => `country-${id}`,
  governorate: (id: string) => `governorate-${id}`,
  masterData: (id: string) => `masterdata-${id}`,
};

/** What uses a catalog item: a child car type, a station, later cars and customers. */
export type UsedBy = {
  id: string;
  kind: string;
  name: string;
  /** The user's Arabic name, for the Arabic "in use" message (links recorded before it was kept have none). */
  nameAr?: string;
};

/** `country-<id>`. The update carries the whole form (and `isActive`). */
export type CountryData = RegisterCountry & { isActive?: boolean };
export type CountryRegistered = { type: 'CountryRegistered'; data: CountryData };
export type CountryUpdated = { type: 'CountryUpdated'; data: CountryData };

/** `governorate-<id>`. Stations link themselves here (`…UsageLinked`), so a used governorate stays. */
export type GovernorateData = RegisterGovernorate & { isActive?: boolean };
export type GovernorateRegistered = { type: 'GovernorateRegistered'; data: GovernorateData };
export type GovernorateUpdated = { type: 'GovernorateUpdated'; data: GovernorateData };
export type GovernorateDeleted = { type: 'GovernorateDeleted'; data: { governorateId: string } };
export type GovernorateUsageLinked = { type: 'GovernorateUsageLinked'; data: { governorateId: string; usedBy: UsedBy } };
export type GovernorateUsageUnlinked = { type: 'GovernorateUsageUnlinked'; data: { governorateId: string; usedById: string } };

/** `masterdata-<id>`: car brands, car types (linked to their brand) and battery ranges. The kind never changes. */
export type MasterDataItemCreated = { type: 'MasterDataItemCreated'; data: CreateMasterDataItem };
export type MasterDataItemUpdated = { type: 'MasterDataItemUpdated'; data: Omit<CreateMasterDataItem, 'kind'> };
export type MasterDataItemDeleted = { type: 'MasterDataItemDeleted'; data: { itemId: string } };
export type MasterDataUsageLinked = { type: 'MasterDataUsageLinked'; data: { itemId: string; usedBy: UsedBy } };
export type MasterDataUsageUnlinked = { type: 'MasterDataUsageUnlinked'; data: { itemId: string; usedById: string } };

export type CatalogEvent =
  | CountryRegistered
  | CountryUpdated
  | GovernorateRegistered
  | GovernorateUpdated
  | GovernorateDeleted
  | GovernorateUsageLinked
  | GovernorateUsageUnlinked
  | MasterDataItemCreated
  | MasterDataItemUpdated
  | MasterDataItemDeleted
  | MasterDataUsageLinked
  | MasterDataUsageUnlinked;
