import { describe, expect, it } from 'vitest';
import type { RecordedEvent } from '../../ports/event-store';
import { encodeRecord } from './record-codec';
import { RecentRecords } from './recent-records';

const event = (position: number, size = 0): RecordedEvent => ({
  position,
  streamId: `s-${position % 7}`,
  revision: position,
  eventId: `id-${position}`,
  type: 'T',
  recordedAt: '2026-11-29T06:00:00.000Z',
  metadata: { actor: { type: 'system', id: 'test' }, reason: 'test', correlationId: `c-${position}` } as RecordedEvent['metadata'],
  data: { position, pad: 'x'.repeat(size) },
});

/** The positions `recent` holds among 1..last. */
const held = (recent: RecentRecords, last: number) =>
  Array.from({ length: last }, (_, i) => i + 1).filter((p) => recent.read(p, p) !== null);

describe('RecentRecords', () => {
  it('answers the latest records as they were encoded, through many laps of its ring, and none it overwrote', () => {
    const recent = new RecentRecords(1, 4096);
    const sizes: number[] = [];
    // Sizes chosen so records end at every kind of place in the ring, including exactly at its end.
    for (let p = 1; p <= 500; p++) {
      const record = encodeRecord(event(p, (p * 37) % 300));
      sizes.push(record.length);
      recent.add(p, record);
      const kept = held(recent, p);
      // The newest is always held, and what is held is the newest run, no more bytes than the ring holds.
      expect(kept.at(-1)).toBe(p);
      expect(kept).toEqual(Array.from({ length: kept.length }, (_, i) => p - kept.length + 1 + i));
      expect(kept.reduce((sum, q) => sum + sizes[q - 1]!, 0)).toBeLessThanOrEqual(4096);
      // And no fewer than the ring less two records: the gap left at its end when a record starts at its beginning
      // rather than wrap, and the oldest record, partly overwritten.
      const written = sizes.reduce((sum, n) => sum + n, 0);
      expect(kept.reduce((sum, q) => sum + sizes[q - 1]!, 0)).toBeGreaterThanOrEqual(Math.min(written, 4096 - 2 * Math.max(...sizes)));
      for (const q of kept) expect(recent.read(q, q)).toEqual([event(q, (q * 37) % 300)]);
      expect(recent.eventIdAt(p)).toBe(`id-${p}`);
    }
    const kept = held(recent, 500);
    expect(recent.read(kept[0]!, 500)).toEqual(kept.map((q) => event(q, (q * 37) % 300)));
    expect(recent.read(kept[0]! - 1, 500)).toBeNull();
    expect(recent.eventIdAt(kept[0]! - 1)).toBeNull();
  });

  it('gives fresh objects each read', () => {
    const recent = new RecentRecords(1, 4096);
    recent.add(1, encodeRecord(event(1)));
    const [first] = recent.read(1, 1)!;
    (first!.data as { position: number }).position = 99;
    expect(recent.read(1, 1)).toEqual([event(1)]);
  });

  it('holds nothing of a record bigger than the ring, and the ones after it again', () => {
    const recent = new RecentRecords(1, 1024);
    recent.add(1, encodeRecord(event(1)));
    recent.add(2, encodeRecord(event(2, 2000)));
    expect(held(recent, 2)).toEqual([]);
    recent.add(3, encodeRecord(event(3)));
    expect(held(recent, 3)).toEqual([3]);
  });

  it('starts over at a position that does not follow the last, and holds nothing with no room at all', () => {
    const recent = new RecentRecords(1, 4096);
    recent.add(1, encodeRecord(event(1)));
    recent.add(2, encodeRecord(event(2)));
    recent.add(5, encodeRecord(event(5)));
    expect(held(recent, 5)).toEqual([5]);
    const none = new RecentRecords(1, 0);
    none.add(1, encodeRecord(event(1)));
    expect(none.read(1, 1)).toBeNull();
  });

  it('keeps its index through growth and compaction (many small records)', () => {
    const recent = new RecentRecords(1, 1 << 20);
    for (let p = 1; p <= 20_000; p++) recent.add(p, encodeRecord(event(p)));
    const kept = held(recent, 20_000);
    expect(kept.length).toBeGreaterThan(3000);
    expect(recent.read(kept[0]!, kept[0]! + 2)).toEqual([event(kept[0]!), event(kept[0]! + 1), event(kept[0]! + 2)]);
    expect(recent.read(20_000, 20_000)).toEqual([event(20_000)]);
  });
});
