// i18n-catalog: app — the staff's uptime screens.
import { useState, type FormEvent } from 'react';
import { FormattedMessage } from 'react-intl';
import { useSetAtom } from 'jotai';
import { declareMaintenanceSchema, setUptimeTargetSchema, type StationUptimeView } from '@evc/contracts/uptime';
import { FormCard, Toolbar } from '../../../components/admin/admin-ui';
import { Button } from '../../../components/ui/button';
import { Field } from '../../../components/ui/field';
import { useSchemaForm } from '../../../hooks/use-schema-form';
import { fromCairoInput, toCairoInput } from '../../../lib/cairo-time';
import { newUuid } from '../../../lib/uuid';
import { pushToastAtom } from '../../../stores/toast-state';
import { useUptimeCommand } from '../api/uptime-api';

/** The station's target in percent (two decimals at most), with an optional reason. */
export function TargetForm({ view }: { view: StationUptimeView }) {
  const form = useSchemaForm({ targetPercent: String(view.targetBp / 100), reason: '' });
  const save = useUptimeCommand('uptime.set-target');
  const pushToast = useSetAtom(pushToastAtom);
  const label = (id: string) => form.intl.formatMessage({ id });
  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    const { reason, targetPercent } = form.values;
    const body = form.validate(setUptimeTargetSchema, { stationId: view.stationId, targetPercent, ...(reason.trim() ? { reason } : {}) });
    if (!body) return;
    save.mutate(body, {
      onSuccess: () => pushToast({ kind: 'success', text: label('uptime.targetSaved') }),
      onError: (error) => pushToast({ kind: 'error', text: form.serverError(error).text }),
    });
  };
  return (
    <FormCard>
      <form noValidate onSubmit={onSubmit} aria-labelledby="uptime-target-title">
        <h2 id="uptime-target-title">
          <FormattedMessage id="uptime.target.title" />
        </h2>
        <Field label={label('uptime.target.percent')} error={form.errorText('targetPercent')}>
          <input inputMode="decimal" {...form.bind('targetPercent')} />
        </Field>
        <Field label={label('uptime.reasonOptional')} error={form.errorText('reason')}>
          <textarea rows={2} maxLength={300} {...form.bind('reason')} />
        </Field>
        <Toolbar>
          <Button type="submit" disabled={save.isPending}>
            <FormattedMessage id="uptime.target.save" />
          </Button>
        </Toolbar>
      </form>
    </FormCard>
  );
}

const initialWindow = () => {
  const hour = Math.ceil(Date.now() / 3_600_000) * 3_600_000;
  return { chargerId: '', connectorId: '', from: toCairoInput(hour), to: toCairoInput(hour + 2 * 3_600_000), reason: '' };
};

/**
 * Planned maintenance: the whole station, one charger or one of its connectors, a window typed in Cairo time and a
 * reason. The declaration's id is chosen when the form opens, so a double submit records it once.
 */
export function MaintenanceForm({ view }: { view: StationUptimeView }) {
  const form = useSchemaForm(initialWindow);
  const [maintenanceId, setMaintenanceId] = useState(newUuid);
  const declare = useUptimeCommand('uptime.declare-maintenance');
  const pushToast = useSetAtom(pushToastAtom);
  const label = (id: string) => form.intl.formatMessage({ id });
  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    const v = form.values;
    const body = form.validate(declareMaintenanceSchema, {
      stationId: view.stationId,
      maintenanceId,
      chargerId: v.chargerId || null,
      connectorId: v.connectorId.trim() ? v.connectorId : null,
      from: fromCairoInput(v.from) ?? v.from,
      to: fromCairoInput(v.to) ?? v.to,
      reason: v.reason,
    });
    if (!body) return;
    declare.mutate(body, {
      onSuccess: () => {
        pushToast({ kind: 'success', text: label('uptime.maintenance.declared') });
        form.setValues(initialWindow());
        setMaintenanceId(newUuid());
      },
      onError: (error) => pushToast({ kind: 'error', text: form.serverError(error).text }),
    });
  };
  return (
    <FormCard>
      <form noValidate onSubmit={onSubmit} aria-labelledby="uptime-maintenance-title">
        <h2 id="uptime-maintenance-title">
          <FormattedMessage id="uptime.maintenance.title" />
        </h2>
        <Field label={label('uptime.maintenance.charger')} error={form.errorText('chargerId')}>
          <select {...form.bind('chargerId')}>
            <option value="">{label('uptime.maintenance.wholeStation')}</option>
            {view.chargers.map((c) => (
              <option key={c.chargerId} value={c.chargerId}>
                {c.chargerId}
              </option>
            ))}
          </select>
        </Field>
        <Field
          label={label('uptime.maintenance.connector')}
          hint={label('uptime.maintenance.connectorHint')}
          error={form.errorText('connectorId')}
        >
          <input inputMode="numeric" {...form.bind('connectorId')} />
        </Field>
        <Field label={label('uptime.maintenance.from')} error={form.errorText('from')}>
          <input type="datetime-local" {...form.bind('from')} />
        </Field>
        <Field label={label('uptime.maintenance.to')} error={form.errorText('to')}>
          <input type="datetime-local" {...form.bind('to')} />
        </Field>
        <Field label={label('admin.reason')} error={form.errorText('reason')}>
          <textarea rows={2} maxLength={300} {...form.bind('reason')} />
        </Field>
        <Toolbar>
          <Button type="submit" disabled={declare.isPending}>
            <FormattedMessage id="uptime.maintenance.declare" />
          </Button>
        </Toolbar>
      </form>
    </FormCard>
  );
}
