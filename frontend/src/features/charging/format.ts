import type { Locale } from '@evc/contracts/shared';
import { intlLocale } from '../../lib/format';
import { formatCairo } from '../../lib/cairo-time';

export const formatTime = (iso: string, locale: Locale): string => formatCairo(iso, locale, 'time');

export const formatDateTime = (iso: string, locale: Locale): string => formatCairo(iso, locale);

/** Elapsed time as H:MM:SS (digits of the language). */
export function formatElapsed(ms: number, locale: Locale): string {
  const total = Math.max(0, Math.floor(ms / 1000));
  const nf = new Intl.NumberFormat(intlLocale(locale), { minimumIntegerDigits: 2, useGrouping: false });
  const h = Math.floor(total / 3600);
  const m = Math.floor((total % 3600) / 60);
  const s = total % 60;
  return `${new Intl.NumberFormat(intlLocale(locale)).format(h)}:${nf.format(m)}:${nf.format(s)}`;
}

export { formatKwh } from '../../lib/format';

/**
 * A time target as typed: HH:MM (e.g. 1:30) or a number of minutes; Eastern Arabic digits accepted. Answers
 * minutes, or null when it is neither.
 */
export function parseDuration(input: string): number | null {
  const text = input.trim().replace(/[٠-٩]/g, (d) => String('٠١٢٣٤٥٦٧٨٩'.indexOf(d)));
  const hm = /^(\d{1,2}):(\d{2})$/.exec(text);
  if (hm) {
    const minutes = Number(hm[2]);
    return minutes < 60 ? Number(hm[1]) * 60 + minutes : null;
  }
  return /^\d{1,4}$/.test(text) ? Number(text) : null;
}
