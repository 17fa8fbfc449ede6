/**
 * In-memory indexes rebuilt at open. Events themselves stay on disk: per event we keep a file offset
 * (8 bytes), a stream-position entry, an event id index entry (event-id-index.ts) and the search indexes' entries,
 * about 44 bytes in all, versus ~1 KB for a parsed event object.
 */

/** position → file offset of its record, dense because positions are 1, 2, 3, ... */
export class OffsetIndex {
  private offsets = new Float64Array(1024);

  /** Offset of the record at `position`; valid for 1 ≤ position ≤ last appended. */
  get(position: number): number {
    return this.offsets[position]!;
  }

  set(position: number, offset: number): void {
    if (position >= this.offsets.length) {
      const bigger = new Float64Array(Math.max(this.offsets.length * 2, position + 1));
      bigger.set(this.offsets);
      this.offsets = bigger;
    }
    this.offsets[position] = offset;
  }
}

/** Number of entries of an ascending array that are ≤ limit. */
export function countAtOrBelow(sorted: readonly number[], limit: number): number {
  let lo = 0;
  let hi = sorted.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (sorted[mid]! <= limit) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/** Index of `value` in an ascending array, or -1. */
export function indexOfSorted(sorted: readonly number[], value: number): number {
  const i = countAtOrBelow(sorted, value) - 1;
  return i >= 0 && sorted[i] === value ? i : -1;
}

/**
 * 31-bit FNV-1a of a string: a Smi, so a Map keyed by it holds no object per key (event ids, correlation ids; a
 * lookup confirms or filters what shares a hash).
 */
export function hash31(text: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return h >>> 1;
}
