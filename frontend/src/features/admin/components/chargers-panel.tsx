import styled from '@emotion/styled';
import { useState } from 'react';
import { Link } from '@tanstack/react-router';
import { useAtomValue, useSetAtom } from 'jotai';
import { FormattedMessage, useIntl } from 'react-intl';
import type { ChargerAdminView, StationAdminView } from '@evc/contracts/admin/views';
import { addChargerSchema, updateChargerSchema } from '@evc/contracts/admin/schemas';
import type { ChargerCommandAction } from '@evc/contracts/network/charger-commands';
import { CONNECTOR_TYPES, CURRENT_TYPES, OCPP_VERSIONS, type ConnectorType, type CurrentType } from '@evc/contracts/network/schemas';
import { normalizeDigits } from '@evc/contracts/digits';
import { Button } from '../../../components/ui/button';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { Field } from '../../../components/ui/field';
import { paths } from '../../../config/paths';
import { useSchemaForm } from '../../../hooks/use-schema-form';
import { ApiRequestError } from '../../../lib/api-client';
import { hasPrivilege, sessionAtom } from '../../../stores/auth-state';
import { pushToastAtom } from '../../../stores/toast-state';
import { useCommand } from '../api/admin-api';
import { FormCard, Table, Toolbar } from './admin-ui';
import { CommandButtons, CommandForm, CommandsPanel } from './charger-commands';
import { ConnectorStates, OnlineBadge, RelativeTime, useNow } from './charger-live';
import { MessageLog } from './message-log';
import { ProblemAlert } from './problems';
import { SecretDialog } from './secret-dialog';
import { STATIONS } from './station-form';

const Panel = styled.section`
  display: grid;
  gap: 0.75rem;
  h2 {
    margin: 0;
    font-size: 1.2rem;
  }
  .connector {
    display: grid;
    grid-template-columns: repeat(auto-fit, minmax(8rem, 1fr));
    gap: 0.5rem;
    align-items: end;
  }
`;

interface ConnectorDraft {
  code: string;
  type: ConnectorType;
  current: CurrentType;
  maxPowerKw: string;
}

const newConnector = (n: number): ConnectorDraft => ({ code: `C${n}`, type: 'Type2', current: 'AC', maxPowerKw: '22' });
const optional = (v: string) => (v.trim() === '' ? undefined : v.trim());

/**
 * The chargers of the selected station, edited inline: add (answers the secret key, shown once), edit, rotate the
 * secret, delete. A new row that was never saved is only local: deleting it sends nothing.
 */
