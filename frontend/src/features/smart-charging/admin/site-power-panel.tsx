import { useState } from 'react';
import styled from '@emotion/styled';
import { useAtomValue } from 'jotai';
import { FormattedMessage, useIntl } from 'react-intl';
import { SITE_LOAD_CHART, type SiteLoadView, type SiteSessionLoad } from '@evc/contracts/smart-charging';
import { Button } from '../../../components/ui/button';
import { Chip } from '../../../components/admin/chip';
import { Alert, DetailList, QueryWait, Table, TableScroll, Toolbar } from '../../../components/admin/admin-ui';
import { useLocale } from '../../../hooks/use-locale';
import { formatCairo } from '../../../lib/cairo-time';
import { hasPrivilege, sessionAtom } from '../../../stores/auth-state';
import { useSiteLoad } from '../api/smart-charging-api';
import { formatKw } from '../components/power';
import { GridLimitForm } from './grid-limit-form';
import { LoadChart } from './load-chart';

const Panel = styled.section`
  display: grid;
  gap: 0.75rem;
  h2 {
    margin: 0;
    font-size: 1.2rem;
  }
`;

/** A session's state as staff read it: waiting for power, counted at full power, or the charger's answer. */
function SessionState({ s }: { s: SiteSessionLoad }) {
  if (s.waiting)
    return (
      <Chip tone="busy">
        <FormattedMessage id="smartCharging.state.waiting" />
      </Chip>
    );
  if (s.counted === 'full-power')
    return (
      <Chip tone="bad">
        <FormattedMessage id="smartCharging.state.fullPower" />
      </Chip>
    );
  if (s.answer)
    return (
      <Chip tone={s.answer === 'Accepted' ? 'ok' : 'bad'}>
        <FormattedMessage id={`smartCharging.answer.${s.answer}`} />
      </Chip>
    );
  return (
    <Chip tone="idle">
      <FormattedMessage id={s.allottedW === null ? 'smartCharging.state.unlimited' : 'smartCharging.state.sent'} />
    </Chip>
  );
}

function SiteFacts({ site }: { site: SiteLoadView }) {
  const intl = useIntl();
  const locale = useLocale();
  const kw = (w: number) => intl.formatMessage({ id: 'smartCharging.kw' }, { value: formatKw(w, locale) });
  return (
    <DetailList>
      <dt>
        <FormattedMessage id="smartCharging.limit" />
      </dt>
      <dd data-testid="grid-limit">{site.limitW > 0 ? kw(site.limitW) : <FormattedMessage id="smartCharging.noLimit" />}</dd>
      {site.periods.length > 0 && (
        <>
          <dt>
            <FormattedMessage id="smartCharging.periods" />
          </dt>
          <dd>
            <ul data-testid="grid-limit-periods">
              {site.periods.map((p) => (
                <li key={p.from}>
                  <FormattedMessage
                    id="smartCharging.period"
                    values={{ from: <bdi dir="ltr">{p.from}</bdi>, to: <bdi dir="ltr">{p.to}</bdi>, limit: kw(p.limitW) }}
                  />
                </li>
              ))}
            </ul>
          </dd>
        </>
      )}
      {site.effectiveLimitW !== null && site.effectiveLimitW !== site.limitW && (
        <>
          <dt>
            <FormattedMessage id="smartCharging.limitNow" />
          </dt>
          <dd data-testid="grid-limit-now">{kw(site.effectiveLimitW)}</dd>
        </>
      )}
      <dt>
        <FormattedMessage id="smartCharging.drawing" />
      </dt>
      <dd data-testid="site-drawn">
        {site.effectiveLimitW === null ? (
          kw(site.drawnW)
        ) : (
          <FormattedMessage id="smartCharging.drawingOf" values={{ drawn: kw(site.drawnW), limit: kw(site.effectiveLimitW) }} />
        )}
      </dd>
      {site.limitSetAt && (
        <>
          <dt>
            <FormattedMessage id="smartCharging.setBy" />
          </dt>
          <dd data-testid="grid-limit-set-by">
            <FormattedMessage
              id="smartCharging.setByValue"
              values={{
                name: site.limitSetBy?.name ?? site.limitSetBy?.id ?? '',
                at: formatCairo(site.limitSetAt, locale),
                reason: site.limitReason ?? '',
              }}
            />
          </dd>
        </>
      )}
    </DetailList>
  );
}

