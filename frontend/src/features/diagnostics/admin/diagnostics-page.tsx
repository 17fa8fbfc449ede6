// i18n-catalog: app — the staff's diagnostics screen.
import { useState } from 'react';
import styled from '@emotion/styled';
import { Link, useParams } from '@tanstack/react-router';
import { FormattedMessage, useIntl } from 'react-intl';
import { DIAGNOSTICS_STATUSES, type DiagnosticsRequestView, type DiagnosticsStatus } from '@evc/contracts/diagnostics';
import { paths } from '../../../config/paths';
import { Button } from '../../../components/ui/button';
import { Alert, ErrorText, FormCard, Screen, Table, TableScroll, Toolbar } from '../../../components/admin/admin-ui';
import { Chip, type Tone } from '../../../components/admin/chip';
import { Loaded, useEventTime } from '../../../components/admin/log-parts';
import { useCommand } from '../../../components/admin/admin-api';
import { fromCairoInput } from '../../../lib/cairo-time';
import { newUuid } from '../../../lib/uuid';
import { DIAGNOSTICS_REQUESTS, downloadDiagnostics, useDiagnosticsRequests, useDiagnosticsText } from '../api/diagnostics-api';
import { HeaderRow } from '../../../components/admin/header-row';

const STATUS_TONES: Record<DiagnosticsStatus, Tone> = {
  requested: 'busy',
  accepted: 'active',
  uploading: 'active',
  uploaded: 'ok',
  failed: 'bad',
  expired: 'idle',
};

/** Why a request failed or an upload was refused, as the read model names it. */
const FAILURES = [
  'command_rejected',
  'command_not_supported',
  'command_offline',
  'command_timeout',
  'command_error',
  'charger_upload_failed',
  'upload_too_large',
  'upload_empty',
  'upload_broken',
];

const Viewer = styled.pre`
  max-block-size: 60vh;
  overflow: auto;
  padding: 0.75rem;
  background: #f8fafc;
  border: 1px solid #e2e8f0;
  border-radius: 6px;
  white-space: pre-wrap;
  overflow-wrap: anywhere;
  text-align: start;
  font-size: 0.85rem;
`;

const Fields = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: 1rem;
  align-items: end;
  label {
    display: grid;
    gap: 0.25rem;
  }