export function ChargersPanel({ station }: { station: StationAdminView }) {
  const intl = useIntl();
  const session = useAtomValue(sessionAtom);
  const canWrite = hasPrivilege(session, 'stations.write');
  const canInvestigate = hasPrivilege(session, 'events.read');
  const pushToast = useSetAtom(pushToastAtom);
  const [drafts, setDrafts] = useState<number[]>([]);
  const [nextDraft, setNextDraft] = useState(1);
  const [editing, setEditing] = useState<string | null>(null);
  const [confirmDelete, setConfirmDelete] = useState<string | null>(null);
  const [problem, setProblem] = useState<unknown>(null);
  const [secret, setSecret] = useState<{ chargerId: string; secretKey: string } | null>(null);
  const [logFor, setLogFor] = useState<string | null>(null);
  const [commandsFor, setCommandsFor] = useState<string | null>(null);
  const [commandFor, setCommandFor] = useState<{ chargerId: string; action: ChargerCommandAction } | null>(null);
  const now = useNow();
  const remove = useCommand(STATIONS, 'chargers.delete');
  const rotate = useCommand(STATIONS, 'chargers.rotate-secret');
  const chargers = station.chargers.filter((c) => c.modelState !== 3);

  const onRotate = (c: ChargerAdminView) => {
    setProblem(null);
    rotate.mutate(
      { chargerId: c.chargerId, expectedRevision: c.revision },
      { onSuccess: (r) => setSecret({ chargerId: r.chargerId ?? c.chargerId, secretKey: r.secretKey }), onError: setProblem },
    );
  };
  const onDelete = (c: ChargerAdminView) => {
    setProblem(null);
    remove.mutate(
      { chargerId: c.chargerId, expectedRevision: c.revision },
      {
        onSuccess: () => {
          setConfirmDelete(null);
          pushToast({ kind: 'success', text: intl.formatMessage({ id: 'admin.deleted' }) });
        },
        onError: setProblem,
      },
    );
  };

  return (
    <Panel aria-labelledby="chargers-title">
      <h2 id="chargers-title">
        <FormattedMessage id="charger.title" values={{ station: intl.locale.startsWith('ar') ? station.nameAr : station.nameEn }} />
      </h2>
      {canWrite && (
        <Toolbar>
          <Button type="button" onClick={() => (setDrafts((d) => [...d, nextDraft]), setNextDraft((n) => n + 1))}>
            <FormattedMessage id="charger.add" />
          </Button>
        </Toolbar>
      )}
      {problem !== null && <ProblemAlert error={problem} />}
      <Table aria-labelledby="chargers-title">
        <thead>
          <tr>
            <th><FormattedMessage id="charger.chargerId" /></th>
            <th><FormattedMessage id="charger.serial" /></th>
            <th><FormattedMessage id="charger.model" /></th>
            <th><FormattedMessage id="charger.ocpp" /></th>
            <th><FormattedMessage id="charger.firmware" /></th>
            <th><FormattedMessage id="charger.connectors" /></th>
            <th><FormattedMessage id="admin.status" /></th>
            <th><FormattedMessage id="charger.lastHeartbeat" /></th>
            {canWrite && <th><FormattedMessage id="charger.actions" /></th>}
          </tr>
        </thead>
        <tbody>
          {chargers.map((c) => (
            <tr key={c.chargerId}>
              <td dir="ltr">{c.chargerId}</td>
              <td dir="ltr">{c.serialNumber}</td>
              <td>{`${c.vendor} ${c.model}`}</td>
              <td>{c.ocppVersion}</td>
              <td dir={c.firmwareVersion ? 'ltr' : undefined}>{c.firmwareVersion ?? intl.formatMessage({ id: 'charger.unknownFirmware' })}</td>
              <td>
                <ConnectorStates charger={c} />
              </td>
              <td>
                <OnlineBadge online={c.online} />
              </td>
              <td>
                <RelativeTime iso={c.lastHeartbeatAt} now={now} />
              </td>
              {canWrite && (
                <td>
                  <Toolbar>
                    <Button
                      type="button"
                      variant="secondary"
                      aria-expanded={logFor === c.chargerId}
                      aria-label={intl.formatMessage({ id: 'charger.messageLogOf' }, { chargerId: c.chargerId })}
                      onClick={() => setLogFor((open) => (open === c.chargerId ? null : c.chargerId))}
                    >
                      <FormattedMessage id="charger.messageLog" />
                    </Button>
                    <Button
                      type="button"
                      variant="secondary"
                      aria-expanded={commandsFor === c.chargerId}
                      aria-label={intl.formatMessage({ id: 'charger.commandsOf' }, { chargerId: c.chargerId })}
                      onClick={() => setCommandsFor((open) => (open === c.chargerId ? null : c.chargerId))}
                    >
                      <FormattedMessage id="charger.commands" />
                    </Button>
                    <Button type="button" variant="secondary" aria-label={intl.formatMessage({ id: 'charger.editOf' }, { chargerId: c.chargerId })} onClick={() => setEditing(c.chargerId)}>
                      <FormattedMessage id="common.edit" />
                    </Button>
                    <Button type="button" variant="secondary" disabled={rotate.isPending} aria-label={intl.formatMessage({ id: 'charger.rotateOf' }, { chargerId: c.chargerId })} onClick={() => onRotate(c)}>
                      <FormattedMessage id="charger.rotate" />
                    </Button>
                    <Button type="button" variant="secondary" aria-label={intl.formatMessage({ id: 'charger.deleteOf' }, { chargerId: c.chargerId })} onClick={() => setConfirmDelete(c.chargerId)}>
                      <FormattedMessage id="admin.delete" />
                    </Button>
                  </Toolbar>
                  <CommandButtons
                    chargerId={c.chargerId}
                    open={commandFor?.chargerId === c.chargerId ? commandFor.action : null}
                    onPick={(action) => setCommandFor({ chargerId: c.chargerId, action })}
                  />
                  {confirmDelete === c.chargerId && (
                    <ConfirmDialog
                      title={<FormattedMessage id="charger.confirmDelete" values={{ chargerId: c.chargerId }} />}
                      confirm={<FormattedMessage id="admin.delete" />}
                      busy={remove.isPending}
                      onConfirm={() => onDelete(c)}
                      onCancel={() => setConfirmDelete(null)}
                    />
                  )}
                </td>
              )}
            </tr>
          ))}
          {chargers.length === 0 && drafts.length === 0 && (
            <tr>
              <td colSpan={canWrite ? 9 : 8}>
                <FormattedMessage id="admin.empty" />
              </td>
            </tr>
          )}
        </tbody>
      </Table>
      {canInvestigate && chargers.length > 0 && (
        <Toolbar as="nav" aria-label={intl.formatMessage({ id: 'chargerOps.open' })}>
          {chargers.map((c) => (
            <Link key={c.chargerId} to={paths.admin.chargerOperations} params={{ chargerId: c.chargerId }}>
              <FormattedMessage id="chargerOps.openOf" values={{ chargerId: c.chargerId }} />
            </Link>
          ))}
        </Toolbar>
      )}
      {commandFor &&
        (() => {
          const charger = chargers.find((c) => c.chargerId === commandFor.chargerId);
          return charger ? (
            <CommandForm
              key={`${commandFor.chargerId}-${commandFor.action}`}
              charger={charger}
              action={commandFor.action}
              onDone={() => setCommandFor(null)}
              onSent={() => (setCommandFor(null), setCommandsFor(charger.chargerId))}
            />
          ) : null;
        })()}
      {canWrite && commandsFor && chargers.some((c) => c.chargerId === commandsFor) && (
        <CommandsPanel key={commandsFor} chargerId={commandsFor} onClose={() => setCommandsFor(null)} />
      )}
      {logFor && chargers.some((c) => c.chargerId === logFor) && <MessageLog key={logFor} chargerId={logFor} onClose={() => setLogFor(null)} />}
      {editing &&
        (() => {
          const charger = chargers.find((c) => c.chargerId === editing);
          return charger ? <ChargerForm key={`edit-${editing}`} stationId={station.stationId} charger={charger} onDone={() => setEditing(null)} onSecret={setSecret} /> : null;
        })()}
      {drafts.map((d) => (
        <ChargerForm
          key={`draft-${d}`}
          stationId={station.stationId}
          onDone={() => setDrafts((list) => list.filter((x) => x !== d))}
          onRemove={() => setDrafts((list) => list.filter((x) => x !== d))}
          onSecret={setSecret}
        />
      ))}
      {secret && <SecretDialog chargerId={secret.chargerId} secretKey={secret.secretKey} onClose={() => setSecret(null)} />}
    </Panel>
  );
}

