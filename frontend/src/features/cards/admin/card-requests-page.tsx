// i18n-catalog: app — the admin panel's card requests screen.
import { useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { CARD_REQUEST_KINDS, CARD_REQUEST_STATUSES } from '@evc/contracts/cards';
import type { CardRequestAdminView } from '@evc/contracts/cards';
import { Button } from '../../../components/ui/button';
import { Spinner } from '../../../components/ui/spinner';
import { Facts } from '../../../components/ui/status-parts';
import { formatCairo } from '../../../lib/cairo-time';
import { useAtomValue } from 'jotai';
import { hasPrivilege, sessionAtom } from '../../../stores/auth-state';
import { useAdminItem, usePagedList } from '../../../components/admin/admin-api';
import type { ListParams } from '../../../components/admin/admin-list';
import { AdminList, useAdminList, useBilingual, useListState, type Column } from '../../../components/admin/admin-list';
import { FormCard } from '../../../components/admin/admin-ui';
import { CARD_REQUESTS, STEPS, StepDialog, allowedSteps, stepLabel, type Step } from './card-request-actions';
import { Chip, type Tone } from '../../../components/admin/chip';
import { DateRangeFilter, FilterSelect } from '../../../components/admin/list-filters';

const FILTERS = ['requestStatus', 'kind', 'governorateId', 'from', 'to'] as const;
type FilterKey = (typeof FILTERS)[number];
const text = (v: unknown): string | undefined => (typeof v === 'string' && v !== '' ? v : undefined);

const TONES: Record<string, Tone> = {
  requested: 'busy',
  in_progress: 'busy',
  needs_action: 'bad',
  in_delivery: 'busy',
  delivered: 'ok',
  rejected: 'bad',
  canceled: 'idle',
};

export function RequestStatus({ status, kind }: { status: string; kind: string }) {
  const intl = useIntl();
  const id = kind === 'link' && status === 'delivered' ? 'cards.status.verified' : `cards.status.${status}`;
  return (
    <Chip tone={TONES[status] ?? 'idle'} data-status={status}>
      {intl.formatMessage({ id })}
    </Chip>
  );
}

function useDates() {
  const { locale } = useBilingual();
  return (iso: string) => formatCairo(iso, locale);
}

/** The selected request: who asked, where to, the card, and its timeline with each step's author and note. */
function CardRequestDetail({ requestId }: { requestId: string }) {
  const { name } = useBilingual();
  const dateTime = useDates();
  const item = useAdminItem(CARD_REQUESTS, 'card-requests.admin-get', { requestId });
  if (item.isPending) return <Spinner />;
  if (!item.data) return null;
  const r = item.data;
  const dash = (v: string | null) => v ?? '—';
  return (
    <FormCard aria-labelledby="card-request-detail">
      <h2 id="card-request-detail">
        {r.referenceName} <RequestStatus status={r.status} kind={r.kind} />
      </h2>
      <Facts>
        <dt>
          <FormattedMessage id="cards.request.id" />
        </dt>
        <dd>
          <bdi dir="ltr">{r.requestId}</bdi>
        </dd>
        <dt>
          <FormattedMessage id="admin.cardRequests.customer" />
        </dt>
        <dd>
          {`${dash(r.customerName)} · `}
          <bdi dir="ltr">{dash(r.customerEmail)}</bdi>
        </dd>
        <dt>
          <FormattedMessage id="cards.form.phone" />
        </dt>
        <dd>
          <bdi dir="ltr">{r.phone}</bdi>
        </dd>
        <dt>
          <FormattedMessage id="cards.request.kind" />
        </dt>
        <dd>
          <FormattedMessage id={`cards.kind.${r.kind}`} />
        </dd>
        {r.kind === 'new' && (
          <>
            <dt>
              <FormattedMessage id="cards.form.governorate" />
            </dt>
            <dd>{r.governorateNameEn ? name(r.governorateNameEn, r.governorateNameAr ?? r.governorateNameEn) : '—'}</dd>
            <dt>
              <FormattedMessage id="cards.form.homeAddress" />
            </dt>
            <dd>{dash(r.homeAddress)}</dd>
            <dt>
              <FormattedMessage id="cards.request.deliveryAddress" />
            </dt>
            <dd>{r.sameAsHome ? <FormattedMessage id="cards.form.sameAsHome" /> : dash(r.deliveryAddress)}</dd>
          </>
        )}
        <dt>
          <FormattedMessage id="cards.card.id" />
        </dt>
        <dd>
          <bdi dir="ltr">{dash(r.cardId)}</bdi>
        </dd>
        <dt>
          <FormattedMessage id="cards.card.issueDate" />
        </dt>
        <dd>{dash(r.issueDate)}</dd>
      </Facts>
      <h3>
        <FormattedMessage id="cards.request.history" />
      </h3>
      <ol data-testid="card-request-timeline">
        {r.timeline.map((s, i) => (
          <li key={i}>
            <time dateTime={s.at}>{dateTime(s.at)}</time> · <RequestStatus status={s.status} kind={r.kind} /> · {s.actorName ?? s.actorType}
            {s.note ? ` · ${s.note}` : ''}
          </li>
        ))}
      </ol>
    </FormCard>
  );
}

/**
 * /admin/cardrequests (cards.manage): card requests filtered by status, kind, governorate and created date (Cairo
 * days), searched by customer, phone or card ID, exported as CSV. The status steps need a selected row ("select a
 * row" otherwise) and are enabled as the workflow allows; each names the revision seen, so a second editor is told
 * the request changed. The selected request shows its details, timeline and (events.read) its history.
 */
export function CardRequestsPage() {
  const intl = useIntl();
  const { name } = useBilingual();
  const dateTime = useDates();
  const canManage = hasPrivilege(useAtomValue(sessionAtom), 'cards.manage');
  const governorates = usePagedList('governorates', 'governorates.list', {});
  const { search, update } = useListState();
  const filter = Object.fromEntries(FILTERS.map((k) => [k, text(search[k])])) as Record<FilterKey, string | undefined>;
  const params: ListParams = {
    status: filter.requestStatus,
    kind: filter.kind,
    governorateId: filter.governorateId,
    from: filter.from,
    to: filter.to,
  };
  const list = useAdminList<CardRequestAdminView>({
    collection: CARD_REQUESTS,
    operation: 'card-requests.admin-list',
    params,
    statusFilter: null,
  });
  // the request as the staff member saw it when they chose the step: its revision guards the change (a change made
  // meanwhile answers "changed by someone else"), and a refresh of the list while the dialog is open does not replace it
  const [acting, setActing] = useState<{ step: Step; request: CardRequestAdminView } | null>(null);
  const set = (key: FilterKey, value: string) => update({ [key]: value || undefined, page: 1 });
  const label = (id: string) => intl.formatMessage({ id });

  const columns: Column<CardRequestAdminView>[] = [
    {
      key: 'created',
      labelId: 'cards.request.created',
      sortKey: 'createdAt',
      render: (r) => <time dateTime={r.createdAt}>{dateTime(r.createdAt)}</time>,
    },
    { key: 'customer', labelId: 'admin.cardRequests.customer', sortKey: 'customerName', render: (r) => r.customerName ?? '—' },
    { key: 'reference', labelId: 'cards.form.referenceName', render: (r) => r.referenceName },
    { key: 'kind', labelId: 'cards.request.kind', render: (r) => <FormattedMessage id={`cards.kind.${r.kind}`} /> },
    {
      key: 'governorate',
      labelId: 'cards.form.governorate',
      sortKey: 'governorate',
      render: (r) => (r.governorateNameEn ? name(r.governorateNameEn, r.governorateNameAr ?? r.governorateNameEn) : '—'),
    },
    { key: 'card', labelId: 'cards.card.id', render: (r) => <bdi dir="ltr">{r.cardId ?? '—'}</bdi> },
    { key: 'status', labelId: 'admin.status', sortKey: 'status', render: (r) => <RequestStatus status={r.status} kind={r.kind} /> },
  ];

  return (
    <AdminList
      titleId="admin.cardRequests"
      list={list}
      columns={columns}
      rowId={(r) => r.requestId}
      auditStream={(r) => `card-request-${r.requestId}`}
      csvName="card-requests.csv"
      actions={(row, requireSelection) =>
        canManage &&
        STEPS.map((step) => (
          <Button
            key={step}
            type="button"
            variant="secondary"
            data-step={step}
            disabled={row !== null && !allowedSteps(row).includes(step)}
            onClick={() => requireSelection() && row && setActing({ step, request: row })}
          >
            <FormattedMessage id={stepLabel(step, row?.kind ?? 'new')} />
          </Button>
        ))
      }
      filters={
        <>
          <FilterSelect
            labelId="admin.cardRequests.filterStatus"
            allId="admin.cardRequests.allStatuses"
            value={filter.requestStatus}
            options={CARD_REQUEST_STATUSES.map((s) => ({ value: s, label: label(`cards.status.${s}`) }))}
            onChange={(v) => set('requestStatus', v)}
          />
          <FilterSelect
            labelId="admin.cardRequests.filterKind"
            allId="admin.cardRequests.allKinds"
            value={filter.kind}
            options={CARD_REQUEST_KINDS.map((k) => ({ value: k, label: label(`cards.kind.${k}`) }))}
            onChange={(v) => set('kind', v)}
          />
          <FilterSelect
            labelId="admin.cardRequests.filterGovernorate"
            allId="admin.cardRequests.allGovernorates"
            value={filter.governorateId}
            options={(governorates.data?.dataList ?? []).map((g) => ({ value: g.governorateId, label: name(g.nameEn, g.nameAr) }))}
            onChange={(v) => set('governorateId', v)}
          />
          <DateRangeFilter from={filter.from} to={filter.to} onChange={set} />
        </>
      }
      detail={(row) => <CardRequestDetail key={`${row.requestId}-${row.revision}`} requestId={row.requestId} />}
    >
      {acting && (
        <StepDialog
          key={`${acting.step}-${acting.request.requestId}`}
          request={acting.request}
          step={acting.step}
          onDone={() => setActing(null)}
          onReload={() => void list.query.refetch()}
        />
      )}
    </AdminList>
  );
}
