/**
 * The booking fee (docs/rules.md §9): it accrues per minute from confirmation, each minute started counting whole,
 * and never exceeds the booked duration (what a no-show pays). Measured on the server's clock only. Integer piastres.
 */
export function bookedMinutes(confirmedAt: string, endedAt: string, durationMinutes: number): number {
  const elapsedMs = Date.parse(endedAt) - Date.parse(confirmedAt);
  if (!(elapsedMs > 0)) return 0;
  return Math.min(durationMinutes, Math.ceil(elapsedMs / 60_000));
}

export const bookingFee = (minutes: number, feePerMinute: number): number => minutes * feePerMinute;

/** The most a booking can cost: the whole duration at the fee (a no-show); the balance must cover it to book. */
export const maxBookingFee = (durationMinutes: number, feePerMinute: number): number => durationMinutes * feePerMinute;

/** The end of a slot (ISO-8601 UTC): its start plus its duration. */
export const slotEndsAt = (startsAt: string, durationMinutes: number): string =>
  new Date(Date.parse(startsAt) + durationMinutes * 60_000).toISOString();

/** The time a no-show is decided: the start plus the grace period, at most the end of the slot. */
export const noShowAt = (startsAt: string, durationMinutes: number, graceMinutes: number): string =>
  new Date(Date.parse(startsAt) + Math.min(graceMinutes, durationMinutes) * 60_000).toISOString();

/** The reservation id a charger gets (OCPP 1.6 reservationId / 2.0.1 id): a positive 31-bit integer derived from the booking id. */
export function reservationIdOf(bookingId: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < bookingId.length; i++) h = Math.imul(h ^ bookingId.charCodeAt(i), 0x01000193);
  return h >>> 1 || 1;
}
