// i18n-catalog: app — admin list screens.
import { Link } from '@tanstack/react-router';
import { FormattedMessage, useIntl } from 'react-intl';
import { paths } from '../../../config/paths';
import { usePagedList } from '../api/admin-api';
import { useBilingual } from './admin-list';

/** A list filter as a select: "all" first (no value), then the options. */
export function FilterSelect({ labelId, allId, value, options, onChange }: { labelId: string; allId: string; value: string | undefined; options: readonly { value: string; label: string }[]; onChange: (value: string) => void }) {
  const intl = useIntl();
  return (
    <select aria-label={intl.formatMessage({ id: labelId })} value={value ?? ''} onChange={(e) => onChange(e.target.value)}>
      <option value="">{intl.formatMessage({ id: allId })}</option>
      {options.map((o) => (
        <option key={o.value} value={o.value}>
          {o.label}
        </option>
      ))}
    </select>
  );
}

/** From / To calendar days of a list (the server reads a date as a Cairo day, `to` inclusive). */
export function DateRangeFilter({ from, to, onChange }: { from: string | undefined; to: string | undefined; onChange: (key: 'from' | 'to', value: string) => void }) {
  return (
    <>
      <label>
        <FormattedMessage id="admin.sessions.from" />{' '}
        <input type="date" value={from ?? ''} max={to} onChange={(e) => onChange('from', e.target.value)} />
      </label>
      <label>
        <FormattedMessage id="admin.sessions.to" />{' '}
        <input type="date" value={to ?? ''} min={from} onChange={(e) => onChange('to', e.target.value)} />
      </label>
    </>
  );
}

/** The customer of a row: a link to their profile for staff who may open it (the row has customerId), else the name. */
export function CustomerCell({ row }: { row: { customerId: string | null; customerName: string | null } }) {
  if (!row.customerId) return <>{row.customerName ?? '—'}</>;
  return (
    <Link to={paths.admin.users} search={{ q: row.customerName ?? undefined, selected: row.customerId } as never} onClick={(e) => e.stopPropagation()}>
      {row.customerName ?? row.customerId}
    </Link>
  );
}

type Filter = Partial<Record<'stationId' | 'from' | 'to' | 'customerId', string>>;

/**
 * The filters the sessions and bookings lists share: station, a Cairo date range, and "clear customer" while the list
 * is narrowed to one customer (from their profile). `set` writes one into the URL.
 */
export function StationDateFilters({ filter, set }: { filter: Filter; set: (key: keyof Filter, value: string) => void }) {
  const intl = useIntl();
  const { name } = useBilingual();
  const stations = usePagedList('stations', 'stations.admin-list', { pageSize: 100 });
  return (
    <>
      <select aria-label={intl.formatMessage({ id: 'admin.sessions.filterStation' })} value={filter.stationId ?? ''} onChange={(e) => set('stationId', e.target.value)}>
        <option value="">{intl.formatMessage({ id: 'admin.sessions.allStations' })}</option>
        {(stations.data?.dataList ?? []).map((s) => (
          <option key={s.stationId} value={s.stationId}>
            {name(s.nameEn, s.nameAr)}
          </option>
        ))}
      </select>
      <DateRangeFilter from={filter.from} to={filter.to} onChange={set} />
      {filter.customerId && (
        <button type="button" className="sort" onClick={() => set('customerId', '')}>
          <FormattedMessage id="admin.sessions.clearCustomer" />
        </button>
      )}
    </>
  );
}
