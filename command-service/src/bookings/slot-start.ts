import { BOOKING_RULES, addDays, cairoInstant, cairoWallClock, minuteOf } from '@evc/contracts';
import { field } from './bookings';

/**
 * The slot's start as an instant, judged at `now` (passed in, so the rule is pure): not in the past, not too far
 * ahead. The current minute is "now": a slot typed as HH:MM begins as soon as it is booked.
 */
export function slotStartOf(date: string, time: string, now: Date): string {
  const startsAt = cairoInstant(date, time);
  if (!startsAt) throw field('request.invalid', 'No such time in Cairo', 'time', 'invalid_time');
  if (minuteOf(startsAt) < minuteOf(now)) throw field('booking.start_in_past', 'The start time has passed', 'time', 'in_past');
  if (date > addDays(cairoWallClock(now).date, BOOKING_RULES.maxDaysAhead))
    throw field('booking.too_far_ahead', 'Book at most a week ahead', 'date', 'too_far_ahead');
  return Date.parse(startsAt) < now.getTime() ? now.toISOString() : startsAt;
}
