import type { Locale } from '@evc/contracts/shared';
import { intlLocale } from './format';

/**
 * Every time shown to a person is Cairo time (Africa/Cairo, with Egypt's daylight saving as the time-zone database
 * has it), whatever the zone of the browser: a customer in Cairo and an engineer on call abroad read the same clock.
 * This module is the only place that formats instants (a test keeps it so).
 */
export const CAIRO_TIME_ZONE = 'Africa/Cairo';

export type TimeStyle = 'date' | 'time' | 'timeSeconds' | 'dateTime' | 'dateTimeSeconds' | 'slot';

const STYLES: Record<TimeStyle, Intl.DateTimeFormatOptions> = {
  date: { dateStyle: 'medium' },
  time: { timeStyle: 'short' },
  timeSeconds: { timeStyle: 'medium' },
  dateTime: { dateStyle: 'medium', timeStyle: 'short' },
  dateTimeSeconds: { dateStyle: 'medium', timeStyle: 'medium' },
  /** A booking's slot: "Tue 15 Jan, 18:00". */
  slot: { weekday: 'short', day: 'numeric', month: 'short', hour: '2-digit', minute: '2-digit' },
};

const formats = new Map<string, Intl.DateTimeFormat>();
function formatter(locale: Locale | 'wall', style: TimeStyle | 'wall'): Intl.DateTimeFormat {
  const key = `${locale}:${style}`;
  let f = formats.get(key);
  if (!f) {
    f =
      style === 'wall'
        ? new Intl.DateTimeFormat('en-CA', {
            timeZone: CAIRO_TIME_ZONE,
            year: 'numeric',
            month: '2-digit',
            day: '2-digit',
            hour: '2-digit',
            minute: '2-digit',
            second: '2-digit',
            hourCycle: 'h23',
          })
        : new Intl.DateTimeFormat(intlLocale(locale as Locale), { ...STYLES[style], timeZone: CAIRO_TIME_ZONE });
    formats.set(key, f);
  }
  return f;
}

/** An instant (ISO-8601, epoch ms or Date) in Cairo time, in the UI language's words and digits. */
export const formatCairo = (at: string | number | Date, locale: Locale, style: TimeStyle = 'dateTime'): string =>
  formatter(locale, style).format(new Date(at));

/** Two instants as one range in Cairo time ("Tue 15 Jan, 18:00 – 19:00"), the shared parts written once. */
export const formatCairoRange = (
  from: string | number | Date,
  to: string | number | Date,
  locale: Locale,
  style: TimeStyle = 'slot',
): string => formatter(locale, style).formatRange(new Date(from), new Date(to));

/** Cairo's wall clock at an instant, as the fields of a UTC date (so Date.UTC arithmetic works on it). */
function wallClock(ms: number): number {
  const p = Object.fromEntries(
    formatter('wall', 'wall')
      .formatToParts(new Date(ms))
      .map((x) => [x.type, x.value]),
  );
  return Date.UTC(Number(p.year), Number(p.month) - 1, Number(p.day), Number(p.hour) % 24, Number(p.minute), Number(p.second));
}

/** Minutes Cairo is ahead of UTC at an instant: 120, or 180 in summer time. */
export const cairoOffsetMinutes = (at: string | number | Date): number => {
  const second = Math.floor(new Date(at).getTime() / 1000) * 1000;
  return Math.round((wallClock(second) - second) / 60_000);
};

const pad = (n: number) => String(n).padStart(2, '0');

/** `YYYY-MM-DDTHH:mm` of an instant in Cairo: the value of a `datetime-local` input labelled "Cairo time". */
export function toCairoInput(at: string | number | Date): string {
  const d = new Date(wallClock(new Date(at).getTime()));
  return `${d.getUTCFullYear()}-${pad(d.getUTCMonth() + 1)}-${pad(d.getUTCDate())}T${pad(d.getUTCHours())}:${pad(d.getUTCMinutes())}`;
}

/**
 * A Cairo wall-clock `YYYY-MM-DDTHH:mm` (a `datetime-local` value) as ISO-8601 UTC, or null when it is not one. The
 * autumn change's repeated hour means its first occurrence; the spring change's skipped hour, winter time.
 */
export function fromCairoInput(text: string): string | null {
  const m = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})(?::(\d{2}))?$/.exec(text.trim());
  if (!m) return null;
  const asUtc = Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3]), Number(m[4]), Number(m[5]), Number(m[6] ?? 0));
  if (Number.isNaN(asUtc)) return null;
  // Cairo is UTC+3 in summer, UTC+2 otherwise: the earliest instant whose Cairo clock reads the text
  const ms = [180, 120].map((offset) => asUtc - offset * 60_000).find((t) => wallClock(t) === asUtc);
  return new Date(ms ?? asUtc - 120 * 60_000).toISOString();
}
