import { useQuery } from '@tanstack/react-query';
import type { Paged } from '@evc/contracts/api';
import type { GovernorateView } from '@evc/contracts/catalog/views';
import type { NetworkStats, PricingView } from '@evc/contracts/network/views';
import type { ClientConfig } from '@evc/contracts/site/schemas';
import { apiGet } from '../../../lib/api-client';
import { endpoints } from '../../../lib/endpoints';
import { queryKeys } from './query-keys';

export const useGovernorates = () =>
  useQuery({
    queryKey: queryKeys.governorates,
    queryFn: ({ signal }) => apiGet<Paged<GovernorateView>>(endpoints.governorates, undefined, signal),
    staleTime: 5 * 60_000,
  });

export const usePricing = () =>
  useQuery({
    queryKey: queryKeys.pricing,
    queryFn: ({ signal }) => apiGet<PricingView>(endpoints.pricing, undefined, signal),
    staleTime: 5 * 60_000,
  });

export const useNetworkStats = () =>
  useQuery({
    queryKey: queryKeys.networkStats,
    queryFn: ({ signal }) => apiGet<NetworkStats>(endpoints.networkStats, undefined, signal),
  });

export const useClientConfig = () =>
  useQuery({
    queryKey: queryKeys.clientConfig,
    queryFn: ({ signal }) => apiGet<ClientConfig>(endpoints.config, undefined, signal),
    staleTime: Infinity,
    retry: 1,
  });
