import { useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { MasterDataKind } from '@evc/contracts/catalog/schemas';
import type { WalletQuery } from '@evc/contracts/charging/views';
import type { CommandId } from '@evc/contracts/operations';
import { api, type InputOf } from '../../../lib/api';
import { chargingKeys } from './query-keys';

export const WALLET_PAGE_SIZE = 20;
export const NOTIFICATIONS_PAGE_SIZE = 20;
export const SESSIONS_PAGE_SIZE = 20;
export type WalletFilter = WalletQuery['filter'];

export const useMySessions = (page: number) =>
  useQuery({
    queryKey: chargingKeys.sessionList({ page }),
    queryFn: ({ signal }) => api.query('me.sessions', { page, pageSize: SESSIONS_PAGE_SIZE }, { signal }),
  });

export const useMySession = (sessionId: string) =>
  useQuery({
    queryKey: chargingKeys.session(sessionId),
    queryFn: ({ signal }) => api.query('me.session', { sessionId }, { signal }),
  });

/** The wallet's pages: page n holds the next transactions; the balance and total count come from the latest page. */
export const useWallet = (filter: WalletFilter) =>
  useInfiniteQuery({
    queryKey: chargingKeys.walletList(filter),
    initialPageParam: 1,
    queryFn: ({ pageParam, signal }) => api.query('me.wallet', { filter, page: pageParam, pageSize: WALLET_PAGE_SIZE }, { signal }),
    getNextPageParam: (last, pages, lastPage) => {
      const loaded = pages.reduce((n, p) => n + p.transactionsDates.reduce((m, d) => m + d.transactions.length, 0), 0);
      return loaded < last.totalCount && last.transactionsDates.length > 0 ? lastPage + 1 : undefined;
    },
  });

export const usePayment = (paymentId: string | null, poll: boolean) =>
  useQuery({
    queryKey: chargingKeys.payment(paymentId ?? ''),
    enabled: paymentId !== null,
    queryFn: ({ signal }) => api.query('me.payment', { paymentId: paymentId ?? '' }, { signal }),
    refetchInterval: (query) => (poll && (query.state.data?.status ?? 'pending') === 'pending' ? 2000 : false),
  });

export const useNotifications = () =>
  useInfiniteQuery({
    queryKey: chargingKeys.notificationList,
    initialPageParam: 1,
    queryFn: ({ pageParam, signal }) => api.query('me.notifications', { page: pageParam, pageSize: NOTIFICATIONS_PAGE_SIZE }, { signal }),
    getNextPageParam: (last, pages, lastPage) => {
      const loaded = pages.reduce((n, p) => n + p.dataList.length, 0);
      return loaded < last.totalCount && last.dataList.length > 0 ? lastPage + 1 : undefined;
    },
  });

/** Only the unseen count (the header's badge): one notification per request. */
export const useUnseenCount = (enabled: boolean) =>
  useQuery({
    queryKey: chargingKeys.notificationCount,
    enabled,
    queryFn: ({ signal }) => api.query('me.notifications', { page: 1, pageSize: 1 }, { signal }),
    select: (v) => v.unseenCount,
  });

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
export const useTopUp = () => useCommand('wallet.top-up', []);
export const useMarkSeen = () => useCommand('notifications.mark-seen', [chargingKeys.notifications]);
export const useRegisterCar = () => useCommand('cars.register', [chargingKeys.cars]);
