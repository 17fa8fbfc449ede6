import styled from '@emotion/styled';
import { useState } from 'react';
import { Link } from '@tanstack/react-router';
import { useAtomValue, useSetAtom } from 'jotai';
import { FormattedMessage, useIntl } from 'react-intl';
import type { ChargerAdminView, StationAdminView } from '@evc/contracts/network';
import { Button } from '../../../components/ui/button';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { paths } from '../../../config/paths';
import { hasPrivilege, sessionAtom } from '../../../stores/auth-state';
import { pushToastAtom } from '../../../stores/toast-state';
import { useCommand } from '../../../components/admin/admin-api';
import { Table, Toolbar } from '../../../components/admin/admin-ui';
import { ProblemAlert } from '../../../components/admin/problems';
import { SecretDialog } from '../../../components/admin/secret-dialog';
import type { ChargerRowParts } from '../../../components/admin/charger-row-parts';
import { ChargerForm } from './charger-form';
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

/**
 * The chargers of the selected station, edited inline: add (answers the secret key, shown once), edit, rotate the
 * secret, delete. A new row that was never saved is only local: deleting it sends nothing. `live` adds the live
 * state and the per-charger panels.
 */
export function ChargersPanel({ station, live }: { station: StationAdminView; live: ChargerRowParts }) {
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
            <th>
              <FormattedMessage id="charger.chargerId" />
            </th>
            <th>
              <FormattedMessage id="charger.serial" />
            </th>
            <th>
              <FormattedMessage id="charger.model" />
            </th>
            <th>
              <FormattedMessage id="charger.ocpp" />
            </th>
            <th>
              <FormattedMessage id="charger.firmware" />
            </th>
            {live.headers}
            {canWrite && (
              <th>
                <FormattedMessage id="charger.actions" />
              </th>
            )}
          </tr>
        </thead>
        <tbody>
          {chargers.map((c) => (
            <tr key={c.chargerId}>
              <td dir="ltr">{c.chargerId}</td>
              <td dir="ltr">{c.serialNumber}</td>
              <td>{`${c.vendor} ${c.model}`}</td>
              <td>{c.ocppVersion}</td>
              <td dir={c.firmwareVersion ? 'ltr' : undefined}>
                {c.firmwareVersion ?? intl.formatMessage({ id: 'charger.unknownFirmware' })}
              </td>
              {live.cells(c)}
              {canWrite && (
                <td>
                  <Toolbar>
                    {live.actions(c)}
                    <Button
                      type="button"
                      variant="secondary"
                      aria-label={intl.formatMessage({ id: 'charger.editOf' }, { chargerId: c.chargerId })}
                      onClick={() => setEditing(c.chargerId)}
                    >
                      <FormattedMessage id="common.edit" />
                    </Button>
                    <Button
                      type="button"
                      variant="secondary"
                      disabled={rotate.isPending}
                      aria-label={intl.formatMessage({ id: 'charger.rotateOf' }, { chargerId: c.chargerId })}
                      onClick={() => onRotate(c)}
                    >
                      <FormattedMessage id="charger.rotate" />
                    </Button>
                    <Button
                      type="button"
                      variant="secondary"
                      aria-label={intl.formatMessage({ id: 'charger.deleteOf' }, { chargerId: c.chargerId })}
                      onClick={() => setConfirmDelete(c.chargerId)}
                    >
                      <FormattedMessage id="admin.delete" />
                    </Button>
                  </Toolbar>
                  {live.below(c)}
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
              <td colSpan={5 + live.columns + (canWrite ? 1 : 0)}>
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
      {live.panels(chargers)}
      {editing &&
        (() => {
          const charger = chargers.find((c) => c.chargerId === editing);
          return charger ? (
            <ChargerForm
              key={`edit-${editing}`}
              stationId={station.stationId}
              charger={charger}
              onDone={() => setEditing(null)}
              onSecret={setSecret}
            />
          ) : null;
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
