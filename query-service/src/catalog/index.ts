// The catalog's queries: the public car catalog and the staff's master data, country and governorate lists.
export { CatalogAnswers } from './catalog.answers';
export { CatalogAdminAnswers } from './catalog-admin.answers';
