import { describe, expect, it } from 'vitest';
import { cairoDate } from '../shared/cairo-time';
import { ageOn, isCalendarDate } from './age';
import { updatePersonalInfoSchema } from './schemas';

describe('age in whole years on a Cairo day', () => {
  it('turns a year older on the birthday, not the day before', () => {
    expect(ageOn('1990-04-12', '2026-04-11')).toBe(35);
    expect(ageOn('1990-04-12', '2026-04-12')).toBe(36);
    expect(ageOn('1990-12-31', '2026-01-01')).toBe(35);
  });

  it('one born on 29 February turns older on 1 March in a common year', () => {
    expect(ageOn('2004-02-29', '2026-02-28')).toBe(21);
    expect(ageOn('2004-02-29', '2026-03-01')).toBe(22);
  });

  it("today is Cairo's day: 22:30 UTC on 11 April is already 12 April in Cairo (UTC+2 then, UTC+3 in summer time)", () => {
    expect(cairoDate(new Date('2026-04-11T22:30:00Z'))).toBe('2026-04-12');
    expect(cairoDate(new Date('2026-07-11T20:59:00Z'))).toBe('2026-07-11');
    expect(cairoDate(new Date('2026-07-11T21:00:00Z'))).toBe('2026-07-12');
  });

  it('only real calendar days', () => {
    expect(isCalendarDate('2001-02-28')).toBe(true);
    expect(isCalendarDate('2001-02-29')).toBe(false);
    expect(isCalendarDate('2001-13-01')).toBe(false);
    expect(isCalendarDate('1/2/2001')).toBe(false);
  });
});

describe('the birth date of the personal info', () => {
  const base = {
    firstName: 'Mona',
    lastName: 'Hassan',
    email: 'mona@example.com',
    phone: '01012345678',
    address: '12 Nile Street',
    gender: 'female',
    pictureFileId: null,
    deliveryAddress: { sameAsHome: true },
  };
  const codes = (birthDate: unknown) => {
    const result = updatePersonalInfoSchema.safeParse({ ...base, birthDate });
    return result.success ? [] : result.error.issues.map((i) => (i as { params?: { code?: string } }).params?.code ?? i.code);
  };
  it('is optional, accepts Eastern Arabic digits, and refuses a day that does not exist or an age out of 16-120', () => {
    expect(codes(undefined)).toEqual([]);
    expect(codes(null)).toEqual([]);
    expect(updatePersonalInfoSchema.parse({ ...base, birthDate: '١٩٩٠-٠٤-١٢' }).birthDate).toBe('1990-04-12');
    expect(codes('1990-02-30')).toEqual(['date_invalid']);
    const year = Number(cairoDate(new Date()).slice(0, 4));
    expect(codes(`${year - 10}-01-01`)).toEqual(['age_min']);
    expect(codes(`${year - 130}-01-01`)).toEqual(['age_max']);
  });
});