`;

export function DiagnosticsStatusChip({ status }: { status: DiagnosticsStatus }) {
  const intl = useIntl();
  const known = DIAGNOSTICS_STATUSES.includes(status);
  return (
    <Chip tone={known ? STATUS_TONES[status] : 'idle'} data-status={status}>
      {known ? intl.formatMessage({ id: `diagnostics.status.${status}` }) : status}
    </Chip>
  );
}

/** Asks the charger for its diagnostics, optionally for a window of time (Cairo time). */
function RequestForm({ chargerId }: { chargerId: string }) {
  const intl = useIntl();
  const send = useCommand(DIAGNOSTICS_REQUESTS, 'diagnostics.request');
  const [from, setFrom] = useState('');
  const [to, setTo] = useState('');
  const [done, setDone] = useState(false);
  const submit = () => {
    const fromIso = from ? fromCairoInput(from) : null;
    const toIso = to ? fromCairoInput(to) : null;
    setDone(false);
    send.mutate(
      { requestId: newUuid(), chargerId, ...(fromIso ? { from: fromIso } : {}), ...(toIso ? { to: toIso } : {}) },
      { onSuccess: () => setDone(true) },
    );
  };
  return (
    <FormCard>
      <form
        aria-label={intl.formatMessage({ id: 'diagnostics.ask' })}
        onSubmit={(e) => {
          e.preventDefault();
          submit();
        }}
      >
        <Fields>
          <label>
            <FormattedMessage id="diagnostics.from" />
            <input type="datetime-local" value={from} onChange={(e) => setFrom(e.target.value)} />
          </label>
          <label>
            <FormattedMessage id="diagnostics.to" />
            <input type="datetime-local" value={to} onChange={(e) => setTo(e.target.value)} />
          </label>
          <Button type="submit" disabled={send.isPending}>
            <FormattedMessage id="diagnostics.ask" />
          </Button>
        </Fields>
      </form>
      {send.isError && (
        <Alert role="alert">
          <ErrorText error={send.error} />
        </Alert>
      )}
      {done && (
        <p role="status">
          <FormattedMessage id="diagnostics.asked" />
        </p>
      )}
    </FormCard>
  );
}

/** The file's text (escaped: React renders it as text), capped; a binary file is only a download. */
function TextView({ chargerId, request, onClose }: { chargerId: string; request: DiagnosticsRequestView; onClose: () => void }) {
  const text = useDiagnosticsText(chargerId, request.requestId);
  return (
    <section aria-labelledby="diagnostics-view-title">
      <Toolbar>
        <h2 id="diagnostics-view-title">
          <bdi dir="ltr">{request.file?.name}</bdi>
        </h2>
        <span className="spacer" />
        <Button type="button" variant="secondary" onClick={onClose}>
          <FormattedMessage id="diagnostics.close" />
        </Button>
      </Toolbar>
      <Loaded query={text}>
        {(t) =>
          t.binary ? (
            <p>
              <FormattedMessage id="diagnostics.binary" />
            </p>
          ) : (
            <>
              {t.truncated && (
                <p>
                  <FormattedMessage id="diagnostics.truncated" />
                </p>
              )}
              <Viewer dir="ltr" data-testid="diagnostics-text">
                {t.text}
              </Viewer>
            </>
          )
        }
      </Loaded>
    </section>
  );
}

/** A charger's diagnostics: ask for them, follow each request, download or read the file. */
export function ChargerDiagnosticsPage() {
  const intl = useIntl();
  const time = useEventTime();
  const { chargerId } = useParams({ strict: false }) as { chargerId: string };
  const requests = useDiagnosticsRequests(chargerId);
  const [viewing, setViewing] = useState<DiagnosticsRequestView | null>(null);
  const [downloadError, setDownloadError] = useState<unknown>(null);
  return (
    <Screen>
      <h1>
        <FormattedMessage id="diagnostics.title" values={{ chargerId }} />
      </h1>
      <Toolbar>
        <Link to={paths.admin.chargerOperations} params={{ chargerId }}>
          <FormattedMessage id="diagnostics.back" />
        </Link>
      </Toolbar>
      <RequestForm chargerId={chargerId} />
      {downloadError !== null && (
        <Alert role="alert">
          <ErrorText error={downloadError} />
        </Alert>
      )}
      <Loaded query={requests}>
        {(page) =>
          page.dataList.length === 0 ? (
            <p>
              <FormattedMessage id="diagnostics.none" />
            </p>
          ) : (
            <TableScroll>
              <Table aria-label={intl.formatMessage({ id: 'diagnostics.list' })}>
                <thead>
                  <HeaderRow
                    ids={[
                      'diagnostics.col.requested',
                      'diagnostics.col.by',
                      'diagnostics.col.status',
                      'diagnostics.col.charger',
                      'diagnostics.col.file',
                    ]}
                  />
                </thead>
                <tbody>
                  {page.dataList.map((r) => (
                    <tr key={r.requestId} data-testid="diagnostics-request">
                      <td>{time(r.requestedAt)}</td>
                      <td>{r.requestedBy.name ?? r.requestedBy.id}</td>
                      <td>
                        <DiagnosticsStatusChip status={r.status} />{' '}
                        {r.failure && (
                          <small>
                            {FAILURES.includes(r.failure) ? intl.formatMessage({ id: `diagnostics.failure.${r.failure}` }) : r.failure}
                          </small>
                        )}
                      </td>
                      <td dir="ltr">{r.chargerStatus ?? '—'}</td>
                      <td>
                        {r.file ? (
                          <>
                            <bdi dir="ltr">{r.file.name}</bdi> <FormattedMessage id="diagnostics.size" values={{ size: r.file.size }} />{' '}
                            <Button
                              type="button"
                              variant="ghost"
                              onClick={() => {
                                setDownloadError(null);
                                downloadDiagnostics(chargerId, r.requestId, r.file!.name).catch(setDownloadError);
                              }}
                            >
                              <FormattedMessage id="diagnostics.download" />
                            </Button>
                            <Button type="button" variant="ghost" onClick={() => setViewing(r)}>
                              <FormattedMessage id="diagnostics.view" />
                            </Button>
                          </>
                        ) : (
                          '—'
                        )}
                      </td>
                    </tr>
                  ))}
                </tbody>
              </Table>
            </TableScroll>
          )
        }
      </Loaded>
      {viewing && <TextView chargerId={chargerId} request={viewing} onClose={() => setViewing(null)} />}
    </Screen>
  );
}
