import { useState, type ReactNode } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useAtomValue, useSetAtom } from 'jotai';
import { FormattedMessage, useIntl } from 'react-intl';
import { Button } from '../../../components/ui/button';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { Spinner } from '../../../components/ui/spinner';
import { api } from '../../../lib/api';
import { saveFile } from '../../../lib/save-file';
import { hasPrivilege, sessionAtom } from '../../../stores/auth-state';
import { pushToastAtom } from '../../../stores/toast-state';
import { positionOf, useCommand } from '../../../components/admin/admin-api';
import { Alert, DetailList as Summary, ErrorText, FormCard, Table, Toolbar, QueryWait } from '../../../components/admin/admin-ui';
import { useBilingual } from '../../../components/admin/admin-list';
import { useProblemText } from '../../../components/admin/problems';
import { SESSIONS, useCodeText, useSessionFormat } from '../../../components/admin/session-format';
import { OPEN_STATUSES, SESSION_REFRESH_MS, SessionRefusedChip, SessionStatusChip } from './session-parts';
import { HeaderRow } from '../../../components/admin/header-row';

/** One session (sessions.admin-get), asked again every 10 s while it is not over. */
export function useSessionDetail(sessionId: string) {
  return useQuery({
    queryKey: [SESSIONS, 'item', sessionId],
    queryFn: ({ signal }) => api.query('sessions.admin-get', { sessionId }, { signal, position: positionOf(SESSIONS) }),
    refetchInterval: (q) => (q.state.data && OPEN_STATUSES.includes(q.state.data.status) ? SESSION_REFRESH_MS : false),
  });
}

/** The detail of a session: summary, prices used, meter readings, the timeline, Stop (stations.write) and the receipt (customers.read). */
export function SessionDetail({ sessionId, onClose }: { sessionId: string; onClose: () => void }) {
  const intl = useIntl();
  const fmt = useSessionFormat();
  const code = useCodeText();
  const { name } = useBilingual();
  const session = useAtomValue(sessionAtom);
  const canStop = hasPrivilege(session, 'stations.write');
  const canReadCustomers = hasPrivilege(session, 'customers.read');
  const query = useSessionDetail(sessionId);
  if (query.isPending || query.isError) return <QueryWait query={query} />;
  const s = query.data;
  const title = intl.formatMessage({ id: 'admin.sessions.detailTitle' }, { id: s.sessionId.slice(0, 8) });
  const row = (labelId: string, value: ReactNode) => (
    <>
      <dt>
        <FormattedMessage id={labelId} />
      </dt>
      <dd>{value}</dd>
    </>
  );
  return (
    <FormCard as="section" aria-label={title}>
      <Toolbar>
        <h2>{title}</h2>
        <SessionStatusChip status={s.status} />
        <SessionRefusedChip refusal={s.refusal} />
        <span className="spacer" />
        <Button type="button" variant="secondary" onClick={onClose}>
          <FormattedMessage id="admin.sessions.closeDetail" />
        </Button>
      </Toolbar>
      {canStop && s.status === 'charging' && <StopSession sessionId={s.sessionId} />}
      {canReadCustomers && s.billed && <SessionReceipt sessionId={s.sessionId} />}
      <Summary>
        {row('admin.sessions.customer', s.customerName ?? '—')}
        {row('admin.sessions.station', name(s.stationNameEn, s.stationNameAr))}
        {row(
          'admin.sessions.charger',
          <bdi dir="ltr">{`${s.chargerId} · ${intl.formatMessage({ id: 'admin.sessions.connectorN' }, { n: s.connectorId })} · ${s.connectorType} ${s.current}`}</bdi>,
        )}
        {row('admin.sessions.origin', code('admin.sessions.origin', s.origin))}
        {row('admin.sessions.car', (intl.locale.startsWith('ar') ? (s.carLabelAr ?? s.carLabel) : s.carLabel) ?? '—')}
        {row('admin.sessions.requestedAt', fmt.dateTime(s.requestedAt))}
        {row('admin.sessions.startedAt', fmt.dateTime(s.startedAt))}
        {row('admin.sessions.stoppedAt', fmt.dateTime(s.stoppedAt))}
        {row('admin.sessions.duration', fmt.duration(s.startedAt, s.stoppedAt))}
        {row('admin.sessions.energy', fmt.kwh(s.energyWh))}
        {row('admin.sessions.cost', <bdi>{fmt.money(s.cost)}</bdi>)}
        {row('admin.sessions.billed', <FormattedMessage id={s.billed ? 'common.yes' : 'common.no'} />)}
        {s.shortfall > 0 && row('admin.sessions.shortfall', <bdi>{fmt.money(s.shortfall)}</bdi>)}
        {s.failure && row('admin.sessions.failureLabel', code('admin.sessions.failure', s.failure))}
        {s.stopReason && row('admin.sessions.stopReasonLabel', code('admin.sessions.stopReason', s.stopReason))}
        {row('admin.sessions.transactionId', <bdi dir="ltr">{s.transactionId ?? '—'}</bdi>)}
        {row('admin.sessions.pricePerKwh', <bdi>{fmt.money(s.pricePerKwh)}</bdi>)}
        {row('admin.sessions.minimumCharge', <bdi>{fmt.money(s.minimumCharge)}</bdi>)}
      </Summary>
      <h3>
        <FormattedMessage id="admin.sessions.readings" />
      </h3>
      <Table aria-label={intl.formatMessage({ id: 'admin.sessions.readings' })}>
        <thead>
          <HeaderRow ids={['admin.sessions.readingTime', 'admin.sessions.register', 'admin.sessions.power', 'admin.sessions.soc']} />
        </thead>
        <tbody>
          {s.readings.map((r) => (
            <tr key={r.timestamp}>
              <td>
                <time dateTime={r.timestamp}>{fmt.time(r.timestamp)}</time>
              </td>
              <td>{fmt.kwh(r.energyWh)}</td>
              <td>{fmt.kw(r.powerW)}</td>
              <td>{fmt.soc(r.socPercent)}</td>
            </tr>
          ))}
          {s.readings.length === 0 && (
            <tr>
              <td colSpan={4}>
                <FormattedMessage id="admin.sessions.noReadings" />
              </td>
            </tr>
          )}
        </tbody>
      </Table>
      <h3>
        <FormattedMessage id="admin.sessions.timeline" />
      </h3>
      <ol aria-label={intl.formatMessage({ id: 'admin.sessions.timeline' })}>
        {s.timeline.map((e, i) => (
          <li key={`${e.at}-${i}`}>
            <time dateTime={e.at}>{fmt.dateTime(e.at)}</time>
            {' · '}
            <strong>{code('admin.sessions.event', e.type)}</strong>
            {' · '}
            <span>{e.actor.name ?? code('admin.sessions.actor', e.actor.type)}</span>
            {e.reason && <span>{` · ${code('admin.sessions.stopReason', e.reason)}`}</span>}
          </li>
        ))}
      </ol>
    </FormCard>
  );
}

