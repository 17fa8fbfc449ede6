import { FormattedMessage, useIntl } from 'react-intl';
import { ALERT_KINDS, ALERT_STATES, type AlertRow } from '@evc/contracts/alerts';
import { formatCairo } from '../../../lib/cairo-time';
import { useStaffLive } from '../../../hooks/use-staff-live';
import { usePagedList } from '../../../components/admin/admin-api';
import type { ListParams } from '../../../components/admin/admin-list';
import { AdminList, useAdminList, useBilingual, useListState, type Column } from '../../../components/admin/admin-list';
import { Status } from '../../../components/admin/admin-ui';
import { FilterSelect } from '../../../components/admin/list-filters';
import { AlertDetail, ALERTS } from './alert-detail';
import { AlertSubscriptions } from './alert-subscriptions';

/** The URL keys of the screen's own filters (the list's q, sort, page and selection are AdminList's). */
const FILTERS = ['alertState', 'stationId', 'kind'] as const;
type FilterKey = (typeof FILTERS)[number];
const text = (v: unknown): string | undefined => (typeof v === 'string' && v !== '' ? v : undefined);

/**
 * /admin/Alerts (alerts.read): the on-call inbox, newest first, filtered by state, station and kind; the selected
 * alert opens its detail (cause, history, notes; acknowledge and resolve with alerts.manage). Live: a charger's fault
 * or recovery shows without a reload. The staff member's own subscriptions sit above the list.
 */
export function AlertsPage() {
  const intl = useIntl();
  const { locale, name } = useBilingual();
  const { search, update } = useListState();
  useStaffLive({ alerts: [[ALERTS]] });
  const filter = Object.fromEntries(FILTERS.map((k) => [k, text(search[k])])) as Record<FilterKey, string | undefined>;
  const params: ListParams = { state: filter.alertState, stationId: filter.stationId, kind: filter.kind };
  const list = useAdminList<AlertRow>({ collection: ALERTS, operation: 'alerts.admin-list', params, statusFilter: null });
  const stations = usePagedList('stations', 'stations.admin-list', { pageSize: 100 });
  const set = (key: FilterKey, value: string) => update({ [key]: value || undefined, page: 1 });
  const label = (id: string) => intl.formatMessage({ id });
  const columns: Column<AlertRow>[] = [
    {
      key: 'openedAt',
      labelId: 'alerts.opened',
      sortKey: 'openedAt',
      render: (r) => <time dateTime={r.openedAt}>{formatCairo(r.openedAt, locale)}</time>,
    },
    { key: 'kind', labelId: 'alerts.kind', sortKey: 'kind', render: (r) => <FormattedMessage id={`alerts.kind.${r.kind}`} /> },
    { key: 'chargerId', labelId: 'alerts.charger', sortKey: 'chargerId', render: (r) => <bdi dir="ltr">{r.chargerId}</bdi> },
    { key: 'station', labelId: 'alerts.station', render: (r) => name(r.stationNameEn ?? '', r.stationNameAr ?? '') },
    { key: 'connector', labelId: 'alerts.connector', render: (r) => (r.connectorId ? intl.formatNumber(r.connectorId) : '') },
    { key: 'errorCode', labelId: 'alerts.errorCode', render: (r) => (r.errorCode ? <bdi dir="ltr">{r.errorCode}</bdi> : '') },
    {
      key: 'state',
      labelId: 'alerts.state',
      sortKey: 'state',
      render: (r) => (
        <Status ok={r.state === 'resolved'}>
          <FormattedMessage id={`alerts.state.${r.state}`} />
        </Status>
      ),
    },
  ];
  return (
    <AdminList
      titleId="alerts.title"
      list={list}
      columns={columns}
      rowId={(r) => r.alertId}
      auditStream={(r) => `alerts-${r.kind}-${r.chargerId}`}
      csvName="alerts.csv"
      filters={
        <>
          <FilterSelect
            labelId="alerts.filterState"
            allId="admin.all"
            value={filter.alertState}
            options={ALERT_STATES.map((s) => ({ value: s, label: label(`alerts.state.${s}`) }))}
            onChange={(v) => set('alertState', v)}
          />
          <FilterSelect
            labelId="alerts.filterStation"
            allId="alerts.allStations"
            value={filter.stationId}
            options={(stations.data?.dataList ?? []).map((s) => ({ value: s.stationId, label: name(s.nameEn, s.nameAr) }))}
            onChange={(v) => set('stationId', v)}
          />
          <FilterSelect
            labelId="alerts.filterKind"
            allId="alerts.allKinds"
            value={filter.kind}
            options={ALERT_KINDS.map((k) => ({ value: k, label: label(`alerts.kind.${k}`) }))}
            onChange={(v) => set('kind', v)}
          />
        </>
      }
      detail={(row) => <AlertDetail key={row.alertId} alertId={row.alertId} />}
    >
      <AlertSubscriptions stations={(stations.data?.dataList ?? []).map((s) => ({ id: s.stationId, name: name(s.nameEn, s.nameAr) }))} />
    </AdminList>
  );
}
