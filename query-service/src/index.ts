export * from './query-service.module';
export { StationsQueries, stationFilter } from './stations/stations.queries';
export { LiveHub } from './live/live-hub';
