import { useQuery } from '@tanstack/react-query';
import { api } from '../lib/api';

/** Reference data every page may show; the keys start with the read model each comes from. */
const referenceKeys = {
  governorates: ['governorates'] as const,
  pricing: ['pricing'] as const,
  networkStats: ['network-stats'] as const,
  clientConfig: ['client-config'] as const,
};

export const useGovernorates = () =>
  useQuery({
    queryKey: referenceKeys.governorates,
    queryFn: ({ signal }) => api.query('governorates.list', {}, { signal }),
    staleTime: 5 * 60_000,
  });

export const usePricing = () =>
  useQuery({
    queryKey: referenceKeys.pricing,
    queryFn: ({ signal }) => api.query('pricing.current', {}, { signal }),
    staleTime: 5 * 60_000,
  });

export const useNetworkStats = () =>
  useQuery({
    queryKey: referenceKeys.networkStats,
    queryFn: ({ signal }) => api.query('network.stats', {}, { signal }),
  });

export const useClientConfig = () =>
  useQuery({
    queryKey: referenceKeys.clientConfig,
    queryFn: ({ signal }) => api.query('site.config', {}, { signal }),
    staleTime: Infinity,
    retry: 1,
  });
