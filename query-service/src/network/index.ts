// The network's queries: public stations (search, nearby, one station) and the staff's station, price and OCPP screens.
export { StationsAnswers } from './stations.answers';
export { NetworkAdminAnswers } from './network-admin.answers';
export { STATION_HIDDEN, StationsQueries, stationFilter, stationView } from './stations.queries';
export { StationLocator } from './station-locator';
