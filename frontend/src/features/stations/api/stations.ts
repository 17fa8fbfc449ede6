import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { Paged } from '@evc/contracts/api';
import type { StationView } from '@evc/contracts/network/views';
import { apiGet } from '../../../lib/api-client';
import { endpoints } from '../../../lib/endpoints';
import { toStationsQuery, type StationSearch } from '../station-search';
import { queryKeys } from './query-keys';

export const STATIONS_PAGE_SIZE = 12;

export function useStations(search: StationSearch) {
  const params = toStationsQuery(search, STATIONS_PAGE_SIZE);
  return useQuery({
    queryKey: queryKeys.stationList(params),
    queryFn: ({ signal }) => apiGet<Paged<StationView>>(endpoints.stations, params, signal),
    placeholderData: keepPreviousData,
  });
}

export function useStation(stationId: string | undefined) {
  return useQuery({
    queryKey: queryKeys.station(stationId ?? ''),
    queryFn: ({ signal }) => apiGet<StationView>(endpoints.station(stationId ?? ''), undefined, signal),
    enabled: !!stationId,
  });
}
