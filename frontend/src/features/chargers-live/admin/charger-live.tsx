import styled from '@emotion/styled';
import { useIntl } from 'react-intl';
import type { Locale } from '@evc/contracts/shared';
import type { ConnectorStatus } from '@evc/contracts/network';
import type { ChargerAdminView } from '@evc/contracts/network';
import { intlLocale } from '../../../lib/format';
import { useLocale } from '../../../hooks/use-locale';
import { formatCairo } from '../../../lib/cairo-time';
import { Chip, type Tone } from '../../../components/admin/chip';

const CONNECTOR_TONES: Record<ConnectorStatus, Tone> = {
  available: 'ok',
  preparing: 'busy',
  charging: 'active',
  suspended: 'busy',
  finishing: 'busy',
  reserved: 'busy',
  unavailable: 'idle',
  faulted: 'bad',
  unknown: 'idle',
};

const ConnectorList = styled.ul`
  list-style: none;
  margin: 0;
  padding: 0;
  display: grid;
  gap: 0.25rem;
  li {
    display: flex;
    flex-wrap: wrap;
    gap: 0.4rem;
    align-items: center;
  }
`;

/** One connector status as a chip; the status is named in words, so colour is never the only cue. */
export function ConnectorStatusChip({ status }: { status: string }) {
  const intl = useIntl();
  const known = (status in CONNECTOR_TONES ? status : 'unknown') as ConnectorStatus;
  return (
    <Chip tone={CONNECTOR_TONES[known]} data-status={known}>
      {intl.formatMessage({ id: `charger.connectorStatus.${known}` })}
    </Chip>
  );
}

/** The connectors of a charger: code, type, power and the live status chip of each. */
export function ConnectorStates({ charger }: { charger: ChargerAdminView }) {
  const intl = useIntl();
  return (
    <ConnectorList aria-label={intl.formatMessage({ id: 'charger.connectorsOf' }, { chargerId: charger.chargerId })}>
      {charger.connectors.map((k) => (
        <li key={k.connectorId}>
          <span dir="ltr">{`${k.code} ${k.type} ${intl.formatNumber(k.maxPowerKw)} kW`}</span>
          <ConnectorStatusChip status={k.status} />
        </li>
      ))}
    </ConnectorList>
  );
}

const UNITS: readonly [Intl.RelativeTimeFormatUnit, number][] = [
  ['year', 365 * 86_400],
  ['month', 30 * 86_400],
  ['week', 7 * 86_400],
  ['day', 86_400],
  ['hour', 3_600],
  ['minute', 60],
];

/** "2 minutes ago", "in 3 hours", "now": the largest whole unit, in the UI language (Intl.RelativeTimeFormat). */
export function formatRelativeTime(iso: string, now: number, locale: Locale): string {
  const seconds = Math.round((Date.parse(iso) - now) / 1000);
  const format = new Intl.RelativeTimeFormat(intlLocale(locale), { numeric: 'auto' });
  const abs = Math.abs(seconds);
  if (abs < 10) return format.format(0, 'second');
  for (const [unit, size] of UNITS) if (abs >= size) return format.format(Math.trunc(seconds / size), unit);
  return format.format(seconds, 'second');
}

/** The exact date and time (shown on hover). */
export const formatExactTime = (iso: string, locale: Locale): string => formatCairo(iso, locale, 'dateTimeSeconds');

/** The current time, moving on so relative times stay true while the screen is open (shared: hooks/use-now). */
export { useNow } from '../../../hooks/use-now';

/** A time as "2 minutes ago" with the exact time in the tooltip; "—" (never) when there is none. */
export function RelativeTime({ iso, now }: { iso: string | null; now: number }) {
  const locale = useLocale();
  const intl = useIntl();
  if (!iso) return <span>{intl.formatMessage({ id: 'charger.never' })}</span>;
  const exact = formatExactTime(iso, locale);
  return (
    <time dateTime={iso} title={exact}>
      {formatRelativeTime(iso, now, locale)}
    </time>
  );
}
