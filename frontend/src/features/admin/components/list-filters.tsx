// i18n-catalog: app — admin list screens.
import { FormattedMessage, useIntl } from 'react-intl';

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
