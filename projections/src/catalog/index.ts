// The catalog's read models: countries, governorates, master data (car brands and models) and who uses each item.
export {
  CATALOG_USAGE,
  COUNTRIES,
  GOVERNORATES,
  MASTER_DATA,
  catalogProjection,
  searchTextOf,
  type CatalogUsageDoc,
  type CountryDoc,
  type GovernorateDoc,
  type MasterDataDoc,
} from './catalog.projection';
