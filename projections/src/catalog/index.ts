// The catalog's read models: master data (car brands and models) and who uses each item (the usage registry the
// network's governorates count their stations in too).
export {
  CATALOG_USAGE,
  MASTER_DATA,
  catalogProjection,
  defined,
  edited,
  fresh,
  link,
  remove,
  searchTextOf,
  unlink,
  type CatalogUsageDoc,
  type Counted,
  type Edited,
  type MasterDataDoc,
  type UsedItem,
} from './catalog.projection';
