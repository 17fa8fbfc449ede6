import { useState } from 'react';
import { useSetAtom } from 'jotai';
import { FormattedMessage } from 'react-intl';
import type { ChargerAdminView } from '@evc/contracts/network';
import { addChargerSchema, updateChargerSchema } from '@evc/contracts/network';
import { CONNECTOR_TYPES, CURRENT_TYPES, OCPP_VERSIONS, type ConnectorType, type CurrentType } from '@evc/contracts/network';
import { normalizeDigits } from '@evc/contracts/shared';
import { Button } from '../../../components/ui/button';
import { Field } from '../../../components/ui/field';
import { useSchemaForm } from '../../../hooks/use-schema-form';
import { ApiRequestError } from '../../../lib/api-client';
import { pushToastAtom } from '../../../stores/toast-state';
import { CancelButton } from '../../../components/admin/form-parts';
import { useCommand } from '../../../components/admin/admin-api';
import { FormCard, Toolbar } from '../../../components/admin/admin-ui';
import { ProblemAlert } from '../../../components/admin/problems';
import { STATIONS } from './station-form';

interface ConnectorDraft {
  code: string;
  type: ConnectorType;
  current: CurrentType;
  maxPowerKw: string;
}

const newConnector = (n: number): ConnectorDraft => ({ code: `C${n}`, type: 'Type2', current: 'AC', maxPowerKw: '22' });
const optional = (v: string) => (v.trim() === '' ? undefined : v.trim());

/**
 * A charger of the registry, new or edited: identity, OCPP version, SIM, comment and its connectors. A new charger's
 * secret key comes back once, through `onSecret`.
 */
