import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { queryKeys } from './query-keys';

export const useGovernorates = () =>
  useQuery({
    queryKey: queryKeys.governorates,
    queryFn: ({ signal }) => api.query('governorates.list', {}, { signal }),
    staleTime: 5 * 60_000,
  });

export const usePricing = () =>
  useQuery({
    queryKey: queryKeys.pricing,
    queryFn: ({ signal }) => api.query('pricing.current', {}, { signal }),
    staleTime: 5 * 60_000,
  });

export const useNetworkStats = () =>
  useQuery({
    queryKey: queryKeys.networkStats,
    queryFn: ({ signal }) => api.query('network.stats', {}, { signal }),
  });

export const useClientConfig = () =>
  useQuery({
    queryKey: queryKeys.clientConfig,
    queryFn: ({ signal }) => api.query('site.config', {}, { signal }),
    staleTime: Infinity,
    retry: 1,
  });
