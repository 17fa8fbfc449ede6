import type { Query, QueryClient } from '@tanstack/react-query';
import type { LiveChange } from '@evc/contracts/site';
import { READ_MODELS, type ReadModelName } from '@evc/contracts/shared';
import { pathOf } from './api';

/** Which query-key roots each read model (as the server names it in a change) refreshes. */
export type LiveKeyRoots = Partial<Record<ReadModelName, readonly string[]>>;

/**
 * Which query-key roots a server read model feeds. A station change also moves the network figures and the
 * per-governorate station counts; prices live in the `pricing_history` read model.
 */
export const LIVE_KEY_ROOTS: LiveKeyRoots = {
  [READ_MODELS.stations]: ['stations', 'network-stats', 'governorates'],
  [READ_MODELS.governorates]: ['governorates'],
  [READ_MODELS.pricing]: ['pricing'],
};

/**
 * The staff screens' mapping: the admin station list (query key `['stations', 'list', …]`) embeds the staff charger
 * view, which lives in the `chargers` read model (online, connector status, firmware, heartbeat). Kept apart from
 * LIVE_KEY_ROOTS so a charger-only change does not refetch the public pages.
 */
export const ADMIN_LIVE_KEY_ROOTS: LiveKeyRoots = {
  [READ_MODELS.stations]: ['stations'],
  [READ_MODELS.chargers]: ['stations'],
  [READ_MODELS.governorates]: ['governorates'],
  // staff activity: they come on /api/live/me (features/smart-charging follows them there)
  [READ_MODELS.siteLoad]: ['site_load'],
  [READ_MODELS.siteLoadPoints]: ['site_load'],
  // the on-call inbox (features/alerts follows it on /api/live/me)
  [READ_MODELS.alerts]: ['alerts'],
  // firmware files and campaigns (features/firmware follows them on /api/live/me)
  [READ_MODELS.firmwareFiles]: ['firmware'],
  [READ_MODELS.firmwareCampaigns]: ['firmware'],
};

/** The read models the server streams changes of, and which query-key roots each invalidates. */
export function keyRootsFor(change: LiveChange, follow: readonly string[], roots: LiveKeyRoots = LIVE_KEY_ROOTS): string[] {
  return (roots[change.collection as ReadModelName] ?? []).filter((root) => follow.includes(root));
}

/**
 * Subscribes to `/api/live` (SSE `change` events: `{collection, ids?, position}`) and invalidates the queries
 * built on a changed read model. `follow` lists the query-key roots this page cares about; `roots` maps collections
 * to query-key roots (the public mapping unless a staff screen passes ADMIN_LIVE_KEY_ROOTS).
 */
export function subscribeLiveUpdates(
  queryClient: QueryClient,
  follow: readonly string[],
  roots: LiveKeyRoots = LIVE_KEY_ROOTS,
): () => void {
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
  // Each time the stream (re)opens: the followed queries answered before it listened read again, since a change made
  // in between reached no stream (after a dropped connection, all of them).
  source.addEventListener('open', () => {
    const openedAt = Date.now();
    const readBefore = (query: Query) => query.state.dataUpdatedAt > 0 && query.state.dataUpdatedAt <= openedAt;
    for (const root of new Set(follow)) void queryClient.invalidateQueries({ queryKey: [root], predicate: readBefore });
  });
  return () => source.close();
}
