/**
 * Cairo wall-clock time (Africa/Cairo: UTC+2, UTC+3 in summer time) and instants, with Intl only (no Node API), so the
 * booking form and the server read "today 18:30" the same way.
 */
const wallClock = new Intl.DateTimeFormat('en-CA', {
  timeZone: 'Africa/Cairo',
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
  hourCycle: 'h23',
});

/** Calendar days in Egypt: a person's age changes on their birthday as Cairo counts days, and "today" is Cairo's. */
const cairoDay = new Intl.DateTimeFormat('en-CA', { timeZone: 'Africa/Cairo', year: 'numeric', month: '2-digit', day: '2-digit' });

/** YYYY-MM-DD of an instant in Africa/Cairo: today in Cairo is `cairoDate(now)`. */
export const cairoDate = (at: Date | string | number): string => cairoDay.format(new Date(at));

/** The Cairo date (YYYY-MM-DD) and time (HH:MM) of an instant. */
export function cairoWallClock(at: Date | string | number): { date: string; time: string } {
  const p = Object.fromEntries(wallClock.formatToParts(new Date(at)).map((x) => [x.type, x.value]));
  return { date: `${p.year}-${p.month}-${p.day}`, time: `${p.hour}:${p.minute}` };
}

/**
 * The instant (ISO-8601 UTC) at which Cairo's clocks show `date` `time`, or null when no such moment exists (an
 * invalid date, or a time skipped when summer time begins). When the clocks go back, the earlier moment is taken.
 */
export function cairoInstant(date: string, time: string): string | null {
  const d = /^(\d{4})-(\d{2})-(\d{2})$/.exec(date);
  const t = /^(\d{2}):(\d{2})$/.exec(time);
  if (!d || !t) return null;
  const wall = Date.UTC(Number(d[1]), Number(d[2]) - 1, Number(d[3]), Number(t[1]), Number(t[2]));
  if (Number.isNaN(wall)) return null;
  for (const offsetHours of [3, 2]) {
    const candidate = wall - offsetHours * 3_600_000;
    const seen = cairoWallClock(candidate);
    if (seen.date === date && seen.time === time) return new Date(candidate).toISOString();
  }
  return null;
}

/** A Cairo date `days` later (calendar arithmetic on the date itself). */
export function addDays(date: string, days: number): string {
  const at = new Date(`${date}T12:00:00Z`);
  at.setUTCDate(at.getUTCDate() + days);
  return at.toISOString().slice(0, 10);
}

/** The start of the minute an instant falls in (a start typed as HH:MM is "now" during its whole minute). */
export const minuteOf = (at: Date | string | number): number => Math.floor(new Date(at).getTime() / 60_000) * 60_000;
