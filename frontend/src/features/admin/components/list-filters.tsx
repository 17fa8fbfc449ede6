// i18n-catalog: app — admin list screens.
import styled from '@emotion/styled';
import { FormattedMessage, useIntl } from 'react-intl';
import { Select } from '../../../components/ui/controls';
import { DayInput } from '../../../components/ui/day-input';

/** A list filter as the product's select: "all" first (no value), then the options. */
export function FilterSelect({ labelId, allId, value, options, onChange }: { labelId: string; allId: string; value: string | undefined; options: readonly { value: string; label: string }[]; onChange: (value: string) => void }) {
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
export function DateRangeFilter({ from, to, onChange }: { from: string | undefined; to: string | undefined; onChange: (key: 'from' | 'to', value: string) => void }) {
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
