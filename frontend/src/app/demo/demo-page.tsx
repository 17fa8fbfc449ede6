// i18n-catalog: app — the /demo route awaits the app catalog before this page renders.
import styled from '@emotion/styled';
import { useQueries } from '@tanstack/react-query';
import { FormattedMessage, useIntl } from 'react-intl';
import type { DemoAction, DemoStatus } from '@evc/contracts/site';
import type { StationView } from '@evc/contracts/network';
import { Button } from '../../components/ui/button';
import { Card, Container, PageTitle, Section } from '../../components/ui/layout';
import { Spinner } from '../../components/ui/spinner';
import { useLiveUpdates } from '../../hooks/use-live-updates';
import { useLocale } from '../../hooks/use-locale';
import { api } from '../../lib/api';
import { ApiRequestError } from '../../lib/api-client';
import { formatCairo } from '../../lib/cairo-time';
import { formatNumber, localDigits } from '../../lib/format';
import { translateErrorCode } from '../../lib/i18n/translate-error';
import { theme } from '../../styles/theme';
import { isOwnRun, useDemo, useDemoStep, useStartDemo } from './demo-api';
import { bareList } from '../../components/ui/list-style';

const Steps = styled.ol`
  list-style: none;
  margin: 0;
  padding: 0;
  display: grid;
  gap: 0.75rem;
  grid-template-columns: repeat(auto-fit, minmax(13rem, 1fr));
  li {
    border: 2px solid ${theme.color.border};
    border-radius: ${theme.radius.md};
    padding: 1rem;
    display: grid;
    gap: 0.5rem;
    align-content: start;
    background: #fff;
  }
  li[aria-current='step'] {
    border-color: ${theme.color.primary};
    background: ${theme.color.primaryLight};
  }
  h3 {
    margin: 0;
    font-size: 1.05rem;
  }
`;
const Chargers = styled.ul`
  ${bareList}
  display: grid;
  gap: 0.5rem;
  li {
    display: flex;
    flex-wrap: wrap;
    gap: 0.5rem 1rem;
    align-items: center;
    border-block-end: 1px solid ${theme.color.border};
    padding-block: 0.5rem;
  }
`;
const Demo = styled.div`
  display: grid;
  gap: 1.25rem;
`;

/** Which walk-through step is current: 1 connect, 2 start, 3 charge, 4 stop (then 1 again). */
const CURRENT: Record<DemoStatus['step'], number> = { idle: 1, plugged: 2, charging: 3, stopped: 1 };

/**
 * /demo: a guided demonstration for visitors and sales on the embedded product. It starts simulated chargers that
 * connect over OCPP as real ones do, shows how the network sees them (live, as the stations page does), and walks
 * a card session through the four steps of "how it works". The server bounds it (chargers, minutes, one at a time,
 * a rate limit per address) and refuses it on the cluster profile or while others hold every demo charger, which
 * the page says. Only the visitor who started the run walks it; anyone else watches.
 */
export function DemoPage() {
  const intl = useIntl();
  const demo = useDemo();
  const start = useStartDemo();
  const step = useDemoStep();
  useLiveUpdates(['stations']);
  const failure = start.error ?? step.error;
  return (
    <Section>
      <Container>
        <PageTitle>
          <FormattedMessage id="demo.title" />
        </PageTitle>
        <p>
          <FormattedMessage id="demo.intro" />
        </p>
        {demo.isPending && <Spinner />}
        {demo.isError && (
          <p role="alert">{translateErrorCode(intl, demo.error instanceof ApiRequestError ? demo.error.code : 'server.error')}</p>
        )}
        {demo.data && !demo.data.available && (
          <Card role="status">
            <FormattedMessage id={`demo.unavailable.${demo.data.reason ?? 'cluster'}`} />
          </Card>
        )}
        {demo.data?.available && (
          <Demo>
            <p>
              <FormattedMessage id="demo.limits" values={{ chargers: demo.data.limits.chargers, minutes: demo.data.limits.runMinutes }} />
            </p>
            {!demo.data.running && (
              <div>
                <Button type="button" disabled={start.isPending} onClick={() => start.mutate()}>
                  <FormattedMessage id="demo.start" />
                </Button>
              </div>
            )}
            {failure && <p role="alert">{failureText(intl, failure)}</p>}
            {demo.data.running && <Running status={demo.data} busy={step.isPending} onStep={(action) => step.mutate(action)} />}
          </Demo>
        )}
      </Container>
    </Section>
  );
}

/** An OCPP connector status in the page's language (the protocol's own word when it has none). */
function ocppStatus(intl: ReturnType<typeof useIntl>, status: string): string {
  const id = `demo.ocpp.${status}`;
  return Object.prototype.hasOwnProperty.call(intl.messages, id) ? intl.formatMessage({ id }) : status;
}

function failureText(intl: ReturnType<typeof useIntl>, error: unknown): string {
  return translateErrorCode(intl, error instanceof ApiRequestError ? error.code : 'server.error');
}

