import { useIntl } from 'react-intl';
import { formatMoney, formatNumber } from '../../lib/format';
import { useLocale } from '../../hooks/use-locale';
import { formatCairo } from '../../lib/cairo-time';

// The session figures as staff screens write them (sessions, wallet lines, bookings, charger commands' running
// sessions): one wording for money, energy, power and times in every context's screen.

/** The read model of sessions: its query keys start with it, and a staff stop reads its own write through it. */
export const SESSIONS = 'sessions';

/** A code in words when the catalog has `prefix.code`, else the code itself (a value a newer server sends). */
export function useCodeText() {
  const intl = useIntl();
  return (prefix: string, code: string | null | undefined): string => {
    if (!code) return '—';
    const id = `${prefix}.${code}`;
    return Object.prototype.hasOwnProperty.call(intl.messages, id) ? intl.formatMessage({ id }) : code;
  };
}

/** The session screens' formatters in the UI language: money (piastres), energy (Wh → kWh), times and durations. */
export function useSessionFormat() {
  const intl = useIntl();
  const locale = useLocale();
  return {
    locale,
    money: (piastres: number) => formatMoney(piastres, locale),
    kwh: (wh: number) =>
      intl.formatMessage({ id: 'admin.sessions.kwhValue' }, { value: formatNumber(wh / 1000, locale, { maximumFractionDigits: 2 }) }),
    kw: (w: number | null) =>
      w === null
        ? '—'
        : intl.formatMessage({ id: 'admin.sessions.kwValue' }, { value: formatNumber(w / 1000, locale, { maximumFractionDigits: 1 }) }),
    soc: (percent: number | null) =>
      percent === null ? '—' : formatNumber(percent / 100, locale, { style: 'percent', maximumFractionDigits: 0 }),
    dateTime: (iso: string | null) => (iso ? formatCairo(iso, locale) : '—'),
    time: (iso: string) => formatCairo(iso, locale, 'timeSeconds'),
    /** From the start to the stop (or to now while it runs); '—' before the charger started. */
    duration: (startedAt: string | null, stoppedAt: string | null, now = Date.now()) => {
      if (!startedAt) return '—';
      const minutes = Math.max(0, Math.round(((stoppedAt ? Date.parse(stoppedAt) : now) - Date.parse(startedAt)) / 60_000));
      return intl.formatMessage({ id: 'admin.sessions.durationValue' }, { h: Math.floor(minutes / 60), m: minutes % 60 });
    },
  };
}
