import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api';

/** A charger's operations view lives under `chargers`, so a change to the charger's read model refreshes it. */
export const operationsKey = (chargerId: string, from: string, to: string | null) =>
  ['chargers', 'operations', chargerId, from, to] as const;

export const useChargerOperations = (chargerId: string, from: string, to: string | null) =>
  useQuery({
    queryKey: operationsKey(chargerId, from, to),
    refetchInterval: 15_000,
    queryFn: ({ signal }) => api.query('chargers.operations', { chargerId, from, ...(to ? { to } : {}) }, { signal }),
  });
