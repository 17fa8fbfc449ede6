/** The network context: stations, chargers (registry, serials, keys), prices, countries and governorates. */
export { networkContext } from './network.context';
export {
  chargerDecider,
  stationDecider,
  type ChargerCommand,
  type ChargerEvent,
  type ChargerState,
  type StationCommand,
  type StationEvent,
  type StationState,
} from './network.deciders';
export { RegisterChargerCommand } from './network.commands';
export { registerCharger } from './charger.handlers';
export { newChargerSecret, type ChargerSecretResult } from './charger-secret';
export { pricesInForce, sessionPrices } from './pricing';
export { countryDecider, governorateDecider, type CountryData, type GovernorateData } from './geography.deciders';
