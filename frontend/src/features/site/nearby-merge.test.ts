import { describe, expect, it } from 'vitest';
import { mergeNearby, mergeNearbyPages } from './nearby-merge';

const s = (id: string, distanceM = 0) => ({ stationId: id, distanceM });

describe('nearby stations list', () => {
  it('an initial load replaces the list', () => {
    expect(mergeNearby([s('a'), s('b')], [s('c')], true).map((x) => x.stationId)).toEqual(['c']);
  });

  it('a later load appends without duplicates, keeping order', () => {
    const out = mergeNearby([s('a'), s('b')], [s('b'), s('c'), s('c'), s('d')], false);
    expect(out.map((x) => x.stationId)).toEqual(['a', 'b', 'c', 'd']);
  });

  it('a station seen again keeps its place but takes the fresh data', () => {
    const out = mergeNearby([s('a', 100), s('b', 200)], [s('a', 150)], false);
    expect(out).toEqual([s('a', 150), s('b', 200)]);
  });

  it('an initial load with duplicates is deduplicated too', () => {
    expect(mergeNearby([], [s('a'), s('a')], true)).toHaveLength(1);
  });

  it('merges loaded pages: first replaces, later pages append', () => {
    const station = (id: string) => ({ stationId: id }) as never;
    const merged = mergeNearbyPages([
      { dataList: [station('a'), station('b')], totalCount: 4 },
      { dataList: [station('b'), station('c')], totalCount: 4 },
    ]);
    expect(merged.dataList.map((x: { stationId: string }) => x.stationId)).toEqual(['a', 'b', 'c']);
    expect(merged.totalCount).toBe(4);
  });
});
