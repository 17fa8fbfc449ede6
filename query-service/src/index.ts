export * from './compose';
export * from './query-service.module';
export { StationsQueries, stationFilter } from './stations/stations.queries';
export { StationLocator } from './stations/station-locator';
export { LiveHub } from './live/live-hub';
export { QueryTable } from './http/query-routes';
