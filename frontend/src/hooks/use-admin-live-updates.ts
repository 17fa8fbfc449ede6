import { useEffect } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { ADMIN_LIVE_KEY_ROOTS, subscribeLiveUpdates } from '../lib/live-updates';

/**
 * Keeps a staff screen's lists live while it is open (SSE `/api/live` → query invalidation), with the admin mapping:
 * a `stations` or `chargers` change reloads the station list and so the chargers' live state.
 */
export function useAdminLiveUpdates(follow: readonly string[]) {
  const queryClient = useQueryClient();
  const key = follow.join(',');
  useEffect(() => subscribeLiveUpdates(queryClient, key.split(','), ADMIN_LIVE_KEY_ROOTS), [queryClient, key]);
}
