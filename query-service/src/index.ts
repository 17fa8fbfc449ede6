export * from './compose';
export * from './query-service.module';
export { StationsQueries, stationFilter } from './network/index';
export { StationLocator } from './network/index';
export { LiveHub } from './live/live-hub';
export { QueryTable } from './http/query-routes';
