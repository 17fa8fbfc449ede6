import { describe, expect, it } from 'vitest';
import { toFieldErrors } from '../shared/errors';
import { addDays, cairoDate, cairoInstant, cairoWallClock } from '../shared/cairo-time';
import { bookedMinutes, bookingFee, noShowAt, reservationIdOf, slotEndsAt } from './fee';
import { createBookingSchema, isOpenBooking, staffCancelBookingSchema } from './schemas';

const valid = {
  bookingId: '0b6f9a54-3f7e-4f7a-9f1e-0d4c1c2b3a4d',
  carId: 'car-1',
  stationId: 'st-1',
  connectorType: 'Type2',
  date: '2026-03-10',
  time: '18:30',
  durationMinutes: 60,
};
const codes = (input: unknown) => {
  const parsed = createBookingSchema.safeParse(input);
  return parsed.success ? [] : toFieldErrors(parsed.error).map((e) => `${e.path}:${e.code}`);
};

describe('the booking form schema', () => {
  it('accepts a whole booking and reads Eastern Arabic digits in the date, the time and the duration', () => {
    expect(createBookingSchema.parse(valid)).toMatchObject({ date: '2026-03-10', time: '18:30', durationMinutes: 60 });
    const arabic = createBookingSchema.parse({ ...valid, date: '٢٠٢٦-٠٣-١٠', time: '٨:٠٥', durationMinutes: '٩٠' });
    expect(arabic).toMatchObject({ date: '2026-03-10', time: '08:05', durationMinutes: 90 });
  });

  it('names what is missing or wrong with codes the form translates', () => {
    expect(codes({ ...valid, carId: '' })).toContain('carId:car_required');
    expect(codes({ ...valid, stationId: undefined })).toContain('stationId:station_required');
    expect(codes({ ...valid, connectorType: '' })).toContain('connectorType:connector_type_required');
    expect(codes({ ...valid, time: '' })).toEqual(['time:time_required']);
    expect(codes({ ...valid, time: '24:00' })).toEqual(['time:invalid_time']);
    expect(codes({ ...valid, time: '7pm' })).toEqual(['time:invalid_time']);
    expect(codes({ ...valid, durationMinutes: 20 })).toEqual(['durationMinutes:invalid_duration']);
    expect(codes({ ...valid, durationMinutes: 300 })).toEqual(['durationMinutes:invalid_duration']);
  });

  it('takes a staff fee of 0 (none) but not an empty or negative one', () => {
    const base = { bookingId: valid.bookingId, reason: 'charger broke' };
    expect(staffCancelBookingSchema.parse({ ...base, feeEgp: '٠' }).feeEgp).toBe(0);
    expect(staffCancelBookingSchema.parse({ ...base, feeEgp: '12.5' }).feeEgp).toBe(12.5);
    expect(staffCancelBookingSchema.safeParse({ ...base, feeEgp: '' }).success).toBe(false);
    expect(staffCancelBookingSchema.safeParse({ ...base, feeEgp: -1 }).success).toBe(false);
    expect(staffCancelBookingSchema.safeParse({ ...base, feeEgp: 1, reason: '   ' }).success).toBe(false);
  });
});

describe('Cairo wall-clock time', () => {
  it('reads a winter and a summer time at the right offset (UTC+2, UTC+3)', () => {
    expect(cairoInstant('2026-01-15', '18:30')).toBe('2026-01-15T16:30:00.000Z');
    expect(cairoInstant('2026-07-15', '18:30')).toBe('2026-07-15T15:30:00.000Z');
    expect(cairoWallClock('2026-07-15T15:30:00.000Z')).toEqual({ date: '2026-07-15', time: '18:30' });
  });

  it('has no instant for an impossible date', () => {
    expect(cairoInstant('2026-02-30', '10:00')).toBeNull();
    expect(addDays('2026-02-28', 1)).toBe('2026-03-01');
  });
});

describe('the booking fee', () => {
  it('counts every started minute since confirmation, never more than the duration', () => {
    const at = '2026-01-15T10:00:00.000Z';
    expect(bookedMinutes(at, at, 60)).toBe(0);
    expect(bookedMinutes(at, '2026-01-15T10:00:00.500Z', 60)).toBe(1);
    expect(bookedMinutes(at, '2026-01-15T10:07:00.000Z', 60)).toBe(7);
    expect(bookedMinutes(at, '2026-01-15T10:07:01.000Z', 60)).toBe(8);
    expect(bookedMinutes(at, '2026-01-16T10:00:00.000Z', 60)).toBe(60);
    expect(bookedMinutes(at, '2026-01-15T09:00:00.000Z', 60)).toBe(0);
    expect(bookingFee(8, 50)).toBe(400);
  });

  it('decides a no-show after the grace period, at most at the end of the slot', () => {
    expect(noShowAt('2026-01-15T10:00:00.000Z', 60, 15)).toBe('2026-01-15T10:15:00.000Z');
    expect(noShowAt('2026-01-15T10:00:00.000Z', 15, 20)).toBe('2026-01-15T10:15:00.000Z');
  });

  it('derives a stable positive 31-bit reservation id from the booking id', () => {
    const id = reservationIdOf(valid.bookingId);
    expect(id).toBe(reservationIdOf(valid.bookingId));
    expect(id).toBeGreaterThan(0);
    expect(id).toBeLessThanOrEqual(2_147_483_647);
    expect(reservationIdOf('0b6f9a54-3f7e-4f7a-9f1e-0d4c1c2b3a4e')).not.toBe(id);
  });
});

describe('the rules every layer shares', () => {
  it('counts confirmed and active bookings as open, and none that is over', () => {
    expect(['confirmed', 'active', 'fulfilled', 'cancelled', 'expired', 'failed'].filter((s) => isOpenBooking(s as never))).toEqual([
      'confirmed',
      'active',
    ]);
  });

  it('ends a slot its duration after its start', () => {
    expect(slotEndsAt('2026-03-10T16:30:00.000Z', 90)).toBe('2026-03-10T18:00:00.000Z');
  });

  it("reads today's date on Cairo's clock, not UTC's", () => {
    expect(cairoDate('2026-03-10T21:30:00.000Z')).toBe('2026-03-10');
    expect(cairoDate('2026-03-10T22:30:00.000Z')).toBe('2026-03-11');
    expect(cairoDate(new Date('2026-07-10T21:30:00.000Z'))).toBe('2026-07-11');
  });
});
