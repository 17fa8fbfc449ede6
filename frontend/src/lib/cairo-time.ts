import type { Locale } from '@evc/contracts/constants';
import { intlLocale } from './format';

const ZONE = 'Africa/Cairo';

/** A date and time in Cairo, to the second when `seconds` (event logs), in the UI language. */
export const formatCairoDateTime = (iso: string, locale: Locale, seconds = true): string =>
  new Intl.DateTimeFormat(intlLocale(locale), { dateStyle: 'medium', timeStyle: seconds ? 'medium' : 'short', timeZone: ZONE }).format(new Date(iso));

/** Cairo's offset from UTC (minutes) at an instant: +120 in winter, +180 in summer time. */
function cairoOffsetMinutes(at: number): number {
  const parts = new Intl.DateTimeFormat('en-US', { timeZone: ZONE, hourCycle: 'h23', year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit' }).formatToParts(new Date(at));
  const get = (type: string) => Number(parts.find((p) => p.type === type)?.value);
  return (Date.UTC(get('year'), get('month') - 1, get('day'), get('hour'), get('minute')) - Math.floor(at / 60_000) * 60_000) / 60_000;
}

/** A `datetime-local` value read as Cairo wall time ("2026-03-01T14:30") → ISO-8601 UTC; null when it is not one. */
export function cairoInputToIso(value: string): string | null {
  const m = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})(?::(\d{2}))?$/.exec(value);
  if (!m) return null;
  const wall = Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3]), Number(m[4]), Number(m[5]), Number(m[6] ?? 0));
  // Two rounds settle the offset on both sides of a summer-time change.
  let at = wall - cairoOffsetMinutes(wall) * 60_000;
  at = wall - cairoOffsetMinutes(at) * 60_000;
  return new Date(at).toISOString();
}

/** An instant as a `datetime-local` value in Cairo wall time. */
export function isoToCairoInput(iso: string): string {
  const at = Date.parse(iso);
  return new Date(at + cairoOffsetMinutes(at) * 60_000).toISOString().slice(0, 16);
}
