import { useEffect, useState, type ReactNode } from 'react';
import styled from '@emotion/styled';
import { Link, useParams } from '@tanstack/react-router';
import { FormattedMessage, useIntl } from 'react-intl';
import { energyCost } from '@evc/contracts/charging';
import type { SessionDetailView } from '@evc/contracts/charging';
import { Button } from '../../../components/ui/button';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { Card, PageTitle } from '../../../components/ui/layout';
import { Spinner } from '../../../components/ui/spinner';
import { paths } from '../../../config/paths';
import { ApiRequestError } from '../../../lib/api-client';
import { formatMoney, formatNumber } from '../../../lib/format';
import { useLocale } from '../../../hooks/use-locale';
import { translateErrorCode } from '../../../lib/i18n/translate-error';
import { useMySession, useStopSession } from '../api/charging-api';
import { formatDateTime, formatElapsed, formatKwh } from '../format';
import { Chip, Facts, Problem, Row, Stack } from './charging-ui';
import { ProvenanceDialog } from '../../../components/provenance/provenance-dialog';
import { PROGRESS, isOpen, statusTone, targetMessage } from './session-status';
import { txAnchor } from '../../../lib/wallet-line';

/** The session was billed the minimum charge because its energy cost fell below it. */
const minimumApplied = (s: SessionDetailView) =>
  s.status === 'stopped' && energyCost(s.energyWh, s.pricePerKwh) < s.minimumCharge && s.cost === s.minimumCharge;

/** Elapsed time since the charging started (ticking each second while it runs). */
function Elapsed({ session }: { session: SessionDetailView }) {
  const locale = useLocale();
  const from = session.startedAt ?? session.requestedAt;
  const running = !session.stoppedAt && session.status !== 'failed';
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (!running) return undefined;
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, [running]);
  const end = session.stoppedAt ? Date.parse(session.stoppedAt) : now;
  return <span data-testid="elapsed">{formatElapsed(end - Date.parse(from), locale)}</span>;
}

const Steps = styled.ol`
  display: flex;
  flex-wrap: wrap;
  gap: 0.5rem;
  padding-inline-start: 0;
  list-style: none;
`;

/** A step of the progress; those not reached yet are faded. */
const Step = styled.li<{ reached: boolean }>`
  opacity: ${(p) => (p.reached ? 1 : 0.45)};
`;

function Progress({ session }: { session: SessionDetailView }) {
  const intl = useIntl();
  if (session.status === 'failed') {
    return (
      <Problem role="alert">
        <strong>
          <FormattedMessage id="charging.status.failed" />
        </strong>
        <span>
          <FormattedMessage id={`charging.failure.${session.failure ?? 'error'}`} />
        </span>
      </Problem>
    );
  }
  const at = PROGRESS.indexOf(session.status);
  return (
    <Steps aria-label={intl.formatMessage({ id: 'charging.progress' })}>
      {PROGRESS.map((step, i) => (
        <Step key={step} aria-current={i === at ? 'step' : undefined} reached={i <= at}>
          <Chip tone={i === at ? statusTone(step) : i < at ? 'ok' : 'info'}>
            <FormattedMessage id={`charging.status.${step}`} />
          </Chip>
        </Step>
      ))}
    </Steps>
  );
}

/**
 * /my-sessions/$sessionId: the live view of one session, Stop while it runs, and the bill once it stopped. `power`
 * is another context's part shown while the session is open (smart charging's allotted power, composed by the app).
 */
