import styled from '@emotion/styled';
import { FormattedMessage, useIntl } from 'react-intl';
import { Field } from '../../../components/ui/field';
import { theme } from '../../../styles/theme';
import { useLocale } from '../../../hooks/use-locale';
import { useGovernorates } from '../../../hooks/use-reference-data';
import { FILTER_CONNECTOR_TYPES, MIN_POWER_OPTIONS, type StationSearch } from '../station-search';
import { localName } from '../../../lib/station-status';

const Form = styled.form`
  display: grid;
  gap: 0.75rem;
  grid-template-columns: repeat(auto-fit, minmax(11rem, 1fr));
  align-items: end;
  .check {
    display: flex;
    gap: 0.5rem;
    align-items: center;
    min-block-size: 2.75rem;
    font-weight: 700;
  }
  .check input {
    inline-size: 1.2rem;
    block-size: 1.2rem;
    accent-color: ${theme.color.primary};
  }
`;

interface Props {
  value: StationSearch;
  /** Receives only the changed filters; the page merges them into the latest URL state. */
  onChange: (patch: Partial<StationSearch>) => void;
}

/** Filters map to the query parameters of GET /api/queries/stations; any change goes back to page 1. */
export function StationFilters({ value, onChange }: Props) {
  const intl = useIntl();
  const locale = useLocale();
  const governorates = useGovernorates();
  const set = (patch: Partial<StationSearch>) => onChange({ ...patch, page: undefined, station: undefined });
  return (
    <Form role="search" aria-label={intl.formatMessage({ id: 'stations.filters' })} onSubmit={(e) => e.preventDefault()}>
      <Field label={intl.formatMessage({ id: 'stations.filter.governorate' })}>
        <select value={value.governorateId ?? ''} onChange={(e) => set({ governorateId: e.target.value || undefined })}>
          <option value="">{intl.formatMessage({ id: 'stations.filter.all' })}</option>
          {governorates.data?.dataList.map((g) => (
            <option key={g.governorateId} value={g.governorateId}>
              {localName(g, locale)}
            </option>
          ))}
        </select>
      </Field>
      <Field label={intl.formatMessage({ id: 'stations.filter.connector' })}>
        <select
          value={value.connectorType ?? ''}
          onChange={(e) => set({ connectorType: (e.target.value || undefined) as StationSearch['connectorType'] })}
        >
          <option value="">{intl.formatMessage({ id: 'stations.filter.all' })}</option>
          {FILTER_CONNECTOR_TYPES.map((t) => (
            <option key={t} value={t}>
              {t}
            </option>
          ))}
        </select>
      </Field>
      <Field label={intl.formatMessage({ id: 'stations.filter.minPower' })}>
        <select value={value.minPowerKw ?? ''} onChange={(e) => set({ minPowerKw: e.target.value ? Number(e.target.value) : undefined })}>
          <option value="">{intl.formatMessage({ id: 'stations.filter.any' })}</option>
          {MIN_POWER_OPTIONS.map((kw) => (
            <option key={kw} value={kw}>
              {intl.formatMessage({ id: 'station.maxPower' }, { kw: intl.formatNumber(kw) })}
            </option>
          ))}
        </select>
      </Field>
      <label className="check">
        <input type="checkbox" checked={!!value.available} onChange={(e) => set({ available: e.target.checked || undefined })} />
        <FormattedMessage id="stations.filter.availableOnly" />
      </label>
    </Form>
  );
}
