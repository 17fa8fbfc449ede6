import { useEffect } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { subscribeLiveUpdates } from '../lib/live-updates';

/** The query-key roots the public pages follow live. */
export const LIVE_COLLECTIONS = ['stations', 'governorates', 'pricing', 'network-stats'] as const;

/** Keeps station data live while the page is open (SSE → query invalidation). */
export function useLiveUpdates(collections: readonly string[] = LIVE_COLLECTIONS) {
  const queryClient = useQueryClient();
  const key = collections.join(',');
  useEffect(() => subscribeLiveUpdates(queryClient, key.split(',')), [queryClient, key]);
}