export function SessionPage({ power }: { power?: ReactNode } = {}) {
  const { sessionId } = useParams({ strict: false }) as { sessionId: string };
  const intl = useIntl();
  const locale = useLocale();
  const session = useMySession(sessionId);
  const stop = useStopSession();
  const [confirming, setConfirming] = useState(false);
  const [stopError, setStopError] = useState<string | null>(null);
  const [explaining, setExplaining] = useState(false);

  if (session.isPending) return <Spinner />;
  if (session.isError) {
    return <p role="alert">{translateErrorCode(intl, session.error instanceof ApiRequestError ? session.error.code : 'server.error')}</p>;
  }
  const s = session.data;
  const station = locale === 'ar' ? s.stationNameAr || s.stationNameEn : s.stationNameEn;
  const target = targetMessage(s.target);
  const onStop = () =>
    stop.mutate(
      { sessionId },
      {
        onSuccess: () => setConfirming(false),
        onError: (e) => setStopError(translateErrorCode(intl, e instanceof ApiRequestError ? e.code : 'server.error')),
      },
    );
  return (
    <Stack>
      <PageTitle>
        <FormattedMessage id="charging.session.title" />
      </PageTitle>
      <Row>
        <strong>{station}</strong>
        <Chip tone={statusTone(s.status)} data-testid="session-status">
          <FormattedMessage id={`charging.status.${s.status}`} />
        </Chip>
      </Row>
      <Progress session={s} />
      <Card>
        <Facts>
          <dt>
            <FormattedMessage id="charging.energy" />
          </dt>
          <dd data-testid="session-energy">
            <FormattedMessage id="charging.kwh" values={{ value: formatKwh(s.energyWh, locale) }} />
          </dd>
          {s.powerW !== null && isOpen(s) && (
            <>
              <dt>
                <FormattedMessage id="charging.power" />
              </dt>
              <dd>
                <FormattedMessage
                  id="charging.kw"
                  values={{ value: formatNumber(s.powerW / 1000, locale, { maximumFractionDigits: 1 }) }}
                />
              </dd>
            </>
          )}
          {s.socPercent !== null && (
            <>
              <dt>
                <FormattedMessage id="charging.soc" />
              </dt>
              <dd>{formatNumber(s.socPercent / 100, locale, { style: 'percent' })}</dd>
            </>
          )}
          <dt>
            <FormattedMessage id="charging.elapsed" />
          </dt>
          <dd>
            <Elapsed session={s} />
          </dd>
          <dt>
            <FormattedMessage id={s.status === 'stopped' ? 'charging.finalCost' : 'charging.runningCost'} />
          </dt>
          <dd data-testid="session-cost">{formatMoney(s.cost, locale)}</dd>
          <dt>
            <FormattedMessage id="charging.target" />
          </dt>
          <dd>
            <FormattedMessage id={target.id} values={target.values} />
          </dd>
          <dt>
            <FormattedMessage id="charging.connector" />
          </dt>
          <dd>
            {s.connectorType} · {s.current} · <bdi dir="ltr">#{formatNumber(s.connectorId, locale)}</bdi>
          </dd>
          {(locale === 'ar' ? (s.carLabelAr ?? s.carLabel) : s.carLabel) && (
            <>
              <dt>
                <FormattedMessage id="charging.car" />
              </dt>
              <dd>{locale === 'ar' ? (s.carLabelAr ?? s.carLabel) : s.carLabel}</dd>
            </>
          )}
          <dt>
            <FormattedMessage id="charging.requestedAt" />
          </dt>
          <dd>{formatDateTime(s.requestedAt, locale)}</dd>
          {s.stoppedAt && (
            <>
              <dt>
                <FormattedMessage id="charging.stoppedAt" />
              </dt>
              <dd data-testid="session-stopped-at">{formatDateTime(s.stoppedAt, locale)}</dd>
            </>
          )}
          {s.stopReason && (
            <>
              <dt>
                <FormattedMessage id="charging.stopReason" />
              </dt>
              <dd>
                <FormattedMessage id={`charging.stopReason.${s.stopReason}`} />
              </dd>
            </>
          )}
        </Facts>
      </Card>
      {isOpen(s) && power}
      <Row>
        {isOpen(s) && (
          <Button type="button" onClick={() => setConfirming(true)}>
            <FormattedMessage id="charging.stop" />
          </Button>
        )}
        <Button type="button" variant="secondary" onClick={() => setExplaining(true)}>
          <FormattedMessage id="provenance.open" />
        </Button>
      </Row>
      {explaining && <ProvenanceDialog subject={{ kind: 'session', sessionId }} onClose={() => setExplaining(false)} />}
      {isOpen(s) && confirming && (
        <ConfirmDialog
          title={<FormattedMessage id="charging.stop.confirm" />}
          confirm={<FormattedMessage id="charging.stop.yes" />}
          busy={stop.isPending}
          onConfirm={onStop}
          onCancel={() => setConfirming(false)}
        >
          {stopError && <p role="alert">{stopError}</p>}
        </ConfirmDialog>
      )}
      {stopError && !confirming && <p role="alert">{stopError}</p>}
      {s.status === 'stopped' && (
        <Card>
          <p>
            <FormattedMessage
              id="charging.stopped.summary"
              values={{ energy: formatKwh(s.energyWh, locale), cost: formatMoney(s.cost, locale) }}
            />
          </p>
          {minimumApplied(s) && (
            <p data-testid="session-minimum-applied">
              <FormattedMessage
                id="charging.minimumApplied"
                values={{
                  minimum: formatMoney(s.minimumCharge, locale),
                  energyCost: formatMoney(energyCost(s.energyWh, s.pricePerKwh), locale),
                }}
              />
            </p>
          )}
          {s.billed ? (
            <Row>
              <Link to={paths.customer.sessionReceipt} params={{ sessionId: s.sessionId }} data-testid="session-receipt-link">
                <FormattedMessage id="receipt.open" />
              </Link>
              <Link to={paths.customer.wallet} hash={txAnchor(`session:${s.sessionId}`)}>
                <FormattedMessage id="charging.viewWalletLine" />
              </Link>
            </Row>
          ) : (
            <FormattedMessage id="charging.billing" />
          )}
        </Card>
      )}
      <Link to={paths.customer.sessions}>
        <FormattedMessage id="charging.backToList" />
      </Link>
    </Stack>
  );
}