function ChargerForm({ stationId, charger, onDone, onRemove, onSecret }: { stationId: string; charger?: ChargerAdminView; onDone: () => void; onRemove?: () => void; onSecret: (s: { chargerId: string; secretKey: string }) => void }) {
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
    charger ? charger.connectors.map((k) => ({ code: k.code, type: k.type, current: k.current, maxPowerKw: String(k.maxPowerKw) })) : [newConnector(1)],
  );
  const add = useCommand(STATIONS, 'chargers.add');
  const update = useCommand(STATIONS, 'chargers.update');
  const label = (id: string) => form.intl.formatMessage({ id });
  const setConnector = (i: number, patch: Partial<ConnectorDraft>) => setConnectors((list) => list.map((k, j) => (j === i ? { ...k, ...patch } : k)));

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
      connectors: connectors.map((k, i) => ({ connectorId: i + 1, code: k.code, type: k.type, current: k.current, maxPowerKw: Number(normalizeDigits(k.maxPowerKw.trim()) || Number.NaN) })),
    };
    const onError = (error: unknown) => {
      form.serverError(error);
      if (error instanceof ApiRequestError && error.code === 'network.charger_exists') form.setErrors((x) => ({ ...x, chargerId: { path: 'chargerId', code: 'charger_exists' } }));
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
  const chargerIdError = form.errors.chargerId?.code === 'charger_exists' ? label('error.network.charger_exists') : form.errorText('chargerId');
  const text = (key: 'serialNumber' | 'model' | 'vendor' | 'ipAddress' | 'iccid' | 'simNumber' | 'imsi', labelId: string, max: number, ltr = true) => (
    <Field label={label(labelId)} error={form.errorText(key)}>
      <input dir={ltr ? 'ltr' : 'auto'} {...form.bind(key)} maxLength={max} />
    </Field>
  );

  return (
    <FormCard>
      <h2>
        <FormattedMessage id={charger ? 'charger.editTitle' : 'charger.newTitle'} />
      </h2>
      <form noValidate onSubmit={(e) => (e.preventDefault(), submit())} aria-label={label(charger ? 'charger.editTitle' : 'charger.newTitle')}>
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
            <div className="connector" key={i} role="group" aria-label={form.intl.formatMessage({ id: 'charger.connectorN' }, { n: i + 1 })}>
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
                <input dir="ltr" inputMode="decimal" value={k.maxPowerKw} onChange={(e) => setConnector(i, { maxPowerKw: e.target.value })} />
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
            <Button type="button" variant="secondary" onClick={onDone}>
              <FormattedMessage id="common.cancel" />
            </Button>
          )}
        </Toolbar>
      </form>
    </FormCard>
  );
}
