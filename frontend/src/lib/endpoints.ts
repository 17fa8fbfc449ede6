import type { operations, LIVE_PATH, VERSION_FILE_PATH } from '@evc/contracts/operations';
import type { CLIENT_CONFIG_PATH } from '@evc/contracts/site/schemas';

type PathOf<K extends keyof typeof operations> = (typeof operations)[K]['path'];

/**
 * API paths of contracts/operations.ts. Typed against the contract (a changed path fails tsc) but written
 * as literals so the landing page's bundle does not pull every zod schema through `operations`.
 */
export const endpoints = {
  submitContact: '/api/commands/contact-requests.submit' satisfies PathOf<'contact-requests.submit'>,
  stations: '/api/queries/stations' satisfies PathOf<'stations.list'>,
  nearby: '/api/queries/stations/nearby' satisfies PathOf<'stations.nearby'>,
  station: (stationId: string) =>
    ('/api/queries/stations/:stationId' satisfies PathOf<'stations.get'>).replace(':stationId', encodeURIComponent(stationId)),
  governorates: '/api/queries/governorates' satisfies PathOf<'governorates.list'>,
  networkStats: '/api/queries/network-stats' satisfies PathOf<'network.stats'>,
  pricing: '/api/queries/pricing' satisfies PathOf<'pricing.current'>,
  pageViews: '/api/page-views' satisfies PathOf<'site.page-view'>,
  live: '/api/live' satisfies typeof LIVE_PATH,
  version: '/version.json' satisfies typeof VERSION_FILE_PATH,
  config: '/api/config' satisfies typeof CLIENT_CONFIG_PATH,
};
