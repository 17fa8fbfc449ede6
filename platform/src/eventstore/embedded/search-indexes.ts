import { categoryOf, type EventIndexKey } from '../../ports/event-store';
import { HashTable31 } from './hash-table';
import { hash31 } from './indexes';

/** A correlation's entry at or above this is a list (its index in `correlationLists` + this), below it a position. */
const LIST = 0x8000_0000;

/** An ascending list of positions in a growable typed array (4 bytes per entry instead of a JS array's 8+). */
export class PositionList {
  private items = new Uint32Array(4);
  length = 0;

  push(position: number): void {
    if (this.length === this.items.length) {
      const bigger = new Uint32Array(this.items.length * 2);
      bigger.set(this.items);
      this.items = bigger;
    }
    this.items[this.length++] = position;
  }

  at(index: number): number {
    return this.items[index]!;
  }

  /** How many entries are ≤ limit. */
  countAtOrBelow(limit: number): number {
    let lo = 0;
    let hi = this.length;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if (this.items[mid]! <= limit) lo = mid + 1;
      else hi = mid;
    }
    return lo;
  }
}

/** What the search indexes need of each event (replay reads only these fields of a record). */
export interface SearchFields {
  position: number;
  streamId: string;
  type?: string;
  recordedAt?: string;
  correlationId?: string;
}

/** An ascending sequence of positions (a JS array of a stream, or a PositionList). */
export interface Positions {
  readonly length: number;
  at(index: number): number | undefined;
}

/**
 * The embedded store's search indexes, rebuilt at open and kept in step by every append: positions by event type, by
 * stream category and by correlation id (hashed; a lookup may return a few strangers, which the reader drops), and
 * the time each position was recorded (ms), so a time window becomes a position range by binary search. About
 * 20 bytes per event. Streams have their own index in the store (stream → positions).
 */
export class SearchIndexes {
  private readonly byType = new Map<string, PositionList>();
  private readonly byCategory = new Map<string, PositionList>();
  /**
   * Correlation hash → its one position, or its list of them: a typed table, as the event ids' (a Map of one entry
   * per correlation would stop at 2^24 of them, and its table is tagged slots for the collector to walk).
   */
  private readonly byCorrelation = new HashTable31();
  private readonly correlationLists: PositionList[] = [];
  private times = new Float64Array(1024);
  private last = 0;

  add(event: SearchFields): void {
    const { position } = event;
    append(this.byCategory, categoryOf(event.streamId), position);
    if (event.type !== undefined) append(this.byType, event.type, position);
    if (event.correlationId !== undefined) {
      if (position >= LIST) throw new RangeError(`position ${position} is past what the correlation index holds`);
      const key = hash31(event.correlationId);
      const held = this.byCorrelation.first(key);
      if (held === undefined) this.byCorrelation.add(key, position);
      else if (held < LIST) {
        const list = new PositionList();
        list.push(held);
        list.push(position);
        this.byCorrelation.replaceFirst(key, LIST + this.correlationLists.length);
        this.correlationLists.push(list);
      } else this.correlationLists[held - LIST]!.push(position);
    }
    if (position >= this.times.length) {
      const bigger = new Float64Array(Math.max(this.times.length * 2, position + 1));
      bigger.set(this.times);
      this.times = bigger;
    }
    // Unknown or unreadable times inherit the previous one, so the array stays ascending for the binary search.
    const at = event.recordedAt ? isoMs(event.recordedAt) : NaN;
    this.times[position] = Number.isFinite(at)
      ? Math.max(at, position > 1 ? this.times[position - 1]! : 0)
      : (this.times[position - 1] ?? 0);
    this.last = Math.max(this.last, position);
  }

  /** Positions of an index other than a stream's or $all (those the store answers itself); an empty list when none. */
  positions(key: Exclude<EventIndexKey, { kind: 'all' } | { kind: 'stream' }>): Positions {
    switch (key.kind) {
      case 'type':
        return this.byType.get(key.type) ?? EMPTY;
      case 'category':
        return this.byCategory.get(key.category) ?? EMPTY;
      case 'correlation': {
        const held = this.byCorrelation.first(hash31(key.correlationId));
        if (held === undefined) return EMPTY;
        return held < LIST ? [held] : this.correlationLists[held - LIST]!;
      }
    }
  }

  /** The first position ≤ `last` recorded at or after `ms`, or last + 1. */
  positionAt(ms: number, last: number): number {
    let lo = 1;
    let hi = Math.min(last, this.last) + 1;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if (this.times[mid]! < ms) lo = mid + 1;
      else hi = mid;
    }
    return lo > Math.min(last, this.last) ? last + 1 : lo;
  }
}

const EMPTY: Positions = [];

const digit = (s: string, i: number) => s.charCodeAt(i) - 48;
const number = (s: string, from: number, length: number) => {
  let n = 0;
  for (let i = from; i < from + length; i++) n = n * 10 + digit(s, i);
  return n;
};

/** Milliseconds of an ISO-8601 UTC time as the store writes it (`2026-03-01T10:00:00.000Z`), fast; else Date.parse. */
export function isoMs(iso: string): number {
  if (iso.length !== 24 || iso.charCodeAt(23) !== 90 /* Z */ || iso.charCodeAt(10) !== 84 /* T */) return Date.parse(iso);
  return Date.UTC(
    number(iso, 0, 4),
    number(iso, 5, 2) - 1,
    number(iso, 8, 2),
    number(iso, 11, 2),
    number(iso, 14, 2),
    number(iso, 17, 2),
    number(iso, 20, 3),
  );
}

function append(map: Map<string, PositionList>, key: string, position: number): void {
  let list = map.get(key);
  if (!list) map.set(key, (list = new PositionList()));
  list.push(position);
}

/** How many entries of an ascending sequence are ≤ limit. */
export function countUpTo(positions: Positions, limit: number): number {
  if (positions instanceof PositionList) return positions.countAtOrBelow(limit);
  let lo = 0;
  let hi = positions.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (positions.at(mid)! <= limit) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}
