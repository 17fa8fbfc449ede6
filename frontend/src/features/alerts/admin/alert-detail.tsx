import styled from '@emotion/styled';
import { useState, type FormEvent } from 'react';
import { useAtomValue, useSetAtom } from 'jotai';
import { FormattedMessage, useIntl } from 'react-intl';
import { ALERT_NOTE_MAX, acknowledgeAlertSchema, noteAlertSchema, resolveAlertSchema } from '@evc/contracts/alerts';
import type { AlertDetail as Detail } from '@evc/contracts/alerts';
import { Button } from '../../../components/ui/button';
import { Field } from '../../../components/ui/field';
import { useSchemaForm } from '../../../hooks/use-schema-form';
import { formatCairo } from '../../../lib/cairo-time';
import { newUuid } from '../../../lib/uuid';
import { hasPrivilege, sessionAtom } from '../../../stores/auth-state';
import { pushToastAtom } from '../../../stores/toast-state';
import { theme } from '../../../styles/theme';
import { useAdminItem, useCommand } from '../../../components/admin/admin-api';
import { useBilingual } from '../../../components/admin/admin-list';
import { DetailList, FormCard, QueryWait, Toolbar } from '../../../components/admin/admin-ui';
import { useProblemText } from '../../../components/admin/problems';
import { bareList } from '../../../components/ui/list-style';

/** The read model the inbox's queries read (and the live stream names). */
export const ALERTS = 'alerts';

const History = styled.ol`
  ${bareList}
  display: grid;
  gap: 0.5rem;
  li {
    border-inline-start: 4px solid ${theme.color.primary};
    background: ${theme.color.primaryLight};
    border-radius: ${theme.radius.sm};
    padding-block: 0.5rem;
    padding-inline: 0.75rem;
    white-space: pre-wrap;
  }
  .meta {
    color: ${theme.color.muted};
    font-size: 0.9rem;
    white-space: normal;
  }
`;

/** One alert: what caused it, its history (acknowledgements, notes, mails, the resolution) and what staff may do. */
export function AlertDetail({ alertId }: { alertId: string }) {
  const item = useAdminItem(ALERTS, 'alerts.admin-get', { alertId });
  if (item.isPending || item.isError) return <QueryWait query={item} />;
  return <AlertCard alert={item.data} />;
}

function AlertCard({ alert: a }: { alert: Detail }) {
  const intl = useIntl();
  const { locale, name } = useBilingual();
  const canManage = hasPrivilege(useAtomValue(sessionAtom), 'alerts.manage');
  const when = (iso: string) => formatCairo(iso, locale);
  const who = (by: Detail['history'][number]['by']) =>
    by ? (by.name ?? intl.formatMessage({ id: 'audit.actor.staff' })) : intl.formatMessage({ id: 'alerts.byCharger' });
  return (
    <FormCard aria-labelledby="alert-title">
      <h2 id="alert-title">
        <FormattedMessage id={`alerts.kind.${a.kind}`} /> · <bdi dir="ltr">{a.chargerId}</bdi> ·{' '}
        <FormattedMessage id={`alerts.state.${a.state}`} />
      </h2>
      <DetailList>
        <dt>
          <FormattedMessage id="alerts.station" />
        </dt>
        <dd>{name(a.stationNameEn ?? '', a.stationNameAr ?? '') || '-'}</dd>
        <dt>
          <FormattedMessage id="alerts.since" />
        </dt>
        <dd>
          <time dateTime={a.since}>{when(a.since)}</time>
        </dd>
        {a.connectorId ? (
          <>
            <dt>
              <FormattedMessage id="alerts.connector" />
            </dt>
            <dd>{intl.formatNumber(a.connectorId)}</dd>
          </>
        ) : null}
        {a.errorCode && (
          <>
            <dt>
              <FormattedMessage id="alerts.errorCode" />
            </dt>
            <dd data-testid="alert-error">
              <bdi dir="ltr">{[a.errorCode, a.vendorErrorCode, a.info].filter(Boolean).join(' · ')}</bdi>
            </dd>
          </>
        )}
        {a.transactionId && (
          <>
            <dt>
              <FormattedMessage id="alerts.transaction" />
            </dt>
            <dd>
              <bdi dir="ltr">{a.transactionId}</bdi>
              {a.lastMeterAt && (
                <>
                  {' '}
                  · <FormattedMessage id="alerts.lastMeter" values={{ time: when(a.lastMeterAt) }} />
                </>
              )}
            </dd>
          </>
        )}
      </DetailList>
      <section aria-labelledby="alert-history">
        <h3 id="alert-history">
          <FormattedMessage id="alerts.history" />
        </h3>
        <History>
          {a.history.map((h, i) => (
            <li key={i} data-testid="alert-step">
              <div className="meta">
                <FormattedMessage id={`alerts.step.${h.what}`} /> · {who(h.by)} · <time dateTime={h.at}>{when(h.at)}</time>
                {h.mail && (
                  <>
                    {' · '}
                    <FormattedMessage id={`alerts.mail.${h.mail.outcome}`} values={{ count: h.mail.recipients }} />
                  </>
                )}
              </div>
              {h.text}
            </li>
          ))}
        </History>
      </section>
      {canManage && <ActForm alert={a} />}
    </FormCard>
  );
}