export function ChargerForm({
  stationId,
  charger,
  onDone,
  onRemove,
  onSecret,
}: {
  stationId: string;
  charger?: ChargerAdminView;
  onDone: () => void;
  onRemove?: () => void;
  onSecret: (s: { chargerId: string; secretKey: string }) => void;
}) {
  const pushToast = useSetAtom(pushToastAtom);
  const [revision] = useState(charger?.revision ?? 0);
  const [problem, setProblem] = useState<unknown>(null);
  const form = useSchemaForm({
    chargerId: charger?.chargerId ?? '',
    serialNumber: charger?.serialNumber ?? '',
    model: charger?.model ?? '',
    vendor: charger?.vendor ?? '',
    ocppVersion: charger?.ocppVersion ?? '1.6',
    ipAddress: charger?.ipAddress ?? '',
    iccid: charger?.iccid ?? '',
    simNumber: charger?.simNumber ?? '',
    imsi: charger?.imsi ?? '',
    comment: charger?.comment ?? '',
  });
  const [connectors, setConnectors] = useState<ConnectorDraft[]>(
    charger
      ? charger.connectors.map((k) => ({ code: k.code, type: k.type, current: k.current, maxPowerKw: String(k.maxPowerKw) }))
      : [newConnector(1)],
  );
  const add = useCommand(STATIONS, 'chargers.add');
  const update = useCommand(STATIONS, 'chargers.update');
  const label = (id: string) => form.intl.formatMessage({ id });
  const setConnector = (i: number, patch: Partial<ConnectorDraft>) =>
    setConnectors((list) => list.map((k, j) => (j === i ? { ...k, ...patch } : k)));

  const submit = () => {
    setProblem(null);
    const v = form.values;
    const body = {
      chargerId: v.chargerId.trim(),
      serialNumber: v.serialNumber,
      model: v.model,
      vendor: v.vendor,
      ocppVersion: v.ocppVersion,
      ipAddress: optional(v.ipAddress),
      iccid: optional(v.iccid),
      simNumber: optional(v.simNumber),
      imsi: optional(v.imsi),
      comment: optional(v.comment),
      connectors: connectors.map((k, i) => ({
        connectorId: i + 1,
        code: k.code,
        type: k.type,
        current: k.current,
        maxPowerKw: Number(normalizeDigits(k.maxPowerKw.trim()) || Number.NaN),
      })),
    };
    const onError = (error: unknown) => {
      form.serverError(error);
      if (error instanceof ApiRequestError && error.code === 'network.charger_exists')
        form.setErrors((x) => ({ ...x, chargerId: { path: 'chargerId', code: 'charger_exists' } }));
      setProblem(error);
    };
    if (charger) {
      const valid = form.validate(updateChargerSchema, { ...body, expectedRevision: revision });
      if (valid) update.mutate(valid, { onSuccess: () => (pushToast({ kind: 'success', text: label('admin.saved') }), onDone()), onError });
    } else {
      const valid = form.validate(addChargerSchema, { ...body, stationId });
      if (!valid) return;
      add.mutate(valid, {
        onSuccess: (r) => {
          onSecret({ chargerId: r.chargerId ?? valid.chargerId, secretKey: r.secretKey });
          onDone();
        },
        onError,
      });
    }
  };
  const chargerIdError =
    form.errors.chargerId?.code === 'charger_exists' ? label('error.network.charger_exists') : form.errorText('chargerId');
  const text = (
    key: 'serialNumber' | 'model' | 'vendor' | 'ipAddress' | 'iccid' | 'simNumber' | 'imsi',
    labelId: string,
    max: number,
    ltr = true,
  ) => (
    <Field label={label(labelId)} error={form.errorText(key)}>
      <input dir={ltr ? 'ltr' : 'auto'} {...form.bind(key)} maxLength={max} />
    </Field>
  );

  return (
    <FormCard>
      <h2>
        <FormattedMessage id={charger ? 'charger.editTitle' : 'charger.newTitle'} />
      </h2>
      <form
        noValidate
        onSubmit={(e) => (e.preventDefault(), submit())}
        aria-label={label(charger ? 'charger.editTitle' : 'charger.newTitle')}
      >
        {charger ? (
          <p dir="ltr">{charger.chargerId}</p>
        ) : (
          <Field label={label('charger.chargerId')} error={chargerIdError} hint={label('charger.chargerIdHint')}>
            <input dir="ltr" {...form.bind('chargerId')} maxLength={48} autoComplete="off" />
          </Field>
        )}
        {text('serialNumber', 'charger.serial', 48)}
        {text('model', 'charger.model', 48, false)}
        {text('vendor', 'charger.vendor', 48, false)}
        <Field label={label('charger.ocpp')} error={form.errorText('ocppVersion')}>
          <select {...form.bind('ocppVersion')}>
            {OCPP_VERSIONS.map((v) => (
              <option key={v} value={v}>
                {v}
              </option>
            ))}
          </select>
        </Field>
        {text('ipAddress', 'charger.ip', 45)}
        {text('iccid', 'charger.iccid', 22)}
        {text('simNumber', 'charger.sim', 20)}
        {text('imsi', 'charger.imsi', 15)}
        <Field label={label('charger.comment')} error={form.errorText('comment')}>
          <textarea rows={2} {...form.bind('comment')} maxLength={300} />
        </Field>
        <fieldset>
          <legend>
            <FormattedMessage id="charger.connectors" />
          </legend>
          {connectors.map((k, i) => (
            <div
              className="connector"
              key={i}
              role="group"
              aria-label={form.intl.formatMessage({ id: 'charger.connectorN' }, { n: i + 1 })}
            >
              <Field label={label('charger.connectorCode')}>
                <input dir="ltr" value={k.code} maxLength={20} onChange={(e) => setConnector(i, { code: e.target.value })} />
              </Field>
              <Field label={label('charger.connectorType')}>
                <select value={k.type} onChange={(e) => setConnector(i, { type: e.target.value as ConnectorType })}>
                  {CONNECTOR_TYPES.map((t) => (
                    <option key={t} value={t}>
                      {t}
                    </option>
                  ))}
                </select>
              </Field>
              <Field label={label('charger.current')}>
                <select value={k.current} onChange={(e) => setConnector(i, { current: e.target.value as CurrentType })}>
                  {CURRENT_TYPES.map((t) => (
                    <option key={t} value={t}>
                      {t}
                    </option>
                  ))}
                </select>
              </Field>
              <Field label={label('charger.maxPower')}>
                <input
                  dir="ltr"
                  inputMode="decimal"
                  value={k.maxPowerKw}
                  onChange={(e) => setConnector(i, { maxPowerKw: e.target.value })}
                />
              </Field>
              {connectors.length > 1 && (
                <Button type="button" variant="secondary" onClick={() => setConnectors((list) => list.filter((_, j) => j !== i))}>
                  <FormattedMessage id="charger.removeConnector" />
                </Button>
              )}
            </div>
          ))}
          {form.errors.connectors && (
            <p role="alert" css={{ margin: 0 }}>
              {form.errorText('connectors')}
            </p>
          )}
          {connectors.length < 8 && (
            <Button type="button" variant="secondary" onClick={() => setConnectors((list) => [...list, newConnector(list.length + 1)])}>
              <FormattedMessage id="charger.addConnector" />
            </Button>
          )}
        </fieldset>
        {problem !== null && <ProblemAlert error={problem} onReload={onDone} />}
        <Toolbar>
          <Button type="submit" disabled={add.isPending || update.isPending}>
            <FormattedMessage id="common.save" />
          </Button>
          {onRemove ? (
            <Button type="button" variant="secondary" onClick={onRemove}>
              <FormattedMessage id="charger.removeDraft" />
            </Button>
          ) : (
            <CancelButton onClick={onDone} />
          )}
        </Toolbar>
      </form>
    </FormCard>
  );
}
