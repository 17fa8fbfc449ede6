// One time zone. Every instant shown is Cairo time, whatever the browser's zone.
import { describe, expect, it } from 'vitest';
import { cairoOffsetMinutes, formatCairo, fromCairoInput, toCairoInput } from './cairo-time';

const sources = import.meta.glob<string>(['../**/*.{ts,tsx}', '!../**/*.test.{ts,tsx}', '!../testing/**'], {
  query: '?raw',
  import: 'default',
  eager: true,
});

describe('Cairo time', () => {
  it('shows what the customer saw: 17:36 UTC on a summer day is 20:36 in Cairo (UTC+3), 18:36 UTC in winter too', () => {
    expect(formatCairo('2025-07-15T17:36:00Z', 'en', 'time')).toBe('20:36');
    expect(formatCairo('2025-01-15T18:36:00Z', 'en', 'time')).toBe('20:36');
    expect(formatCairo('2025-07-15T17:36:00Z', 'ar', 'time')).toBe('٨:٣٦ م');
    expect(formatCairo('2025-07-15T17:36:00Z', 'en')).toBe('15 Jul 2025, 20:36');
    // the date is Cairo's: 22:30 UTC on the 15th is already the 16th there
    expect(formatCairo('2025-07-15T22:30:00Z', 'en', 'date')).toBe('16 Jul 2025');
  });

  it("follows Egypt's daylight saving (last Friday of April to the last Thursday of October since 2023)", () => {
    expect(cairoOffsetMinutes('2025-04-24T12:00:00Z')).toBe(120);
    expect(cairoOffsetMinutes('2025-04-25T12:00:00Z')).toBe(180);
    expect(cairoOffsetMinutes('2025-10-30T12:00:00Z')).toBe(180);
    expect(cairoOffsetMinutes('2025-10-31T12:00:00Z')).toBe(120);
  });

  it('datetime inputs are typed in Cairo time and sent as UTC, both ways, across the changes', () => {
    for (const iso of ['2025-07-15T17:36:00.000Z', '2025-01-15T18:36:00.000Z', '2025-04-25T09:00:00.000Z', '2025-10-31T09:00:00.000Z']) {
      expect(fromCairoInput(toCairoInput(iso))).toBe(iso);
    }
    expect(toCairoInput('2025-07-15T17:36:00Z')).toBe('2025-07-15T20:36');
    expect(fromCairoInput('2025-01-15T20:36')).toBe('2025-01-15T18:36:00.000Z');
    // 23:30 on the night clocks go back happens twice: the first one is meant
    expect(fromCairoInput('2025-10-30T23:30')).toBe('2025-10-30T20:30:00.000Z');
    expect(fromCairoInput('not a time')).toBeNull();
  });

  it('no screen formats an instant another way (browser zone, intl.formatDate, toLocale…String, getHours)', () => {
    const allowed = new Set(['./cairo-time.ts', './format.ts', './format-day.ts']);
    const offenders = Object.entries(sources)
      .filter(([file]) => !allowed.has(file))
      .flatMap(([file, text]) =>
        [
          /DateTimeFormat\(/,
          /\bintl\.format(Date|Time|DateToParts|TimeToParts)\(/,
          /<Formatted(Date|Time)\b/,
          /\.toLocale(Date|Time)?String\(/,
          /\.get(Hours|Minutes|Date|Month|FullYear|Day)\(\)/,
        ]
          .filter((pattern) => pattern.test(text))
          .map((pattern) => `${file}: ${pattern.source}`),
      );
    expect(offenders).toEqual([]);
  });
});
