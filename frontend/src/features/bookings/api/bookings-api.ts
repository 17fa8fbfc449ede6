import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { MyBookingsQuery } from '@evc/contracts/bookings';
import { api, type InputOf } from '../../../lib/api';

/**
 * Query keys start with the read model's collection (`bookings`), so a change on the customer's live stream
 * (`/api/live/me`, collection `bookings`) refreshes every booking query.
 */
export const bookingKeys = {
  all: ['bookings'] as const,
  list: (status: MyBookingsQuery['status'], page: number) => ['bookings', 'list', status, page] as const,
  one: (bookingId: string) => ['bookings', 'detail', bookingId] as const,
};
export const BOOKINGS_PAGE_SIZE = 10;

/** The last write's position: the next read waits for it (the customer sees their own booking at once). */
let lastPosition: number | undefined;

export const useMyBookings = (status: MyBookingsQuery['status'], page = 1) =>
  useQuery({
    queryKey: bookingKeys.list(status, page),
    queryFn: ({ signal }) => api.query('me.bookings', { status, page, pageSize: BOOKINGS_PAGE_SIZE }, { signal, position: lastPosition }),
  });

/** The current booking: the customer holds at most one open booking. */
export function useCurrentBooking() {
  const open = useMyBookings('open');
  return { ...open, booking: open.data?.dataList[0] ?? null };
}

export const useMyBooking = (bookingId: string) =>
  useQuery({
    queryKey: bookingKeys.one(bookingId),
    queryFn: ({ signal }) => api.query('me.booking', { bookingId }, { signal, position: lastPosition }),
  });

/** Stations to book at: by name (the list) or around a point of the map (nearest first). */
export const useStationsToBook = (q: string, point: { lat: number; lng: number } | null) =>
  useQuery({
    queryKey: ['stations', 'book', q, point],
    queryFn: ({ signal }) =>
      point
        ? api.query('stations.nearby', { lat: point.lat, lng: point.lng, radiusKm: 1500, pageSize: 20 }, { signal })
        : api.query('stations.list', { q: q || undefined, pageSize: 50 }, { signal }),
  });

export const useStationToBook = (stationId: string | null) =>
  useQuery({
    queryKey: ['stations', 'detail', stationId ?? ''],
    enabled: stationId !== null,
    queryFn: ({ signal }) => api.query('stations.get', { stationId: stationId ?? '' }, { signal }),
  });

export const usePricing = () =>
  useQuery({ queryKey: ['pricing'], queryFn: ({ signal }) => api.query('pricing.current', {}, { signal }), staleTime: 5 * 60_000 });
export const useCars = () => useQuery({ queryKey: ['cars'], queryFn: ({ signal }) => api.query('me.cars', { pageSize: 100 }, { signal }) });

function useBookingCommand<Id extends 'bookings.create' | 'bookings.cancel'>(id: Id) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: InputOf<Id>) => api.command(id, body),
    onSuccess: (result) => {
      lastPosition = Math.max(lastPosition ?? 0, result.position);
      // the fee is a wallet line, and notifications follow
      return Promise.all(
        [bookingKeys.all, ['wallet_transactions'], ['notifications']].map((queryKey) => client.invalidateQueries({ queryKey })),
      );
    },
  });
}

export const useCreateBooking = () => useBookingCommand('bookings.create');
export const useCancelBooking = () => useBookingCommand('bookings.cancel');
