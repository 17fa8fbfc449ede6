// i18n-catalog: app — the staff's uptime screens.
import { useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { Link, useParams } from '@tanstack/react-router';
import { useAtomValue, useSetAtom } from 'jotai';
import type { StationUptimeView } from '@evc/contracts/uptime';
import { paths } from '../../../config/paths';
import { DetailList, Screen, Table, TableScroll, Toolbar } from '../../../components/admin/admin-ui';
import { ReasonForm } from '../../../components/admin/form-parts';
import { Loaded } from '../../../components/admin/log-parts';
import { Chip } from '../../../components/admin/chip';
import { Button } from '../../../components/ui/button';
import { useLocale } from '../../../hooks/use-locale';
import { formatCairo, formatCairoRange } from '../../../lib/cairo-time';
import { ApiRequestError } from '../../../lib/api-client';
import { translateErrorCode } from '../../../lib/i18n/translate-error';
import { hasPrivilege, sessionAtom } from '../../../stores/auth-state';
import { pushToastAtom } from '../../../stores/toast-state';
import { useStationUptime, useUptimeCommand } from '../api/uptime-api';
import { UptimeChart } from './uptime-chart';
import { MaintenanceForm, TargetForm } from './uptime-forms';
import { Availability, MonthPicker, TargetChip, percentOfBp, useHours, useMonth } from './uptime-parts';
import { HeaderRow } from '../../../components/admin/header-row';

/** Each charger and connector over the month, or over one of its Cairo days (the day picker). */
function Chargers({ view }: { view: StationUptimeView }) {
  const intl = useIntl();
  const locale = useLocale();
  const hours = useHours();
  const [date, setDate] = useState('');
  const chargers = view.days.find((d) => d.date === date)?.chargers ?? view.chargers;
  return (
    <section aria-labelledby="uptime-chargers">
      <h2 id="uptime-chargers">
        <FormattedMessage id="uptime.chargers" />
      </h2>
      <label>
        <FormattedMessage id="uptime.chargersOver" />{' '}
        <select value={date} onChange={(e) => setDate(e.target.value)} data-testid="uptime-chargers-day">
          <option value="">{intl.formatMessage({ id: 'uptime.wholeMonth' })}</option>
          {view.days.map((d) => (
            <option key={d.date} value={d.date}>
              {formatCairo(`${d.date}T10:00:00Z`, locale, 'date')}
            </option>
          ))}
        </select>
      </label>
      <TableScroll>
        <Table aria-label={intl.formatMessage({ id: 'uptime.chargers' })}>
          <thead>
            <HeaderRow ids={['uptime.col.charger', 'uptime.col.availability', 'uptime.col.down', 'uptime.col.maintenance']} />
          </thead>
          <tbody>
            {chargers.flatMap((c) => [
              <tr key={c.chargerId} data-testid="uptime-charger">
                <th scope="row">
                  <bdi dir="ltr">{c.chargerId}</bdi>{' '}
                  <Link to={paths.admin.chargerDay} params={{ chargerId: c.chargerId }}>
                    <FormattedMessage id="uptime.chargerDay" />
                  </Link>
                </th>
                <td>
                  <Availability figures={c.figures} />
                </td>
                <td>{hours(c.figures.downMs)}</td>
                <td>{hours(c.figures.maintenanceMs)}</td>
              </tr>,
              ...c.connectors.map((k) => (
                <tr key={`${c.chargerId}-${k.connectorId}`}>
                  <td>
                    <FormattedMessage id="uptime.connector" values={{ n: k.connectorId }} />
                  </td>
                  <td>
                    <Availability figures={k.figures} />
                  </td>
                  <td>{hours(k.figures.downMs)}</td>
                  <td>{hours(k.figures.maintenanceMs)}</td>
                </tr>
              )),
            ])}
          </tbody>
        </Table>
      </TableScroll>
    </section>
  );
}

function Days({ view }: { view: StationUptimeView }) {
  const intl = useIntl();
  const locale = useLocale();
  const hours = useHours();
  return (
    <details>
      <summary>
        <FormattedMessage id="uptime.days" />
      </summary>
      <Table aria-label={intl.formatMessage({ id: 'uptime.days' })}>
        <thead>
          <HeaderRow ids={['uptime.col.day', 'uptime.col.availability', 'uptime.col.down', 'uptime.col.maintenance']} />
        </thead>
        <tbody>
          {view.days.map((d) => (
            <tr key={d.date} data-testid="uptime-day">
              <td>{formatCairo(`${d.date}T10:00:00Z`, locale, 'date')}</td>
              <td>
                <Availability figures={d.figures} />
              </td>
              <td>{hours(d.figures.downMs)}</td>
              <td>{hours(d.figures.maintenanceMs)}</td>
            </tr>
          ))}
        </tbody>
      </Table>
    </details>
  );
}

function Maintenance({ view, canManage }: { view: StationUptimeView; canManage: boolean }) {
  const intl = useIntl();
  const locale = useLocale();
  const [cancelling, setCancelling] = useState<string | null>(null);
  const cancel = useUptimeCommand('uptime.cancel-maintenance');
  const pushToast = useSetAtom(pushToastAtom);
  const now = Date.now();
  return (
    <section aria-labelledby="uptime-maintenance-list">
      <h2 id="uptime-maintenance-list">
        <FormattedMessage id="uptime.maintenance.list" />
      </h2>
      {view.maintenance.length === 0 ? (
        <p>
          <FormattedMessage id="uptime.maintenance.none" />
        </p>
      ) : (
        <ul>
          {view.maintenance.map((m) => (
            <li key={m.maintenanceId} data-testid="uptime-maintenance">
              {formatCairoRange(m.from, m.to, locale, 'dateTime')} ·{' '}
              {m.chargerId ? (
                <>
                  <bdi dir="ltr">{m.chargerId}</bdi>
                  {m.connectorId !== null && (
                    <>
                      {' '}
                      <FormattedMessage id="uptime.connector" values={{ n: m.connectorId }} />
                    </>
                  )}
                </>
              ) : (
                <FormattedMessage id="uptime.maintenance.wholeStation" />
              )}
              {m.reason && <> · {m.reason}</>}{' '}
              {m.cancelled && (
                <Chip tone="idle">
                  <FormattedMessage id="uptime.maintenance.cancelled" />
                </Chip>
              )}
              {canManage && !m.cancelled && Date.parse(m.from) > now && (
                <Button type="button" variant="ghost" onClick={() => setCancelling(m.maintenanceId)}>
                  <FormattedMessage id="uptime.maintenance.cancel" />
                </Button>
              )}
            </li>
          ))}
        </ul>
      )}
      {cancelling && (
        <ReasonForm
          titleId="uptime.maintenance.cancelTitle"
          submitId="uptime.maintenance.cancel"
          busy={cancel.isPending}
          onCancel={() => setCancelling(null)}
          onSubmit={(reason) =>
            cancel.mutate(
              { stationId: view.stationId, maintenanceId: cancelling, reason },
              {
                onSuccess: () => setCancelling(null),
                onError: (error) =>
                  pushToast({
                    kind: 'error',
                    text: translateErrorCode(intl, error instanceof ApiRequestError ? error.code : 'server.error'),
                  }),
              },
            )
          }
        />
      )}
    </section>
  );
}

/**
 * /admin/uptime/$stationId (analytics.read): a station's month per Cairo day (a chart and a table), per charger and
 * connector, and its declared maintenance; staff with uptime.manage set its target and declare maintenance here.
 */
export function StationUptimePage() {
  const intl = useIntl();
  const locale = useLocale();
  const { stationId } = useParams({ strict: false }) as { stationId: string };
  const [month, setMonth] = useMonth();
  const station = useStationUptime(stationId, month);
  const hours = useHours();
  const canManage = hasPrivilege(useAtomValue(sessionAtom), 'uptime.manage');
  return (
    <Screen>
      <Loaded query={station}>
        {(view) => (
          <>
            <h1>
              <FormattedMessage id="uptime.station.title" values={{ station: locale === 'ar' ? view.nameAr : view.nameEn }} />
            </h1>
            <Toolbar>
              <Link to={paths.admin.uptime} search={{ month } as never}>
                <FormattedMessage id="uptime.back" />
              </Link>
              <span className="spacer" />
              <MonthPicker month={month} onChange={setMonth} />
            </Toolbar>
            <DetailList>
              <dt>
                <FormattedMessage id="uptime.col.availability" />
              </dt>
              <dd data-testid="uptime-station-availability">
                <Availability figures={view.figures} /> <TargetChip below={view.belowTarget} figures={view.figures} />
              </dd>
              <dt>
                <FormattedMessage id="uptime.col.target" />
              </dt>
              <dd>{percentOfBp(view.targetBp, intl)}</dd>
              <dt>
                <FormattedMessage id="uptime.col.down" />
              </dt>
              <dd>{hours(view.figures.downMs)}</dd>
              <dt>
                <FormattedMessage id="uptime.col.maintenance" />
              </dt>
              <dd>{hours(view.figures.maintenanceMs)}</dd>
            </DetailList>
            <UptimeChart view={view} />
            <Days view={view} />
            <Chargers view={view} />
            <Maintenance view={view} canManage={canManage} />
            {canManage && (
              <>
                <TargetForm key={`target-${view.targetBp}`} view={view} />
                <MaintenanceForm view={view} />
              </>
            )}
          </>
        )}
      </Loaded>
    </Screen>
  );
}
