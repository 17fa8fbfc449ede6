import styled from '@emotion/styled';
import { useEffect, useState, type ReactNode } from 'react';
import { Link } from '@tanstack/react-router';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useAtomValue } from 'jotai';
import { FormattedMessage, useIntl } from 'react-intl';
import { Spinner } from '../../../components/ui/spinner';
import { paths } from '../../../config/paths';
import { useLocale } from '../../../hooks/use-locale';
import { api } from '../../../lib/api';
import { formatMoney, formatNumber } from '../../../lib/format';
import { formatDay } from '../../../lib/format-day';
import { subscribeLiveUpdates } from '../../../lib/live-updates';
import { hasPrivilege, sessionAtom } from '../../../stores/auth-state';
import { theme } from '../../../styles/theme';
import { useStaffLive } from '../../../hooks/use-staff-live';
import { Alert, ErrorText, Pager, Screen, Table } from '../../../components/admin/admin-ui';

/** The dashboard's query key: its figures come from several read models, each of which refreshes it live. */
const DASHBOARD = 'dashboard';
const VIEWS_PAGE_SIZE = 20;

const Tiles = styled.div`
  display: grid;
  gap: 1rem;
  grid-template-columns: repeat(auto-fill, minmax(13rem, 1fr));
`;
const TileBox = styled(Link)`
  display: grid;
  gap: 0.25rem;
  background: #fff;
  border: 1px solid ${theme.color.border};
  border-radius: ${theme.radius.md};
  padding: 1rem;
  text-decoration: none;
  color: ${theme.color.ink};
  strong {
    font-size: 1.8rem;
    color: ${theme.color.primaryDark};
  }
  small {
    color: ${theme.color.muted};
  }
  &:hover {
    border-color: ${theme.color.primary};
  }
`;

function Tile({
  to,
  search,
  label,
  value,
  note,
}: {
  to: string;
  search?: Record<string, string>;
  label: ReactNode;
  value: string;
  note?: ReactNode;
}) {
  return (
    <TileBox to={to} search={search as never} data-testid="dashboard-tile">
      <span>{label}</span>
      <strong>{value}</strong>
      {note && <small>{note}</small>}
    </TileBox>
  );
}

/** Seven Cairo days back from `day` (YYYY-MM-DD), as the page-view query's `from`. */
function weekBefore(day: string): string {
  const d = new Date(`${day}T12:00:00Z`);
  d.setUTCDate(d.getUTCDate() - 6);
  return d.toISOString().slice(0, 10);
}

/**
 * /admin: today's figures (the Cairo day) for the staff member's privileges: sessions, energy and revenue, the
 * chargers online / offline / faulted, open card and contact requests, each a link into its list, and for
 * analytics.read the page views per page and day. Live: sessions, requests and chargers through /api/live/me,
 * stations through /api/live.
 */
