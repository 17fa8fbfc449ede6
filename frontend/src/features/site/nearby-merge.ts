import type { Paged } from '@evc/contracts/shared';
import type { StationView } from '@evc/contracts/network';

type Keyed = { stationId: string };

/**
 * docs/rules.md §4: the nearby list is replaced on an initial load, otherwise appended without duplicates.
 * A station seen again keeps its first position (its data is refreshed).
 */
export function mergeNearby<T extends Keyed>(current: readonly T[], incoming: readonly T[], initial: boolean): T[] {
  if (initial) return dedupe(incoming);
  const index = new Map(current.map((s, i) => [s.stationId, i]));
  const out = [...current];
  for (const station of incoming) {
    const at = index.get(station.stationId);
    if (at === undefined) {
      index.set(station.stationId, out.length);
      out.push(station);
    } else {
      out[at] = station;
    }
  }
  return out;
}

const dedupe = <T extends Keyed>(list: readonly T[]): T[] => mergeNearby([], list, false);

/** Flattens loaded pages: the first page replaces, each later page appends. */
export function mergeNearbyPages(pages: readonly Paged<StationView>[]): Paged<StationView> {
  const dataList = pages.reduce<StationView[]>((acc, page, i) => mergeNearby(acc, page.dataList, i === 0), []);
  return { dataList, totalCount: pages[pages.length - 1]?.totalCount ?? 0 };
}
