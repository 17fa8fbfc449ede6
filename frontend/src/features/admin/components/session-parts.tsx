import { useIntl } from 'react-intl';
import { SESSION_STATUSES, type SessionStatus } from '@evc/contracts/charging';
import { formatMoney, formatNumber } from '../../../lib/format';
import { useLocale } from '../../../hooks/use-locale';
import { Chip, type Tone } from './charger-live';
import { formatCairo } from '../../../lib/cairo-time';

/** The read model of sessions: its query keys start with it, and a staff stop reads its own write through it. */
export const SESSIONS = 'sessions';
/** While a session is not over, its open detail asks again this often. */
export const SESSION_REFRESH_MS = 10_000;
/** Not over yet: the detail keeps refreshing. */
export const OPEN_STATUSES: readonly SessionStatus[] = ['requested', 'accepted', 'charging', 'stopping'];

const TONES: Record<SessionStatus, Tone> = {
  requested: 'busy',
  accepted: 'busy',
  charging: 'active',
  stopping: 'busy',
  stopped: 'ok',
  failed: 'bad',
};

/** A session's status as a chip: colour plus the status in words. */
export function SessionStatusChip({ status }: { status: string }) {
  const intl = useIntl();
  const known = (SESSION_STATUSES as readonly string[]).includes(status) ? (status as SessionStatus) : null;
  return (
    <Chip tone={known ? TONES[known] : 'idle'} data-status={status}>
      {known ? intl.formatMessage({ id: `admin.sessions.status.${known}` }) : status}
    </Chip>
  );
}

/** A refused card start (recorded with its energy, billed to nobody): the status the charger was given, as OCPP names it. */
export function SessionRefusedChip({ refusal }: { refusal: string | null }) {
  const intl = useIntl();
  if (!refusal) return null;
  return (
    <Chip tone="bad" data-refusal={refusal}>
      {intl.formatMessage({ id: 'admin.sessions.refused' }, { status: <bdi dir="ltr">{refusal}</bdi> })}
    </Chip>
  );
}

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
    kwh: (wh: number) => intl.formatMessage({ id: 'admin.sessions.kwhValue' }, { value: formatNumber(wh / 1000, locale, { maximumFractionDigits: 2 }) }),
    kw: (w: number | null) => (w === null ? '—' : intl.formatMessage({ id: 'admin.sessions.kwValue' }, { value: formatNumber(w / 1000, locale, { maximumFractionDigits: 1 }) })),
    soc: (percent: number | null) => (percent === null ? '—' : formatNumber(percent / 100, locale, { style: 'percent', maximumFractionDigits: 0 })),
    dateTime: (iso: string | null) =>
      iso ? formatCairo(iso, locale) : '—',
    time: (iso: string) => formatCairo(iso, locale, 'timeSeconds'),
    /** From the start to the stop (or to now while it runs); '—' before the charger started. */
    duration: (startedAt: string | null, stoppedAt: string | null, now = Date.now()) => {
      if (!startedAt) return '—';
      const minutes = Math.max(0, Math.round(((stoppedAt ? Date.parse(stoppedAt) : now) - Date.parse(startedAt)) / 60_000));
      return intl.formatMessage({ id: 'admin.sessions.durationValue' }, { h: Math.floor(minutes / 60), m: minutes % 60 });
    },
  };
}
