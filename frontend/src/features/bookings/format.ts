import type { Locale } from '@evc/contracts/shared';
import { formatCairo, formatCairoRange } from '../../lib/cairo-time';
import { formatNumber } from '../../lib/format';
import { formatWeekdayDay } from '../../lib/format-day';

/** A slot as people read it, in Cairo time: "Tue 15 Jan, 18:00 – 19:00". */
export const formatSlot = (startsAt: string, endsAt: string, locale: Locale): string => formatCairoRange(startsAt, endsAt, locale, 'slot');

/** A moment in Cairo time, short: "18:15". */
export const formatClock = (iso: string, locale: Locale): string => formatCairo(iso, locale, 'time');

/** A Cairo calendar day (YYYY-MM-DD) as "Tuesday 15 January". */
export const formatCairoDay = (date: string, locale: Locale): string => formatWeekdayDay(date, locale);

/** What is left of a countdown as H:MM:SS in the language's digits (never below zero). */
export function formatCountdown(ms: number, locale: Locale): string {
  const seconds = Math.max(0, Math.ceil(ms / 1000));
  const pad = (n: number) => formatNumber(n, locale, { minimumIntegerDigits: 2, useGrouping: false });
  return [
    formatNumber(Math.floor(seconds / 3600), locale, { useGrouping: false }),
    pad(Math.floor(seconds / 60) % 60),
    pad(seconds % 60),
  ].join(':');
}

/** Directions to a point in the driver's own maps app (an external link: no map service is built in). */
export const directionsUrl = (location: { lat: number; lng: number }) =>
  `https://www.google.com/maps/dir/?api=1&destination=${location.lat},${location.lng}`;
