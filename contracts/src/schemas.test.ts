import { describe, expect, it } from 'vitest';
import { toFieldErrors } from './shared/errors';
import { normalizeDigits } from './shared/digits';
import { submitContactRequestSchema } from './contact/schemas';
import { registerStationSchema } from './network/schemas';
import { stationsQuerySchema } from './network/views';
import { distanceMeters, geoCellOf, geoCellsAround } from './shared/geo';

const contact = {
  requestId: '7f0c1a52-3b8e-4c31-9a7e-2f4d7b6c8e10',
  fullName: 'Mona Hassan',
  email: 'mona@example.com',
  title: 'The charger at City Stars was offline',
  type: 'complaint',
  details: 'Both sockets showed a red light this morning.',
};

describe('contact request schema', () => {
  it('accepts a valid request', () => {
    expect(submitContactRequestSchema.safeParse(contact).success).toBe(true);
  });

  it.each([
    ['title', 'Too short', 'too_small'],
    ['title', 'x'.repeat(201), 'too_big'],
    ['fullName', 'M', 'too_small'],
    ['email', 'not-an-email', 'invalid_format'],
    ['details', '   ', 'too_small'],
    ['type', 'rant', 'invalid_value'],
  ])('rejects %s=%j with %s', (field, value, code) => {
    const result = submitContactRequestSchema.safeParse({ ...contact, [field]: value });
    expect(result.success).toBe(false);
    expect(toFieldErrors(result.error!)).toContainEqual(expect.objectContaining({ path: field, code }));
  });

  it('rejects unknown fields', () => {
    const result = submitContactRequestSchema.safeParse({ ...contact, admin: true });
    expect(toFieldErrors(result.error!)).toContainEqual(
      expect.objectContaining({ code: 'unrecognized_keys', params: expect.objectContaining({ keys: 'admin' }) }),
    );
  });
});

describe('digits', () => {
  it('turns Eastern Arabic digits and the Arabic decimal separator into ASCII', () => {
    expect(normalizeDigits('٠١٠١٢٣٤٥٦٧٨')).toBe('01012345678');
    expect(normalizeDigits('١٢٫٥ EGP')).toBe('12.5 EGP');
    expect(normalizeDigits('۹۸')).toBe('98');
  });
});

describe('station schema', () => {
  it('refuses a location outside Egypt', () => {
    const station = {
      stationId: 's1',
      nameEn: 'Athens',
      nameAr: 'أثينا',
      governorateId: 'eg-c',
      location: { lat: 37.98, lng: 23.72 },
      addressEn: 'Syntagma',
      addressAr: 'سينتاجما',
    };
    const result = registerStationSchema.safeParse(station);
    expect(toFieldErrors(result.error!)).toContainEqual(expect.objectContaining({ path: 'location', code: 'outside_egypt' }));
  });

  it('parses query strings: paging defaults, booleans, bounds', () => {
    expect(stationsQuerySchema.parse({})).toMatchObject({ page: 1, pageSize: 20 });
    expect(stationsQuerySchema.parse({ available: 'true', pageSize: '5' })).toMatchObject({ available: true, pageSize: 5 });
    expect(stationsQuerySchema.safeParse({ pageSize: '1000' }).success).toBe(false);
  });
});

describe('geo', () => {
  it('measures Cairo to Alexandria as about 180 km', () => {
    const km = distanceMeters({ lat: 30.0444, lng: 31.2357 }, { lat: 31.2001, lng: 29.9187 }) / 1000;
    expect(km).toBeGreaterThan(175);
    expect(km).toBeLessThan(185);
  });

  it('covers every point within the radius with the returned cells', () => {
    const centre = { lat: 30.05, lng: 31.23 };
    const cells = new Set(geoCellsAround(centre, 50_000));
    for (let i = 0; i < 500; i++) {
      const p = { lat: centre.lat + (Math.random() - 0.5), lng: centre.lng + (Math.random() - 0.5) * 1.2 };
      if (distanceMeters(centre, p) <= 50_000) expect(cells.has(geoCellOf(p))).toBe(true);
    }
  });

  it('gives up on cells (scan instead) for a country-wide radius', () => {
    expect(geoCellsAround({ lat: 27, lng: 31 }, 1_500_000)).toBeNull();
  });
});
