// i18n-catalog: app — the staff's uptime screens.
import { FormattedMessage, useIntl } from 'react-intl';
import { useNavigate, useSearch } from '@tanstack/react-router';
import type { UptimeFiguresView } from '@evc/contracts/uptime';
import { Chip } from '../../../components/admin/chip';
import { toCairoInput } from '../../../lib/cairo-time';

/** The month in the URL (`?month=YYYY-MM`), the current Cairo month by default. */
export function useMonth(): [string, (month: string) => void] {
  const search = useSearch({ strict: false }) as { month?: string };
  const navigate = useNavigate();
  const month = search.month && /^\d{4}-\d{2}$/.test(search.month) ? search.month : toCairoInput(Date.now()).slice(0, 7);
  return [month, (m) => void navigate({ to: '.', search: { month: m } as never, replace: true })];
}

export function MonthPicker({ month, onChange }: { month: string; onChange: (month: string) => void }) {
  return (
    <label>
      <FormattedMessage id="uptime.month" />{' '}
      <input type="month" value={month} onChange={(e) => /^\d{4}-\d{2}$/.test(e.target.value) && onChange(e.target.value)} />
    </label>
  );
}

/** Up over in service as a percentage, or "not in service". */
export function Availability({ figures }: { figures: UptimeFiguresView }) {
  const intl = useIntl();
  if (figures.availability === null) return <FormattedMessage id="uptime.notInService" />;
  return <>{intl.formatNumber(figures.availability, { style: 'percent', minimumFractionDigits: 2, maximumFractionDigits: 2 })}</>;
}

export const useHours = () => {
  const intl = useIntl();
  return (ms: number) => intl.formatMessage({ id: 'uptime.hours' }, { hours: Math.round(ms / 360_000) / 10 });
};

export const percentOfBp = (bp: number, intl: ReturnType<typeof useIntl>) =>
  intl.formatNumber(bp / 10_000, { style: 'percent', minimumFractionDigits: 2, maximumFractionDigits: 2 });

/** Meets or misses its target, in words and colour. */
export function TargetChip({ below, figures }: { below: boolean; figures: UptimeFiguresView }) {
  if (figures.availability === null)
    return (
      <Chip tone="idle">
        <FormattedMessage id="uptime.notInService" />
      </Chip>
    );
  return below ? (
    <Chip tone="bad">
      <FormattedMessage id="uptime.belowTarget" />
    </Chip>
  ) : (
    <Chip tone="ok">
      <FormattedMessage id="uptime.meetsTarget" />
    </Chip>
  );
}
