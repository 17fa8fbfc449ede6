import { useState } from 'react';
import styled from '@emotion/styled';
import { FormattedMessage, useIntl } from 'react-intl';
import { SMART_CHARGING_RULES, setGridLimitSchema, type SiteLoadView } from '@evc/contracts/smart-charging';
import { normalizeDigits, toFieldErrors, type FieldError } from '@evc/contracts/shared';
import { Button } from '../../../components/ui/button';
import { Field } from '../../../components/ui/field';
import { EditorCard, useSave } from '../../../components/admin/form-parts';
import { ProblemAlert } from '../../../components/admin/problems';
import { translateFieldError } from '../../../lib/i18n/translate-error';
import { useLocale } from '../../../hooks/use-locale';
import { formatKw } from '../components/power';
import { useSetGridLimit } from '../api/smart-charging-api';
import { theme } from '../../../styles/theme';

type PeriodRow = { key: number; from: string; to: string; kw: string };

/** kW as typed (Eastern Arabic digits and separator too) to integer W; NaN when it is not a number. */
export function wattsOf(kw: string): number {
  const text = normalizeDigits(kw.trim()).replace(',', '.');
  return text === '' || !/^\d+(\.\d+)?$/.test(text) ? Number.NaN : Math.round(Number(text) * 1000);
}

const Periods = styled.fieldset`
  display: grid;
  gap: 0.5rem;
  .period {
    display: grid;
    grid-template-columns: repeat(auto-fit, minmax(7rem, 1fr));
    gap: 0.5rem;
    align-items: end;
  }
`;

const ErrorLine = styled.p`
  margin: 0;
  color: ${theme.color.danger};
`;

/** Errors of the power fields say the range in kW (the schema counts W). */
const POWER_CODES = new Set(['too_small', 'too_big', 'invalid_type', 'invalid_union']);

/**
 * A station's grid limit in kW (0: none), with lower limits for parts of the day (Cairo time, HH:MM), and the reason
 * for the change. The contracts' schema checks it here as the server does; its errors show beside their fields.
 */
export function GridLimitForm({ site, onDone }: { site: SiteLoadView; onDone: () => void }) {
  const intl = useIntl();
  const locale = useLocale();
  const setLimit = useSetGridLimit();
  const [limitKw, setLimitKw] = useState(site.limitW > 0 ? formatKw(site.limitW, 'en').replace(/,/g, '') : '');
  const [rows, setRows] = useState<PeriodRow[]>(() =>
    site.periods.map((p, key) => ({ key, from: p.from, to: p.to, kw: formatKw(p.limitW, 'en').replace(/,/g, '') })),
  );
  const [nextKey, setNextKey] = useState(site.periods.length);
  const [reason, setReason] = useState('');
  const [errors, setErrors] = useState<Record<string, FieldError>>({});
  const form = { intl, serverError: () => undefined };
  const saving = useSave(form, onDone);
  const label = (id: string, values?: Record<string, string>) => intl.formatMessage({ id }, values);
  const range = label('smartCharging.form.kwRange', {
    min: formatKw(SMART_CHARGING_RULES.minLimitW, locale),
    max: formatKw(SMART_CHARGING_RULES.maxLimitW, locale),
  });
  const errorOf = (path: string): string | undefined => {
    const e = errors[path];
    if (!e) return undefined;
    return path.endsWith('limitW') && POWER_CODES.has(e.code) ? range : translateFieldError(intl, e);
  };
  const edit = (key: number, patch: Partial<PeriodRow>) => setRows((all) => all.map((r) => (r.key === key ? { ...r, ...patch } : r)));

  const submit = () => {
    saving.clear();
    const body = {
      stationId: site.stationId,
      limitW: wattsOf(limitKw),
      periods: rows.map((r) => ({ from: normalizeDigits(r.from.trim()), to: normalizeDigits(r.to.trim()), limitW: wattsOf(r.kw) })),
      reason,
    };
    const parsed = setGridLimitSchema.safeParse(body);
    if (!parsed.success) {
      const found: Record<string, FieldError> = {};
      for (const e of toFieldErrors(parsed.error)) found[e.path || '_form'] ??= e;
      setErrors(found);
      return;
    }
    setErrors({});
    saving.save(setLimit, parsed.data);
  };

  return (
    <EditorCard
      titleId="smartCharging.form.title"
      busy={setLimit.isPending}
      onSubmit={submit}
      onCancel={onDone}
      intro={
        <p>
          <FormattedMessage id="smartCharging.form.intro" />
        </p>
      }
      problem={saving.problem !== null && <ProblemAlert error={saving.problem} />}
    >
      <Field label={label('smartCharging.form.limit')} hint={label('smartCharging.form.limitHint')} error={errorOf('limitW')}>
        <input name="limitKw" dir="ltr" inputMode="decimal" value={limitKw} onChange={(e) => setLimitKw(e.target.value)} />
      </Field>
      <Periods>
        <legend>
          <FormattedMessage id="smartCharging.form.periods" />
        </legend>
        {errors.periods && <ErrorLine role="alert">{errorOf('periods')}</ErrorLine>}
        {rows.map((r, i) => (
          <div className="period" key={r.key} data-testid="limit-period">
            <Field label={label('smartCharging.form.from')} error={errorOf(`periods.${i}.from`)}>
              <input
                dir="ltr"
                inputMode="numeric"
                placeholder="HH:MM"
                value={r.from}
                onChange={(e) => edit(r.key, { from: e.target.value })}
              />
            </Field>
            <Field label={label('smartCharging.form.to')} error={errorOf(`periods.${i}.to`)}>
              <input dir="ltr" inputMode="numeric" placeholder="HH:MM" value={r.to} onChange={(e) => edit(r.key, { to: e.target.value })} />
            </Field>
            <Field label={label('smartCharging.form.periodLimit')} error={errorOf(`periods.${i}.limitW`)}>
              <input dir="ltr" inputMode="decimal" value={r.kw} onChange={(e) => edit(r.key, { kw: e.target.value })} />
            </Field>
            <Button type="button" variant="secondary" onClick={() => setRows((all) => all.filter((x) => x.key !== r.key))}>
              <FormattedMessage id="smartCharging.form.removePeriod" />
            </Button>
          </div>
        ))}
        {rows.length < SMART_CHARGING_RULES.maxPeriods && (
          <div>
            <Button
              type="button"
              variant="secondary"
              onClick={() => (setRows((all) => [...all, { key: nextKey, from: '', to: '', kw: '' }]), setNextKey((k) => k + 1))}
            >
              <FormattedMessage id="smartCharging.form.addPeriod" />
            </Button>
          </div>
        )}
      </Periods>
      <Field label={label('admin.reason')} error={errorOf('reason')}>
        <textarea name="reason" rows={2} maxLength={300} value={reason} onChange={(e) => setReason(e.target.value)} />
      </Field>
    </EditorCard>
  );
}
