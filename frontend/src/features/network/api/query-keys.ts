/**
 * Query keys start with the read model's collection name, so a live change of that collection
 * (SSE `/api/live`) invalidates every query built on it.
 */
export const queryKeys = {
  stations: ['stations'] as const,
  stationList: (params: object) => ['stations', 'list', params] as const,
  station: (id: string) => ['stations', 'detail', id] as const,
};
