import { describe, expect, it } from 'vitest';
import { cairoDateKey, cairoDayStart } from './cairo-date';

const direct = new Intl.DateTimeFormat('en-CA', { timeZone: 'Africa/Cairo', year: 'numeric', month: '2-digit', day: '2-digit' });

describe('Cairo dates', () => {
  it('the date of every quarter hour of 2026 (both summer-time changes) is the one Intl gives for that instant', () => {
    const wrong: string[] = [];
    for (let t = Date.UTC(2026, 0, 1); t < Date.UTC(2027, 0, 1); t += 15 * 60_000) {
      // A minute before and after each quarter hour too: the kept date is per UTC hour, never per Cairo day.
      for (const at of [t - 60_000, t, t + 60_000]) {
        const iso = new Date(at).toISOString();
        if (cairoDateKey(iso) !== direct.format(at)) wrong.push(iso);
      }
    }
    expect(wrong).toEqual([]);
  });

  it('a day starts at Cairo midnight: UTC+2 in winter, UTC+3 in summer', () => {
    expect(cairoDayStart('2026-01-15')).toBe('2026-01-14T22:00:00.000Z');
    expect(cairoDayStart('2026-07-15')).toBe('2026-07-14T21:00:00.000Z');
    expect(cairoDateKey('2026-07-14T20:59:59.999Z')).toBe('2026-07-14');
    expect(cairoDateKey('2026-07-14T21:00:00.000Z')).toBe('2026-07-15');
  });

  it('an instant that is not one is refused, not given a date', () => {
    expect(() => cairoDateKey('not a time')).toThrow(RangeError);
  });
});
