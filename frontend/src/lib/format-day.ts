import { cairoDate, type Locale } from '@evc/contracts/shared';
import { intlLocale } from './format';

/** Cairo's calendar date (YYYY-MM-DD) of an instant: the server groups wallet lines and notifications by it. */
export function cairoDateKey(at: Date | string | number): string {
  return cairoDate(at);
}

/** A Cairo day (YYYY-MM-DD) as a full date in the UI language, without a time-zone shift. */
export const formatDay = (dateKey: string, locale: Locale): string =>
  new Intl.DateTimeFormat(intlLocale(locale), { dateStyle: 'full', timeZone: 'UTC' }).format(new Date(`${dateKey}T00:00:00Z`));

/** A Cairo day (YYYY-MM-DD) as its weekday, day and month: "Tuesday 15 January". */
export const formatWeekdayDay = (dateKey: string, locale: Locale): string =>
  new Intl.DateTimeFormat(intlLocale(locale), { weekday: 'long', day: 'numeric', month: 'long', timeZone: 'UTC' }).format(
    new Date(`${dateKey}T12:00:00Z`),
  );

/** A day group's heading: "Today" for today's group (the caller passes the translated word), else the full date. */
export const dayLabel = (dateKey: string, locale: Locale, today: string, now: Date = new Date()): string =>
  dateKey === cairoDateKey(now) ? today : formatDay(dateKey, locale);
