/** The catalog screens (master data, countries, governorates) and pricing load as one lazy chunk: one preload-map entry. */
export { BatteryRangePage, CarBrandPage, CarTypePage } from './masterdata-page';
export { CountriesPage } from './countries-page';
export { GovernoratesPage } from './governorates-page';
export { PricingPage } from './pricing-page';
