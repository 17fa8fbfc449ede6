import { cairoDate } from '@evc/contracts';

/** Calendar days in Egypt's time zone (the wallet and notification lists group by them). */
const cairo = new Intl.DateTimeFormat('en-CA', {
  timeZone: 'Africa/Cairo',
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  hourCycle: 'h23',
});

function parts(instant: number) {
  const p = Object.fromEntries(cairo.formatToParts(instant).map((x) => [x.type, x.value]));
  return { date: `${p.year}-${p.month}-${p.day}`, hour: Number(p.hour) };
}

const HOUR_MS = 3_600_000;
/** Cairo's date of each UTC hour asked lately: its offsets are whole hours, so every instant of a UTC hour has one date. */
const dateOfHour = new Map<number, string>();
const HOURS_KEPT = 4096;

/**
 * YYYY-MM-DD of an ISO instant in Africa/Cairo. Found once per UTC hour (`formatToParts` for every
 * notification's event is a cost a burst of starts feels).
 */
export function cairoDateKey(iso: string): string {
  const hour = Math.floor(Date.parse(iso) / HOUR_MS);
  let date = dateOfHour.get(hour);
  if (date === undefined) {
    if (Number.isNaN(hour)) return parts(Number.NaN).date;
    date = cairoDate(hour * HOUR_MS);
    if (dateOfHour.size >= HOURS_KEPT) dateOfHour.clear();
    dateOfHour.set(hour, date);
  }
  return date;
}

/** The UTC instant (ISO) at which a Cairo calendar day begins (Egypt is UTC+2, UTC+3 in summer time). */
export function cairoDayStart(date: string): string {
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  for (const offsetHours of [2, 3]) {
    const candidate = Date.UTC(y, m - 1, d) - offsetHours * 3_600_000;
    const p = parts(candidate);
    if (p.date === date && p.hour === 0) return new Date(candidate).toISOString();
  }
  return new Date(Date.UTC(y, m - 1, d) - 2 * 3_600_000).toISOString();
}
