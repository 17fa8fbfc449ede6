import { describe, expect, it } from 'vitest';
import { cairoInputToIso, formatCairoDateTime, isoToCairoInput } from './cairo-time';

describe('Cairo wall time', () => {
  it('reads a datetime-local value as Cairo time, in winter (UTC+2) and in summer time (UTC+3)', () => {
    expect(cairoInputToIso('2026-01-15T14:30')).toBe('2026-01-15T12:30:00.000Z');
    expect(cairoInputToIso('2026-07-15T14:30')).toBe('2026-07-15T11:30:00.000Z');
    expect(cairoInputToIso('yesterday')).toBeNull();
  });

  it('writes an instant back as Cairo wall time and formats it to the second', () => {
    expect(isoToCairoInput('2026-07-15T11:30:00.000Z')).toBe('2026-07-15T14:30');
    expect(isoToCairoInput(cairoInputToIso('2026-01-15T00:05')!)).toBe('2026-01-15T00:05');
    expect(formatCairoDateTime('2026-01-15T12:30:05.000Z', 'en')).toBe('15 Jan 2026, 14:30:05');
    expect(formatCairoDateTime('2026-01-15T12:30:05.000Z', 'ar')).toMatch(/٢:٣٠:٠٥/); // Eastern Arabic digits, 12-hour clock
  });
});
