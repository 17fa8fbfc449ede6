// The catalog's queries: the public car catalog and the staff's master data lists (and, for now, the network's
// public figures and prices in force).
export { CatalogAnswers } from './catalog.answers';
export { CatalogAdminAnswers } from './catalog-admin.answers';
