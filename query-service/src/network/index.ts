// The network's queries: public stations (search, nearby, one station), governorates, and the staff's station, price,
// country, governorate and OCPP screens.
export { StationsAnswers } from './stations.answers';
export { NetworkAdminAnswers } from './network-admin.answers';
export { GeographyAnswers } from './geography.answers';
export { STATION_HIDDEN, StationsQueries, stationFilter, stationView } from './stations.queries';
export { StationLocator } from './station-locator';
