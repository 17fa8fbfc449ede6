/**
 * Query keys start with the read model's collection name, so a live change of that collection
 * (SSE `/api/live`) invalidates every query built on it.
 */
export const queryKeys = {
  stations: ['stations'] as const,
  stationList: (params: object) => ['stations', 'list', params] as const,
  stationNearby: (params: object) => ['stations', 'nearby', params] as const,
  station: (id: string) => ['stations', 'detail', id] as const,
  governorates: ['governorates'] as const,
  pricing: ['pricing'] as const,
  networkStats: ['network-stats'] as const,
  clientConfig: ['client-config'] as const,
};

/** Collections whose changes the public pages follow live. */
export const LIVE_COLLECTIONS = ['stations', 'governorates', 'pricing', 'network-stats'] as const; // query-key roots followed live
