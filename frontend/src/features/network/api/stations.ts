import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { toStationsQuery, type StationSearch } from '../station-search';
import { queryKeys } from './query-keys';

export const STATIONS_PAGE_SIZE = 12;

export function useStations(search: StationSearch) {
  const params = toStationsQuery(search, STATIONS_PAGE_SIZE);
  return useQuery({
    queryKey: queryKeys.stationList(params),
    queryFn: ({ signal }) => api.query('stations.list', params, { signal }),
    placeholderData: keepPreviousData,
  });
}

export function useStation(stationId: string | undefined) {
  return useQuery({
    queryKey: queryKeys.station(stationId ?? ''),
    queryFn: ({ signal }) => api.query('stations.get', { stationId: stationId ?? '' }, { signal }),
    enabled: !!stationId,
  });
}