/** Stop a running session remotely (sessions.staff-stop), after a confirmation; the server checks the privilege. */
function StopSession({ sessionId }: { sessionId: string }) {
  const intl = useIntl();
  const pushToast = useSetAtom(pushToastAtom);
  const problemText = useProblemText();
  const [confirming, setConfirming] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const stop = useCommand(SESSIONS, 'sessions.staff-stop');
  const send = () =>
    stop.mutate(
      { sessionId },
      {
        onSuccess: () => {
          setConfirming(false);
          pushToast({ kind: 'success', text: intl.formatMessage({ id: 'admin.sessions.stopSent' }) });
        },
        onError: (error) => setProblem(problemText(error)),
      },
    );
  return (
    <Toolbar>
      <Button type="button" onClick={() => (setProblem(null), setConfirming(true))}>
        <FormattedMessage id="admin.sessions.stop" />
      </Button>
      {confirming && (
        <ConfirmDialog
          title={<FormattedMessage id="admin.sessions.confirmStop" />}
          confirm={<FormattedMessage id="admin.sessions.stopConfirm" />}
          busy={stop.isPending}
          onConfirm={send}
          onCancel={() => setConfirming(false)}
        >
          {problem && <Alert role="alert">{problem}</Alert>}
        </ConfirmDialog>
      )}
    </Toolbar>
  );
}

/**
 * A billed session's receipt, the document its customer has (sessions.admin-receipt, customers.read; the server checks
 * it): its number, and the PDF in either language, whatever the panel's (a customer may ask for it in theirs).
 */
function SessionReceipt({ sessionId }: { sessionId: string }) {
  const intl = useIntl();
  const [failed, setFailed] = useState(false);
  const [busy, setBusy] = useState(false);
  const receipt = useQuery({
    queryKey: [SESSIONS, 'receipt', sessionId],
    queryFn: ({ signal }) => api.query('sessions.admin-receipt', { sessionId }, { signal }),
    retry: false,
  });
  const download = async (lang: 'en' | 'ar', receiptNumber: string) => {
    setFailed(false);
    setBusy(true);
    try {
      saveFile(
        await api.file('sessions.admin-receipt', { sessionId, format: 'pdf', lang }, { accept: 'application/pdf' }),
        `receipt-${receiptNumber}-${lang}.pdf`,
      );
    } catch {
      setFailed(true);
    } finally {
      setBusy(false);
    }
  };
  return (
    <Toolbar aria-label={intl.formatMessage({ id: 'admin.sessions.receipt' })} role="group">
      <strong>
        <FormattedMessage id="admin.sessions.receipt" />
      </strong>
      {receipt.isPending && <Spinner />}
      {receipt.isError && <ErrorText error={receipt.error} />}
      {receipt.data && (
        <>
          <bdi dir="ltr">{receipt.data.receiptNumber}</bdi>
          {(['en', 'ar'] as const).map((lang) => (
            <Button
              key={lang}
              type="button"
              variant="secondary"
              disabled={busy}
              aria-busy={busy}
              onClick={() => void download(lang, receipt.data.receiptNumber)}
            >
              <FormattedMessage id={lang === 'en' ? 'admin.sessions.receiptPdfEn' : 'admin.sessions.receiptPdfAr'} />
            </Button>
          ))}
        </>
      )}
      {failed && (
        <Alert role="alert">
          <FormattedMessage id="receipt.downloadFailed" />
        </Alert>
      )}
    </Toolbar>
  );
}
