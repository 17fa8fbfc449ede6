/** The catalog screens (master data, countries, governorates) and pricing load as one lazy chunk: one preload-map entry. */
export { BatteryRangePage, CarBrandPage, CarTypePage } from '../../features/catalog/admin/masterdata-page';
export { CountriesPage } from '../../features/network/admin/countries-page';
export { GovernoratesPage } from '../../features/network/admin/governorates-page';
export { PricingPage } from '../../features/network/admin/pricing-page';
