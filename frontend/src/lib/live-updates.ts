import type { QueryClient } from '@tanstack/react-query';
import type { LiveChange } from '@evc/contracts/site';
import { pathOf } from './api';

/**
 * Which query-key roots a server read model feeds. A station change also moves the network figures and the
 * per-governorate station counts; prices live in the `pricing_history` read model.
 */
export const LIVE_KEY_ROOTS: Record<string, readonly string[]> = {
  stations: ['stations', 'network-stats', 'governorates'],
  governorates: ['governorates'],
  pricing_history: ['pricing'],
};

/**
 * The staff screens' mapping: the admin station list (query key `['stations', 'list', …]`) embeds the staff charger
 * view, which lives in the `chargers` read model (online, connector status, firmware, heartbeat). Kept apart from
 * LIVE_KEY_ROOTS so a charger-only change does not refetch the public pages.
 */
export const ADMIN_LIVE_KEY_ROOTS: Record<string, readonly string[]> = {
  stations: ['stations'],
  chargers: ['stations'],
  governorates: ['governorates'],
};

/** The read models the server streams changes of, and which query-key roots each invalidates. */
export function keyRootsFor(change: LiveChange, follow: readonly string[], roots: Record<string, readonly string[]> = LIVE_KEY_ROOTS): string[] {
  return (roots[change.collection] ?? []).filter((root) => follow.includes(root));
}

/**
 * Subscribes to `/api/live` (SSE `change` events: `{collection, ids?, position}`) and invalidates the queries
 * built on a changed read model. `follow` lists the query-key roots this page cares about; `roots` maps collections
 * to query-key roots (the public mapping unless a staff screen passes ADMIN_LIVE_KEY_ROOTS).
 */
export function subscribeLiveUpdates(queryClient: QueryClient, follow: readonly string[], roots: Record<string, readonly string[]> = LIVE_KEY_ROOTS): () => void {
  if (typeof EventSource === 'undefined') return () => undefined;
  const source = new EventSource(pathOf('live.changes', {}));
  const onChange = (event: MessageEvent<string>) => {
    let change: LiveChange;
    try {
      change = JSON.parse(event.data) as LiveChange;
    } catch {
      return;
    }
    if (typeof change?.collection !== 'string') return;
    for (const root of new Set(keyRootsFor(change, follow, roots))) void queryClient.invalidateQueries({ queryKey: [root] });
  };
  source.addEventListener('change', onChange as EventListener);
  return () => source.close();
}
