import { useInfiniteQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { mergeNearbyPages } from '../nearby-merge';

export const NEARBY_PAGE_SIZE = 6;
/** All of Egypt: a search should always find the nearest station, however far. */
export const NEARBY_RADIUS_KM = 1500;

export interface Point {
  lat: number;
  lng: number;
}

/** Nearest stations to a point; "load more" fetches the next page and appends without duplicates. */
export function useNearbyStations(point: Point | null) {
  const params = point ? { lat: point.lat, lng: point.lng, radiusKm: NEARBY_RADIUS_KM, pageSize: NEARBY_PAGE_SIZE } : null;
  return useInfiniteQuery({
    queryKey: ['stations', 'nearby', params ?? {}],
    enabled: params !== null,
    initialPageParam: 1,
    queryFn: ({ pageParam, signal }) =>
      api.query('stations.nearby', { lat: point?.lat, lng: point?.lng, ...params, page: pageParam }, { signal }),
    getNextPageParam: (last, pages, lastPage) => {
      const loaded = pages.reduce((n, p) => n + p.dataList.length, 0);
      return last.dataList.length > 0 && loaded < last.totalCount ? lastPage + 1 : undefined;
    },
    select: (data) => mergeNearbyPages(data.pages),
  });
}
