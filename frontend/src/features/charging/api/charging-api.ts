import { useCallback } from 'react';
import { useInfiniteQuery, useMutation, useQuery, useQueryClient, type InfiniteData } from '@tanstack/react-query';
import type { MasterDataKind } from '@evc/contracts/catalog';
import type { NotificationsView } from '@evc/contracts/charging';
import type { CommandId } from '@evc/contracts/operations';
import { api, type InputOf } from '../../../lib/api';
import { chargingKeys } from './query-keys';

export const NOTIFICATIONS_PAGE_SIZE = 20;
export const SESSIONS_PAGE_SIZE = 20;

/**
 * One page of the customer's sessions: by the cursor the page before it gave when there is one (a session started
 * meanwhile shifts nothing), else by its number (a jump to a page not reached yet).
 */
export const useMySessions = (page: number, cursor: string | undefined) =>
  useQuery({
    queryKey: chargingKeys.sessionList({ page, cursor }),
    queryFn: ({ signal }) =>
      api.query('me.sessions', cursor ? { cursor, pageSize: SESSIONS_PAGE_SIZE } : { page, pageSize: SESSIONS_PAGE_SIZE }, { signal }),
  });

export const useMySession = (sessionId: string) =>
  useQuery({
    queryKey: chargingKeys.session(sessionId),
    queryFn: ({ signal }) => api.query('me.session', { sessionId }, { signal }),
  });

/** The position of the customer's last "seen" mark: notification reads wait for it, so a count never bounces back. */
let seenPosition: number | undefined;

export const useNotifications = () =>
  useInfiniteQuery({
    queryKey: chargingKeys.notificationList,
    // By cursor: notifications arriving while the customer loads more shift nothing.
    initialPageParam: null as string | null,
    queryFn: ({ pageParam, signal }) =>
      api.query(
        'me.notifications',
        { pageSize: NOTIFICATIONS_PAGE_SIZE, ...(pageParam ? { cursor: pageParam } : {}) },
        { signal, position: seenPosition },
      ),
    getNextPageParam: (last) => last.nextCursor ?? undefined,
  });

/** Only the unseen count (the header's badge): one notification per request. */
export const useUnseenCount = (enabled: boolean) =>
  useQuery({
    queryKey: chargingKeys.notificationCount,
    enabled,
    queryFn: ({ signal }) => api.query('me.notifications', { page: 1, pageSize: 1 }, { signal, position: seenPosition }),
    select: (v) => v.unseenCount,
  });

/**
 * Marks notifications seen (some, or all): the list and the header's count change at once (one seen, the count one
 * lower), then both are read again once the server has recorded it.
 */
export function useMarkNotificationsSeen() {
  const client = useQueryClient();
  const { mutate } = useMutation({
    mutationFn: (body: InputOf<'notifications.mark-seen'>) => api.command('notifications.mark-seen', body),
    onSuccess: (result) => {
      seenPosition = result.position;
    },
    onSettled: () => client.invalidateQueries({ queryKey: chargingKeys.notifications }),
  });
  return useCallback(
    (ids: string[] | 'all') => {
      const marks = (id: string) => ids === 'all' || ids.includes(id);
      const list = client.getQueryData<InfiniteData<NotificationsView>>(chargingKeys.notificationList);
      const shown = list?.pages.flatMap((p) => p.dataList) ?? [];
      const lowered = ids === 'all' ? Infinity : ids.filter((id) => !shown.some((n) => n.notificationId === id && n.isSeen)).length;
      const lower = (v: NotificationsView): NotificationsView => ({
        ...v,
        unseenCount: Math.max(0, v.unseenCount - lowered),
        dataList: v.dataList.map((n) => (marks(n.notificationId) ? { ...n, isSeen: true } : n)),
      });
      client.setQueryData<InfiniteData<NotificationsView>>(
        chargingKeys.notificationList,
        (old) => old && { ...old, pages: old.pages.map(lower) },
      );
      client.setQueryData<NotificationsView>(chargingKeys.notificationCount, (old) => old && lower(old));
      mutate(ids === 'all' ? {} : { notificationIds: ids.slice(0, 200) });
    },
    [client, mutate],
  );
}

export const useMyCars = () =>
  useQuery({
    queryKey: chargingKeys.cars,
    queryFn: ({ signal }) => api.query('me.cars', { pageSize: 100 }, { signal }),
  });

export const useCatalog = (kind: MasterDataKind, parentId: string | null, enabled = true) =>
  useQuery({
    queryKey: chargingKeys.catalog(kind, parentId),
    enabled,
    staleTime: 5 * 60_000,
    queryFn: ({ signal }) => api.query('catalog.car-options', { kind, ...(parentId ? { parentId } : {}) }, { signal }),
    select: (page) => page.dataList.filter((item) => item.isActive),
  });

export const useChargerLookup = (serialNumber: string | null) =>
  useQuery({
    queryKey: chargingKeys.lookup(serialNumber ?? ''),
    enabled: serialNumber !== null,
    retry: false,
    queryFn: ({ signal }) => api.query('chargers.lookup', { serialNumber: serialNumber ?? '' }, { signal }),
  });

/** Stations to start at: nearest first with their distance when the position is known, else by name. */
export const useStationsForStart = (q: string, near: { lat: number; lng: number } | null) =>
  useQuery({
    queryKey: ['stations', near ? 'nearby' : 'list', { q, pageSize: 50, start: true, near }],
    queryFn: ({ signal }) =>
      near
        ? api.query('stations.nearby', { q: q || undefined, lat: near.lat, lng: near.lng, radiusKm: 1500, pageSize: 50 }, { signal })
        : api.query('stations.list', { q: q || undefined, pageSize: 50 }, { signal }),
  });

export const useStationForStart = (stationId: string | null) =>
  useQuery({
    queryKey: ['stations', 'detail', stationId ?? ''],
    enabled: stationId !== null,
    queryFn: ({ signal }) => api.query('stations.get', { stationId: stationId ?? '' }, { signal }),
  });

/**
 * The customer's open booking, if its slot runs: its connector shows `reserved` (held for them), and the server lets
 * its owner start there, so the picker offers it. The key starts with `bookings`, so the live stream refreshes it.
 */
export const useMyRunningBooking = () =>
  useQuery({
    queryKey: ['bookings', 'start', 'open'],
    queryFn: ({ signal }) => api.query('me.bookings', { status: 'open', page: 1, pageSize: 1 }, { signal }),
    select: (page) => page.dataList.find((b) => b.status === 'active') ?? null,
  });

export const usePricingNow = () =>
  useQuery({ queryKey: ['pricing'], queryFn: ({ signal }) => api.query('pricing.current', {}, { signal }), staleTime: 5 * 60_000 });

/** A command that invalidates `roots` once it is recorded. */
function useCommand<Id extends CommandId>(id: Id, roots: readonly (readonly string[])[]) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: InputOf<Id>) => api.command(id, body),
    onSuccess: () => Promise.all(roots.map((queryKey) => client.invalidateQueries({ queryKey }))),
  });
}

export const useStartSession = () => useCommand('sessions.start', [chargingKeys.sessions]);
export const useStopSession = () => useCommand('sessions.stop', [chargingKeys.sessions]);
export const useRegisterCar = () => useCommand('cars.register', [chargingKeys.cars]);
export const useUpdateCar = () => useCommand('cars.update', [chargingKeys.cars]);
export const useRemoveCar = () => useCommand('cars.remove', [chargingKeys.cars]);
