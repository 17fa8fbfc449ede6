// i18n-catalog: app — admin list screens.
import styled from '@emotion/styled';
import { Link } from '@tanstack/react-router';
import { FormattedMessage, useIntl } from 'react-intl';
import { Select } from '../ui/controls';
import { DayInput } from '../ui/day-input';
import { paths } from '../../config/paths';
import { usePagedList } from './admin-api';
import { useBilingual } from '../../hooks/use-bilingual';

/** A list filter as the product's select: "all" first (no value), then the options. */
export function FilterSelect({
  labelId,
  allId,
  value,
  options,
  onChange,
}: {
  labelId: string;
  allId: string;
  value: string | undefined;
  options: readonly { value: string; label: string }[];
  onChange: (value: string) => void;
}) {
  const intl = useIntl();
  return (
    <Select aria-label={intl.formatMessage({ id: labelId })} value={value ?? ''} onChange={(e) => onChange(e.target.value)}>
      <option value="">{intl.formatMessage({ id: allId })}</option>
      {options.map((o) => (
        <option key={o.value} value={o.value}>
          {o.label}
        </option>
      ))}
    </Select>
  );
}

const DayLabel = styled.label`
  display: inline-flex;
  align-items: center;
  gap: 0.4rem;
`;

const ISO_DAY = /^\d{4}-\d{2}-\d{2}$/;

/**
 * From / To calendar days of a list, typed day/month/year (the server reads a date as a Cairo day, `to` inclusive).
 * The URL changes only for a complete day or a cleared field: a half-typed one waits, marked invalid once left.
 */
export function DateRangeFilter({
  from,
  to,
  onChange,
}: {
  from: string | undefined;
  to: string | undefined;
  onChange: (key: 'from' | 'to', value: string) => void;
}) {
  const day = (key: 'from' | 'to', labelId: string, value: string | undefined) => (
    <DayLabel>
      <FormattedMessage id={labelId} />
      <DayInput value={value ?? ''} onChange={(v) => (v === '' || ISO_DAY.test(v)) && onChange(key, v)} />
    </DayLabel>
  );
  return (
    <>
      {day('from', 'admin.sessions.from', from)}
      {day('to', 'admin.sessions.to', to)}
    </>
  );
}

/** The customer of a row: a link to their profile for staff who may open it (the row has customerId), else the name. */
export function CustomerCell({ row }: { row: { customerId: string | null; customerName: string | null } }) {
  if (!row.customerId) return <>{row.customerName ?? '—'}</>;
  return (
    <Link
      to={paths.admin.users}
      search={{ q: row.customerName ?? undefined, selected: row.customerId } as never}
      onClick={(e) => e.stopPropagation()}
    >
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
  const { name } = useBilingual();
  const stations = usePagedList('stations', 'stations.admin-list', { pageSize: 100 });
  return (
    <>
      <FilterSelect
        labelId="admin.sessions.filterStation"
        allId="admin.sessions.allStations"
        value={filter.stationId}
        options={(stations.data?.dataList ?? []).map((s) => ({ value: s.stationId, label: name(s.nameEn, s.nameAr) }))}
        onChange={(v) => set('stationId', v)}
      />
      <DateRangeFilter from={filter.from} to={filter.to} onChange={set} />
      {filter.customerId && (
        <button type="button" className="sort" onClick={() => set('customerId', '')}>
          <FormattedMessage id="admin.sessions.clearCustomer" />
        </button>
      )}
    </>
  );
}
