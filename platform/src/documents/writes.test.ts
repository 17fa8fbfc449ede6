import { describe, expect, it } from 'vitest';
import { storedCopy } from './writes';

describe('storedCopy (a replacement as the memory store keeps it)', () => {
  it('puts _id first, keeps the other keys in order, and shares nothing with what it was given', () => {
    const nested = { readings: [{ wh: 10, at: new Date('2026-11-29T10:00:00Z') }], car: { make: 'BYD' } };
    const doc = { status: 'charging', _id: 'ignored', ...nested, none: null, missing: undefined };
    const stored = storedCopy('S-1', doc);
    expect(Object.keys(stored)).toEqual(['_id', 'status', 'readings', 'car', 'none', 'missing']);
    expect(stored).toEqual({
      _id: 'S-1',
      status: 'charging',
      readings: [{ wh: 10, at: new Date('2026-11-29T10:00:00Z') }],
      car: { make: 'BYD' },
      none: null,
      missing: undefined,
    });
    (stored.readings as { wh: number }[])[0]!.wh = 99;
    (stored.car as { make: string }).make = 'MG';
    expect(nested).toEqual({ readings: [{ wh: 10, at: new Date('2026-11-29T10:00:00Z') }], car: { make: 'BYD' } });
    expect(stored.readings).not.toBe(doc.readings);
    expect((stored.readings as { at: Date }[])[0]!.at).not.toBe(doc.readings[0]!.at);
  });
});