function Running({ status, busy, onStep }: { status: DemoStatus; busy: boolean; onStep: (action: DemoAction) => void }) {
  const intl = useIntl();
  const locale = useLocale();
  const current = CURRENT[status.step];
  const first = status.chargers[0];
  const connected = first?.connected ?? false;
  const mine = isOwnRun(status);
  const s = status.session;
  const kwh = formatNumber((s?.energyWh ?? 0) / 1000, locale, { maximumFractionDigits: 2 });
  const soc = formatNumber(s?.socPercent ?? 0, locale, { maximumFractionDigits: 0 });
  const ends = formatCairo(status.endsAt ?? Date.now(), locale, 'time');
  const steps: { n: number; titleId: string; bodyId: string; action?: DemoAction; actionId?: string }[] = [
    { n: 1, titleId: 'how.step1.title', bodyId: 'demo.step1', action: 'plug-in', actionId: 'demo.plugIn' },
    { n: 2, titleId: 'demo.step2.title', bodyId: 'demo.step2', action: 'start', actionId: 'demo.startCharging' },
    { n: 3, titleId: 'how.step3.title', bodyId: 'demo.step3' },
    { n: 4, titleId: 'demo.step4.title', bodyId: 'demo.step4', action: 'stop', actionId: 'demo.stop' },
  ];
  const enabled = (n: number) =>
    mine && connected && !busy && (n === current || (n === 4 && status.step === 'charging') || (n === 2 && status.step === 'idle'));
  return (
    <>
      <p role="status">
        <FormattedMessage id="demo.running" values={{ time: ends }} />
      </p>
      {!mine && (
        <p role="status" data-testid="demo-watching">
          <FormattedMessage id="demo.watching" values={{ time: ends }} />
        </p>
      )}
      <section aria-labelledby="demo-walk">
        <h2 id="demo-walk">
          <FormattedMessage id="demo.walkTitle" />
        </h2>
        {!connected && (
          <p>
            <Spinner /> <FormattedMessage id="demo.connecting" />
          </p>
        )}
        <Steps>
          {steps.map((st) => (
            <li
              key={st.n}
              aria-current={st.n === current || (st.n === 3 && status.step === 'charging') ? 'step' : undefined}
              data-testid={`demo-step-${st.n}`}
            >
              <h3>
                <FormattedMessage id="demo.stepN" values={{ n: formatNumber(st.n, locale) }} /> <FormattedMessage id={st.titleId} />
              </h3>
              <span>
                <FormattedMessage id={st.bodyId} />
              </span>
              {st.n === 3 && s && (
                <strong data-testid="demo-meter">
                  <FormattedMessage id="demo.meter" values={{ kwh, soc }} />
                </strong>
              )}
              {st.action && st.actionId && (
                <div>
                  <Button
                    type="button"
                    variant={st.n === current ? 'primary' : 'secondary'}
                    disabled={!enabled(st.n)}
                    onClick={() => onStep(st.action!)}
                  >
                    <FormattedMessage id={st.actionId} />
                  </Button>
                </div>
              )}
            </li>
          ))}
        </Steps>
        {status.step === 'stopped' && s && (
          <p role="status" data-testid="demo-ended">
            <FormattedMessage id={s.endedBy === 'network' ? 'demo.endedByNetwork' : 'demo.ended'} values={{ kwh }} />
          </p>
        )}
      </section>
      <NetworkView status={status} />
      <p>{intl.formatMessage({ id: 'demo.card' }, { tag: s?.idTag ?? 'DEMO-CARD-0001' })}</p>
    </>
  );
}

/** The chargers as the simulator drives them, beside what the network's public read model shows (live). */
function NetworkView({ status }: { status: DemoStatus }) {
  const intl = useIntl();
  const locale = useLocale();
  const stationIds = [...new Set(status.chargers.map((c) => c.stationId))];
  const stations = useQueries({
    queries: stationIds.map((stationId) => ({
      queryKey: ['stations', 'detail', stationId],
      queryFn: ({ signal }: { signal: AbortSignal }) => api.query('stations.get', { stationId }, { signal }),
    })),
  });
  const byId = new Map<string, StationView>(stations.flatMap((q) => (q.data ? [[q.data.stationId, q.data] as const] : [])));
  return (
    <section aria-labelledby="demo-chargers">
      <h2 id="demo-chargers">
        <FormattedMessage id="demo.chargers" />
      </h2>
      <Chargers>
        {status.chargers.map((c) => {
          const station = byId.get(c.stationId);
          const seen = station?.chargers.find((k) => k.chargerId === c.chargerId);
          return (
            <li key={c.chargerId} data-testid="demo-charger">
              <strong>
                <bdi dir="ltr">{c.chargerId}</bdi>
              </strong>
              <span>{station ? (locale === 'ar' ? station.nameAr || station.nameEn : station.nameEn) : c.stationId}</span>
              <span>
                OCPP <bdi>{localDigits(c.ocppVersion, locale)}</bdi>
              </span>
              <span data-testid="demo-network-state">
                <FormattedMessage id={seen?.online ? 'demo.network.online' : 'demo.network.offline'} />
              </span>
              {c.connectors.map((k) => (
                <span key={k.connectorId}>
                  <FormattedMessage
                    id="demo.connector"
                    values={{ n: formatNumber(k.connectorId, locale), status: ocppStatus(intl, k.status) }}
                  />
                </span>
              ))}
            </li>
          );
        })}
      </Chargers>
    </section>
  );
}
