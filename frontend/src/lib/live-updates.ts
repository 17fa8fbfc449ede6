import type { QueryClient } from '@tanstack/react-query';
import type { LiveChange } from '@evc/contracts/site/schemas';
import { endpoints } from './endpoints';

/**
 * Which query-key roots a server read model feeds. A station change also moves the network figures and the
 * per-governorate station counts; prices live in the `pricing_history` read model.
 */
export const LIVE_KEY_ROOTS: Record<string, readonly string[]> = {
  stations: ['stations', 'network-stats', 'governorates'],
  governorates: ['governorates'],
  pricing_history: ['pricing'],
};

/** The read models the server streams changes of, and which query-key roots each invalidates. */
export function keyRootsFor(change: LiveChange, follow: readonly string[]): string[] {
  return (LIVE_KEY_ROOTS[change.collection] ?? []).filter((root) => follow.includes(root));
}

/**
 * Subscribes to `/api/live` (SSE `change` events: `{collection, ids?, position}`) and invalidates the queries
 * built on a changed read model. `follow` lists the query-key roots this page cares about.
 */
export function subscribeLiveUpdates(queryClient: QueryClient, follow: readonly string[]): () => void {
  if (typeof EventSource === 'undefined') return () => undefined;
  const source = new EventSource(endpoints.live);
  const onChange = (event: MessageEvent<string>) => {
    let change: LiveChange;
    try {
      change = JSON.parse(event.data) as LiveChange;
    } catch {
      return;
    }
    if (typeof change?.collection !== 'string') return;
    for (const root of keyRootsFor(change, follow)) void queryClient.invalidateQueries({ queryKey: [root] });
  };
  source.addEventListener('change', onChange as EventListener);
  return () => source.close();
}