type Act = 'acknowledge' | 'resolve' | 'note';

/** One text, three actions: acknowledge (why), resolve by hand (why), or add a note. The note's id is chosen per draft. */
function ActForm({ alert: a }: { alert: Detail }) {
  const form = useSchemaForm<{ text: string }>({ text: '' });
  const [noteId, setNoteId] = useState(newUuid);
  const pushToast = useSetAtom(pushToastAtom);
  const problemText = useProblemText();
  const acknowledge = useCommand(ALERTS, 'alerts.acknowledge');
  const resolve = useCommand(ALERTS, 'alerts.resolve');
  const note = useCommand(ALERTS, 'alerts.note');
  const busy = acknowledge.isPending || resolve.isPending || note.isPending;
  const { intl } = form;
  const ref = { chargerId: a.chargerId, kind: a.kind, alertId: a.alertId };
  const done = () => {
    form.setValues({ text: '' });
    setNoteId(newUuid());
    pushToast({ kind: 'success', text: intl.formatMessage({ id: 'alerts.saved' }) });
  };
  const options = { onSuccess: done, onError: (error: unknown) => pushToast({ kind: 'error', text: problemText(error) }) };
  const run = (act: Act) => {
    if (act === 'note') {
      const body = form.validate(noteAlertSchema, { ...ref, noteId, text: form.values.text });
      if (body) note.mutate(body, options);
      return;
    }
    const body = form.validate(act === 'acknowledge' ? acknowledgeAlertSchema : resolveAlertSchema, { ...ref, reason: form.values.text });
    if (body) (act === 'acknowledge' ? acknowledge : resolve).mutate(body, options);
  };
  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    run('note');
  };
  return (
    <form noValidate onSubmit={onSubmit}>
      <Field label={intl.formatMessage({ id: 'alerts.textLabel' })} error={form.errorText('text') ?? form.errorText('reason')}>
        <textarea rows={3} {...form.bind('text')} maxLength={ALERT_NOTE_MAX} />
      </Field>
      <Toolbar>
        <Button type="submit" variant="secondary" disabled={busy}>
          <FormattedMessage id="alerts.addNote" />
        </Button>
        {a.state === 'open' && (
          <Button type="button" disabled={busy} onClick={() => run('acknowledge')}>
            <FormattedMessage id="alerts.acknowledge" />
          </Button>
        )}
        {a.state !== 'resolved' && (
          <Button type="button" disabled={busy} onClick={() => run('resolve')}>
            <FormattedMessage id="alerts.resolve" />
          </Button>
        )}
      </Toolbar>
    </form>
  );
}
