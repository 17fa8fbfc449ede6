import { describe, expect, it } from 'vitest';
import { EventIdIndex } from './event-id-index';
import { hash31 } from './indexes';

describe('the event id index', () => {
  it('finds every id at its position and no other, whatever their hashes share', () => {
    // A hash of 4 values: most ids collide, so every answer has to be confirmed by the id stored at a position.
    const stored = Array.from({ length: 200 }, (_, i) => `event-${i}`);
    const idAt = (position: number) => stored[position - 1]!;
    const index = new EventIdIndex((id) => hash31(id) % 4);
    stored.forEach((id, i) => index.add(id, i + 1));
    expect(index.size).toBe(200);
    stored.forEach((id, i) => expect(index.get(id, idAt)).toBe(i + 1));
    expect(index.get('event-200', idAt)).toBeUndefined();
    expect(index.get('', idAt)).toBeUndefined();
  });

  it('refuses an id that only shares the hash of one stored id', () => {
    const stored = Array.from({ length: 50 }, (_, i) => `event-${i}`);
    const idAt = (position: number) => stored[position - 1]!;
    const index = new EventIdIndex((id) => Number(id.split('-')[1])); // event-7 and other-7 share 7, alone
    stored.forEach((id, i) => index.add(id, i + 1));
    stored.forEach((id, i) => {
      expect(index.get(id, idAt)).toBe(i + 1);
      expect(index.get(`other-${i}`, idAt)).toBeUndefined();
    });
  });

  it('with the real hash, asks for the stored id only on a candidate (a fresh id seldom meets one)', () => {
    const stored = Array.from({ length: 20_000 }, (_, i) => `${i.toString(16).padStart(8, '0')}-4f1c-4b7e-9a2d-5e8c1f3a7b90`);
    let reads = 0;
    const idAt = (position: number) => {
      reads++;
      return stored[position - 1]!;
    };
    const index = new EventIdIndex();
    stored.forEach((id, i) => index.add(id, i + 1));
    expect(index.get(stored[12_345]!, idAt)).toBe(12_346);
    reads = 0;
    for (let i = 0; i < 20_000; i++) expect(index.get(`fresh-${i}`, idAt)).toBeUndefined();
    expect(reads).toBeLessThan(20); // about 20,000 × 20,000 / 2^31 ≈ 0.2 expected
  });
});
