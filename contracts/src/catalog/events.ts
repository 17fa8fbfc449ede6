import type { CreateMasterDataItem } from './schemas';

export const catalogStreams = {
  masterData: (id: string) => `masterdata-${id}`,
  /** The names taken under one parent (`names-masterdata.carType.<brandId>`, `names-masterdata.carBrand`, …). */
  names: (scope: string) => `names-${scope}`,
};

/** Where two items may not share a name: master data of a kind (car types: of one brand). */
export const nameScopes = {
  masterData: (kind: string, parentId?: string | null) => (parentId ? `masterdata.${kind}.${parentId}` : `masterdata.${kind}`),
};

/** What uses an item (a catalog item, a governorate): a child car type, a station, a customer's car. */
export type UsedBy = {
  id: string;
  kind: string;
  name: string;
  /** The user's Arabic name, for the Arabic "in use" message (links recorded before it was kept have none). */
  nameAr?: string;
};

/** `masterdata-<id>`: car brands, car types (linked to their brand) and battery ranges. The kind never changes. */
export type MasterDataItemCreated = { type: 'MasterDataItemCreated'; data: CreateMasterDataItem };
export type MasterDataItemUpdated = { type: 'MasterDataItemUpdated'; data: Omit<CreateMasterDataItem, 'kind'> };
export type MasterDataItemDeleted = { type: 'MasterDataItemDeleted'; data: { itemId: string } };
export type MasterDataUsageLinked = { type: 'MasterDataUsageLinked'; data: { itemId: string; usedBy: UsedBy } };
export type MasterDataUsageUnlinked = { type: 'MasterDataUsageUnlinked'; data: { itemId: string; usedById: string } };

/**
 * `names-<scope>`: which item holds which English and Arabic name under one parent, so two items never share one
 * (compared trimmed, case- and digit-insensitively; see command-service catalog/name-claims.decider.ts).
 */
export type NameClaimed = { type: 'NameClaimed'; data: { scope: string; itemId: string; name: string; nameAr: string } };
export type NameReleased = { type: 'NameReleased'; data: { scope: string; itemId: string } };

export type CatalogEvent =
  | NameClaimed
  | NameReleased
  | MasterDataItemCreated
  | MasterDataItemUpdated
  | MasterDataItemDeleted
  | MasterDataUsageLinked
  | MasterDataUsageUnlinked;
