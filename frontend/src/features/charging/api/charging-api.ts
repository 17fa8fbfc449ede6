import { useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { CommandResult, Paged } from '@evc/contracts/api';
import type { FileInfo } from '@evc/contracts/admin/schemas';
import type { CarOptionView } from '@evc/contracts/catalog/views';
import type {
  CarView,
  NotificationsView,
  PaymentView,
  SessionDetailView,
  SessionView,
  TopUpResult,
  WalletView,
} from '@evc/contracts/charging/views';
import type { MarkNotificationsSeen, RegisterCar, SessionRef, StartSession, StartTopUp } from '@evc/contracts/charging/schemas';
import type { PricingView, StationView } from '@evc/contracts/network/views';
import { apiGet, apiPost, apiRequest } from '../../../lib/api-client';
import { chargingEndpoints as api } from './endpoints';
import { chargingKeys } from './query-keys';

export const WALLET_PAGE_SIZE = 20;
export const NOTIFICATIONS_PAGE_SIZE = 20;
export const SESSIONS_PAGE_SIZE = 20;
export type WalletFilter = 'all' | 'incoming' | 'outgoing';
export type CatalogKind = 'carBrand' | 'carType' | 'batteryRange';

export const useMySessions = (page: number) =>
  useQuery({
    queryKey: chargingKeys.sessionList({ page }),
    queryFn: ({ signal }) => apiGet<Paged<SessionView>>(api.sessions, { page, pageSize: SESSIONS_PAGE_SIZE }, signal),
  });

export const useMySession = (sessionId: string) =>
  useQuery({
    queryKey: chargingKeys.session(sessionId),
    queryFn: ({ signal }) => apiGet<SessionDetailView>(api.session(sessionId), undefined, signal),
  });

/** The wallet's pages: page n holds the next transactions; the balance and total count come from the latest page. */
export const useWallet = (filter: WalletFilter) =>
  useInfiniteQuery({
    queryKey: chargingKeys.walletList(filter),
    initialPageParam: 1,
    queryFn: ({ pageParam, signal }) => apiGet<WalletView>(api.wallet, { filter, page: pageParam, pageSize: WALLET_PAGE_SIZE }, signal),
    getNextPageParam: (last, pages, lastPage) => {
      const loaded = pages.reduce((n, p) => n + p.transactionsDates.reduce((m, d) => m + d.transactions.length, 0), 0);
      return loaded < last.totalCount && last.transactionsDates.length > 0 ? lastPage + 1 : undefined;
    },
  });

export const usePayment = (paymentId: string | null, poll: boolean) =>
  useQuery({
    queryKey: chargingKeys.payment(paymentId ?? ''),
    enabled: paymentId !== null,
    queryFn: ({ signal }) => apiGet<PaymentView>(api.payment(paymentId ?? ''), undefined, signal),
    refetchInterval: (query) => (poll && (query.state.data?.status ?? 'pending') === 'pending' ? 2000 : false),
  });

export const useNotifications = () =>
  useInfiniteQuery({
    queryKey: chargingKeys.notificationList,
    initialPageParam: 1,
    queryFn: ({ pageParam, signal }) => apiGet<NotificationsView>(api.notifications, { page: pageParam, pageSize: NOTIFICATIONS_PAGE_SIZE }, signal),
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
    queryFn: ({ signal }) => apiGet<NotificationsView>(api.notifications, { page: 1, pageSize: 1 }, signal),
    select: (v) => v.unseenCount,
  });

export const useMyCars = () =>
  useQuery({
    queryKey: chargingKeys.cars,
    queryFn: ({ signal }) => apiGet<Paged<CarView>>(api.cars, { pageSize: 100 }, signal),
  });

export const useCatalog = (kind: CatalogKind, parentId: string | null, enabled = true) =>
  useQuery({
    queryKey: chargingKeys.catalog(kind, parentId),
    enabled,
    staleTime: 5 * 60_000,
    queryFn: ({ signal }) =>
      apiGet<Paged<CarOptionView>>(api.catalog, { kind, ...(parentId ? { parentId } : {}) }, signal),
    select: (page) => page.dataList.filter((item) => item.isActive),
  });

export const useChargerLookup = (serialNumber: string | null) =>
  useQuery({
    queryKey: chargingKeys.lookup(serialNumber ?? ''),
    enabled: serialNumber !== null,
    retry: false,
    queryFn: ({ signal }) => apiGet<StationView>(api.chargerLookup, { serialNumber }, signal),
  });

export const useStationsForStart = (q: string) =>
  useQuery({
    queryKey: ['stations', 'list', { q, pageSize: 50, start: true }],
    queryFn: ({ signal }) => apiGet<Paged<StationView>>(api.stations, { q: q || undefined, pageSize: 50 }, signal),
  });

export const useStationForStart = (stationId: string | null) =>
  useQuery({
    queryKey: ['stations', 'detail', stationId ?? ''],
    enabled: stationId !== null,
    queryFn: ({ signal }) => apiGet<StationView>(api.station(stationId ?? ''), undefined, signal),
  });

export const usePricingNow = () =>
  useQuery({ queryKey: ['pricing'], queryFn: ({ signal }) => apiGet<PricingView>(api.pricing, undefined, signal), staleTime: 5 * 60_000 });

/** A command that invalidates `roots` once it is recorded. */
function useCommand<B, R = CommandResult>(path: string, roots: readonly (readonly string[])[]) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: B) => apiPost<R>(path, body),
    onSuccess: () => Promise.all(roots.map((queryKey) => client.invalidateQueries({ queryKey }))),
  });
}

export const useStartSession = () => useCommand<StartSession>(api.startSession, [chargingKeys.sessions]);
export const useStopSession = () => useCommand<SessionRef>(api.stopSession, [chargingKeys.sessions]);
export const useTopUp = () => useCommand<StartTopUp, TopUpResult>(api.topUp, []);
export const useMarkSeen = () => useCommand<MarkNotificationsSeen>(api.markSeen, [chargingKeys.notifications]);
export const useRegisterCar = () => useCommand<RegisterCar>(api.registerCar, [chargingKeys.cars]);

/** `POST /api/files` (multipart: `file`, `purpose`); the browser sets the boundary. */
export function uploadLicence(file: File): Promise<FileInfo> {
  const form = new FormData();
  form.append('file', file);
  form.append('purpose', 'licence');
  return apiRequest<FileInfo>(api.upload, { method: 'POST', body: form });
}
