// The network's read models: stations with their chargers and connectors, the staff charger view, charger keys, prices,
// countries and governorates.
export {
  CHARGERS,
  CHARGER_AUTH,
  STATIONS,
  chargerStatus,
  stationTotals,
  stationsProjection,
  type ChargerAuthDoc,
  type ChargerDoc,
  type StationDoc,
} from './stations.projection';
export { PRICING_HISTORY, pricingProjection, type PricingDoc } from './pricing.projection';
export { COUNTRIES, GOVERNORATES, geographyProjection, type CountryDoc, type GovernorateDoc } from './geography.projection';
