import { useEffect } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { LIVE_KEY_ROOTS, subscribeLiveUpdates } from '../lib/live-updates';

/** The query-key roots the public pages follow live: every root a public read model's change refreshes. */
export const LIVE_COLLECTIONS: readonly string[] = [...new Set(Object.values(LIVE_KEY_ROOTS).flatMap((roots) => roots ?? []))];

/** Keeps station data live while the page is open (SSE → query invalidation). */
export function useLiveUpdates(collections: readonly string[] = LIVE_COLLECTIONS) {
  const queryClient = useQueryClient();
  const key = collections.join(',');
  useEffect(() => subscribeLiveUpdates(queryClient, key.split(',')), [queryClient, key]);
}
