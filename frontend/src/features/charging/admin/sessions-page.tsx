import { useIntl } from 'react-intl';
import { SESSION_STATUSES } from '@evc/contracts/charging';
import type { SessionAdminView } from '@evc/contracts/charging';
import type { ListParams } from '../../../components/admin/admin-list';
import { AdminList, useAdminList, useBilingual, useListState, type Column } from '../../../components/admin/admin-list';
import { SessionDetail } from './session-detail';
import { SESSIONS, useSessionFormat } from '../../../components/admin/session-format';
import { SessionRefusedChip, SessionStatusChip } from './session-parts';
import { CustomerCell, FilterSelect, StationDateFilters } from '../../../components/admin/list-filters';

/** The URL keys of the screen's own filters (the list's q, sort, page and selection are AdminList's). */
const FILTERS = ['sessionStatus', 'stationId', 'from', 'to', 'customerId'] as const;
type FilterKey = (typeof FILTERS)[number];

const text = (v: unknown): string | undefined => (typeof v === 'string' && v !== '' ? v : undefined);

/**
 * /admin/sessions (sessions.read): the charging sessions, read-only, filtered by status, station, requested date
 * range and text, sortable by date, cost and energy. Selecting a row opens its detail above the list; a session
 * opened by link (`?selected=`) shows even when it is not on the current page.
 */
export function SessionsPage() {
  const intl = useIntl();
  const fmt = useSessionFormat();
  const { name } = useBilingual();
  const { search, update } = useListState();
  const filter = Object.fromEntries(FILTERS.map((k) => [k, text(search[k])])) as Record<FilterKey, string | undefined>;
  const params: ListParams = {
    status: filter.sessionStatus,
    stationId: filter.stationId,
    from: filter.from,
    to: filter.to,
    customerId: filter.customerId,
  };
  const list = useAdminList<SessionAdminView>({ collection: SESSIONS, operation: 'sessions.admin-list', params, statusFilter: null });
  const set = (key: FilterKey, value: string) => update({ [key]: value || undefined, page: 1 });
  const label = (id: string) => intl.formatMessage({ id });

  const columns: Column<SessionAdminView>[] = [
    {
      key: 'date',
      labelId: 'admin.sessions.date',
      sortKey: 'requestedAt',
      render: (r) => <time dateTime={r.requestedAt}>{fmt.dateTime(r.requestedAt)}</time>,
    },
    { key: 'customer', labelId: 'admin.sessions.customer', render: (r) => <CustomerCell row={r} /> },
    { key: 'station', labelId: 'admin.sessions.station', render: (r) => name(r.stationNameEn, r.stationNameAr) },
    {
      key: 'connector',
      labelId: 'admin.sessions.connectorType',
      render: (r) => <bdi dir="ltr">{`${r.connectorType} · ${r.current}`}</bdi>,
    },
    { key: 'energy', labelId: 'admin.sessions.energy', sortKey: 'energyWh', render: (r) => fmt.kwh(r.energyWh) },
    { key: 'duration', labelId: 'admin.sessions.duration', render: (r) => fmt.duration(r.startedAt, r.stoppedAt) },
    { key: 'cost', labelId: 'admin.sessions.cost', sortKey: 'cost', render: (r) => <bdi>{fmt.money(r.cost)}</bdi> },
    {
      key: 'status',
      labelId: 'admin.status',
      render: (r) => (
        <>
          <SessionStatusChip status={r.status} /> <SessionRefusedChip refusal={r.refusal} />
        </>
      ),
    },
  ];

  return (
    <AdminList
      titleId="admin.sessions"
      list={list}
      columns={columns}
      rowId={(r) => r.sessionId}
      auditStream={(r) => `session-${r.sessionId}`}
      filters={
        <>
          <FilterSelect
            labelId="admin.sessions.filterStatus"
            allId="admin.all"
            value={filter.sessionStatus}
            options={SESSION_STATUSES.map((s) => ({ value: s, label: label(`admin.sessions.status.${s}`) }))}
            onChange={(v) => set('sessionStatus', v)}
          />
          <StationDateFilters filter={filter} set={set} />
        </>
      }
    >
      {list.state.selected && (
        <SessionDetail key={list.state.selected} sessionId={list.state.selected} onClose={() => update({ selected: undefined })} />
      )}
    </AdminList>
  );
}