function SessionsTable({ sessions }: { sessions: SiteSessionLoad[] }) {
  const intl = useIntl();
  const locale = useLocale();
  const kw = (w: number | null) => (w === null ? '—' : intl.formatMessage({ id: 'smartCharging.kw' }, { value: formatKw(w, locale) }));
  if (sessions.length === 0)
    return (
      <p>
        <FormattedMessage id="smartCharging.noSessions" />
      </p>
    );
  return (
    <TableScroll>
      <Table data-testid="site-sessions">
        <thead>
          <tr>
            <th>
              <FormattedMessage id="smartCharging.charger" />
            </th>
            <th>
              <FormattedMessage id="smartCharging.powerNow" />
            </th>
            <th>
              <FormattedMessage id="smartCharging.allotted" />
            </th>
            <th>
              <FormattedMessage id="admin.status" />
            </th>
          </tr>
        </thead>
        <tbody>
          {sessions.map((s) => (
            <tr key={s.sessionId}>
              <td>
                <bdi dir="ltr">
                  {s.chargerId} #{s.connectorId}
                </bdi>
              </td>
              <td>{kw(s.powerW)}</td>
              <td>{kw(s.allottedW)}</td>
              <td>
                <SessionState s={s} />
              </td>
            </tr>
          ))}
        </tbody>
      </Table>
    </TableScroll>
  );
}

/**
 * The station's power on its admin page: the grid limit and who set it, the load now against the limit, each
 * session's power and share, and the chart of the last hours. The page it sits on follows SITE_LOAD_LIVE_ROOTS on
 * its `/api/live/me` stream (load, chart and shares change there), so it moves without a reload; staff with
 * stations.write set the limit here.
 */
export function SitePowerPanel({ stationId }: { stationId: string }) {
  const session = useAtomValue(sessionAtom);
  const canWrite = hasPrivilege(session, 'stations.write');
  const [hours, setHours] = useState<number>(SITE_LOAD_CHART.windows[0]);
  const [editing, setEditing] = useState(false);
  const load = useSiteLoad(stationId, hours);
  return (
    <Panel aria-labelledby="site-power-title" data-testid="site-power">
      <h2 id="site-power-title">
        <FormattedMessage id="smartCharging.title" />
      </h2>
      {!load.data ? (
        <QueryWait query={load} />
      ) : (
        <>
          <SiteFacts site={load.data} />
          {load.data.overSubscribed && (
            <Alert role="alert" data-testid="over-subscribed">
              <FormattedMessage
                id="smartCharging.overSubscribed"
                values={{
                  chargers: <bdi dir="ltr">{load.data.fullPowerChargers.join(', ')}</bdi>,
                  count: load.data.fullPowerChargers.length,
                }}
              />
            </Alert>
          )}
          <Toolbar>
            <span>
              <FormattedMessage id="smartCharging.window" />
            </span>
            {SITE_LOAD_CHART.windows.map((h) => (
              <Button
                key={h}
                type="button"
                variant={h === hours ? 'primary' : 'secondary'}
                aria-pressed={h === hours}
                onClick={() => setHours(h)}
              >
                <FormattedMessage id="smartCharging.hours" values={{ hours: h }} />
              </Button>
            ))}
            {canWrite && !editing && (
              <Button type="button" onClick={() => setEditing(true)}>
                <FormattedMessage id="smartCharging.setLimit" />
              </Button>
            )}
          </Toolbar>
          {editing && <GridLimitForm site={load.data} onDone={() => setEditing(false)} />}
          <LoadChart points={load.data.points} windowHours={load.data.windowHours} />
          <SessionsTable sessions={load.data.sessions} />
        </>
      )}
    </Panel>
  );
}