export function DashboardPage() {
  const intl = useIntl();
  const locale = useLocale();
  const client = useQueryClient();
  const session = useAtomValue(sessionAtom);
  useStaffLive({ sessions: [[DASHBOARD]], contact_requests: [[DASHBOARD]], card_requests: [[DASHBOARD]], chargers: [[DASHBOARD]] });
  useEffect(() => subscribeLiveUpdates(client, [DASHBOARD], { stations: [DASHBOARD] }), [client]);
  const dashboard = useQuery({ queryKey: [DASHBOARD], queryFn: ({ signal }) => api.query('admin.dashboard', {}, { signal }) });
  const n = (v: number) => formatNumber(v, locale);
  const d = dashboard.data;
  return (
    <Screen>
      <h1>
        <FormattedMessage id="admin.dashboard" />
      </h1>
      {dashboard.isPending && <Spinner />}
      {dashboard.isError && (
        <Alert role="alert">
          <ErrorText error={dashboard.error} />
        </Alert>
      )}
      {d && (
        <>
          <p>
            <FormattedMessage id="dashboard.today" values={{ day: formatDay(d.day, locale) }} />
          </p>
          <Tiles>
            {d.sessions && (
              <>
                <Tile
                  to={paths.admin.sessions}
                  search={{ from: d.day, to: d.day }}
                  label={<FormattedMessage id="dashboard.sessions" />}
                  value={n(d.sessions.count)}
                  note={
                    <FormattedMessage
                      id="dashboard.chargingNow"
                      values={{ count: d.sessions.charging, countText: n(d.sessions.charging) }}
                    />
                  }
                />
                <Tile
                  to={paths.admin.sessions}
                  search={{ from: d.day, to: d.day }}
                  label={<FormattedMessage id="dashboard.energy" />}
                  value={`${formatNumber(d.sessions.energyWh / 1000, locale, { maximumFractionDigits: 1 })} ${intl.formatMessage({ id: 'dashboard.kwh' })}`}
                />
                <Tile
                  to={paths.admin.sessions}
                  search={{ from: d.day, to: d.day }}
                  label={<FormattedMessage id="dashboard.revenue" />}
                  value={formatMoney(d.sessions.revenue, locale)}
                />
              </>
            )}
            <Tile
              to={paths.admin.chargerManagement}
              label={<FormattedMessage id="dashboard.chargersOnline" />}
              value={n(d.chargers.online)}
              note={<FormattedMessage id="dashboard.chargersTotal" values={{ total: d.chargers.total }} />}
            />
            <Tile
              to={paths.admin.chargerManagement}
              label={<FormattedMessage id="dashboard.chargersOffline" />}
              value={n(d.chargers.offline)}
            />
            <Tile
              to={paths.admin.chargerManagement}
              label={<FormattedMessage id="dashboard.chargersFaulted" />}
              value={n(d.chargers.faulted)}
            />
            {d.cardRequests && (
              <Tile to={paths.admin.cardRequests} label={<FormattedMessage id="dashboard.cardRequests" />} value={n(d.cardRequests.open)} />
            )}
            {d.contactRequests && (
              <Tile
                to={paths.admin.contactRequests}
                search={d.contactRequests.new > 0 ? { contactStatus: 'new' } : undefined}
                label={<FormattedMessage id="dashboard.contactRequests" />}
                value={n(d.contactRequests.open)}
                note={
                  <FormattedMessage
                    id="dashboard.contactSplit"
                    values={{ fresh: n(d.contactRequests.new), needsAction: n(d.contactRequests.needsAction) }}
                  />
                }
              />
            )}
          </Tiles>
          {hasPrivilege(session, 'analytics.read') && <PageViews day={d.day} />}
        </>
      )}
    </Screen>
  );
}

/** Page views per page and Cairo day over the last seven days (analytics.read), most viewed first within a day. */
function PageViews({ day }: { day: string }) {
  const intl = useIntl();
  const locale = useLocale();
  const [page, setPage] = useState(1);
  const views = useQuery({
    queryKey: ['page_views', day, page],
    refetchInterval: 60_000,
    queryFn: ({ signal }) =>
      api.query('site.page-view-counts', { from: weekBefore(day), to: day, page, pageSize: VIEWS_PAGE_SIZE }, { signal }),
  });
  return (
    <section aria-labelledby="page-views">
      <h2 id="page-views">
        <FormattedMessage id="dashboard.pageViews" />
      </h2>
      {views.isPending && <Spinner />}
      {views.isError && (
        <Alert role="alert">
          <ErrorText error={views.error} />
        </Alert>
      )}
      {views.data && views.data.dataList.length === 0 && (
        <p>
          <FormattedMessage id="dashboard.noViews" />
        </p>
      )}
      {views.data && views.data.dataList.length > 0 && (
        <Table aria-label={intl.formatMessage({ id: 'dashboard.pageViews' })}>
          <thead>
            <tr>
              <th scope="col">
                <FormattedMessage id="dashboard.day" />
              </th>
              <th scope="col">
                <FormattedMessage id="dashboard.page" />
              </th>
              <th scope="col">
                <FormattedMessage id="dashboard.views" />
              </th>
            </tr>
          </thead>
          <tbody>
            {views.data.dataList.map((v) => (
              <tr key={`${v.day}|${v.path}`}>
                <td>{v.day === day ? intl.formatMessage({ id: 'notification.today' }) : formatDay(v.day, locale)}</td>
                <td>
                  <bdi dir="ltr">{v.path}</bdi>
                </td>
                <td>{formatNumber(v.count, locale)}</td>
              </tr>
            ))}
          </tbody>
        </Table>
      )}
      {views.data && <Pager page={page} pageSize={VIEWS_PAGE_SIZE} total={views.data.totalCount} onPage={setPage} />}
    </section>
  );
}
