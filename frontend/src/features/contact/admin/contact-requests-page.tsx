import { useIntl, FormattedMessage } from 'react-intl';
import { CONTACT_STATUSES, CONTACT_TYPES } from '@evc/contracts/contact';
import type { ContactRequestRow } from '@evc/contracts/contact';
import { formatCairo } from '../../../lib/cairo-time';
import { useStaffLive } from '../../../hooks/use-staff-live';
import type { ListParams } from '../../../components/admin/admin-list';
import { AdminList, useAdminList, useBilingual, useListState, type Column } from '../../../components/admin/admin-list';
import { Status } from '../../../components/admin/admin-ui';
import { DateRangeFilter, FilterSelect } from '../../../components/admin/list-filters';
import { ContactRequestDetail, CONTACT_REQUESTS } from './contact-request-detail';

/** The URL keys of the screen's own filters (the list's q, sort, page and selection are AdminList's). */
const FILTERS = ['contactStatus', 'type', 'from', 'to'] as const;
type FilterKey = (typeof FILTERS)[number];
const text = (v: unknown): string | undefined => (typeof v === 'string' && v !== '' ? v : undefined);

/**
 * /admin/Contactusrequests (contact.manage): the contact requests, newest first, filtered by status, type and the
 * date they came in (Cairo days), searched by name, e-mail and title; the selected one opens its detail (reply by
 * e-mail, internal comments, status). Live: a new request or another manager's reply shows without a reload.
 */
export function ContactRequestsPage() {
  const intl = useIntl();
  const { locale } = useBilingual();
  const { search, update } = useListState();
  useStaffLive({ contact_requests: [[CONTACT_REQUESTS]] });
  const filter = Object.fromEntries(FILTERS.map((k) => [k, text(search[k])])) as Record<FilterKey, string | undefined>;
  const params: ListParams = { status: filter.contactStatus, type: filter.type, from: filter.from, to: filter.to };
  const list = useAdminList<ContactRequestRow>({
    collection: CONTACT_REQUESTS,
    operation: 'contact-requests.admin-list',
    params,
    statusFilter: null,
  });
  const set = (key: FilterKey, value: string) => update({ [key]: value || undefined, page: 1 });
  const label = (id: string) => intl.formatMessage({ id });
  const columns: Column<ContactRequestRow>[] = [
    {
      key: 'createdAt',
      labelId: 'contactRequests.received',
      sortKey: 'createdAt',
      render: (r) => <time dateTime={r.createdAt}>{formatCairo(r.createdAt, locale)}</time>,
    },
    { key: 'fullName', labelId: 'contact.fullName', sortKey: 'fullName', render: (r) => r.fullName },
    { key: 'email', labelId: 'contact.email', render: (r) => <bdi dir="ltr">{r.email}</bdi> },
    { key: 'title', labelId: 'contact.subject', sortKey: 'title', render: (r) => r.title },
    { key: 'type', labelId: 'contact.type', sortKey: 'type', render: (r) => <FormattedMessage id={`contact.type.${r.type}`} /> },
    { key: 'replies', labelId: 'contactRequests.replies', render: (r) => intl.formatNumber(r.replyCount) },
    {
      key: 'status',
      labelId: 'admin.status',
      sortKey: 'status',
      render: (r) => (
        <Status ok={r.status !== 'needs_action'}>
          <FormattedMessage id={`contactRequests.status.${r.status}`} />
        </Status>
      ),
    },
  ];
  return (
    <AdminList
      titleId="admin.contactRequests"
      list={list}
      columns={columns}
      rowId={(r) => r.requestId}
      auditStream={(r) => `contact-request-${r.requestId}`}
      csvName="contact-requests.csv"
      filters={
        <>
          <FilterSelect
            labelId="contactRequests.filterStatus"
            allId="admin.all"
            value={filter.contactStatus}
            options={CONTACT_STATUSES.map((s) => ({ value: s, label: label(`contactRequests.status.${s}`) }))}
            onChange={(v) => set('contactStatus', v)}
          />
          <FilterSelect
            labelId="contactRequests.filterType"
            allId="contactRequests.allTypes"
            value={filter.type}
            options={CONTACT_TYPES.map((t) => ({ value: t, label: label(`contact.type.${t}`) }))}
            onChange={(v) => set('type', v)}
          />
          <DateRangeFilter from={filter.from} to={filter.to} onChange={set} />
        </>
      }
      detail={(row) => <ContactRequestDetail key={row.requestId} requestId={row.requestId} />}
    />
  );
}
