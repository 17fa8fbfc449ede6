import styled from '@emotion/styled';
import { useState, type ReactNode } from 'react';
import { useAtomValue, useSetAtom } from 'jotai';
import { FormattedMessage, useIntl } from 'react-intl';
import { Link } from '@tanstack/react-router';
import type { CustomerAdminView } from '@evc/contracts/identity';
import { Button, TabButton } from '../../../components/ui/button';
import { Spinner } from '../../../components/ui/spinner';
import { paths } from '../../../config/paths';
import { formatMoney } from '../../../lib/format';
import { hasPrivilege, sessionAtom } from '../../../stores/auth-state';
import { useLocale } from '../../../hooks/use-locale';
import { pushToastAtom } from '../../../stores/toast-state';
import { useAdminItem, useCommand } from '../../../components/admin/admin-api';
import { AdminList, useAdminList, type Column, type StatusFilter } from '../../../components/admin/admin-list';
import { DetailList, FormCard, Status } from '../../../components/admin/admin-ui';
import { ReasonForm } from '../../../components/admin/form-parts';
import { AuthorizedImage } from '../../../components/admin/image-upload';
import { useProblemText } from '../../../components/admin/problems';
import { formatCairo } from '../../../lib/cairo-time';
import { batteryRangeName, carName } from '../../../lib/names';

const COLLECTION = 'customers';
const BANNED_FILTER: StatusFilter = { param: 'banned', trueId: 'customers.banned', falseId: 'customers.notBanned' };
const TABS = ['wallet', 'cards', 'sessions', 'bookings'] as const;
/** The tabs other contexts fill for the selected customer (wallet, cards); the app composes them. */
export interface CustomerTabs {
  wallet: (customerId: string) => ReactNode;
  cards: (customerId: string) => ReactNode;
}

const Details = styled(DetailList)`
  .licences {
    display: flex;
    gap: 0.5rem;
    flex-wrap: wrap;
  }
`;

const Tabs = styled.div`
  display: flex;
  gap: 0.5rem;
`;

/** /admin/users: customers with the fields of docs/rules.md §3, ban/unban with a reason, details and tabs. */
export function CustomersPage({ tabs }: { tabs: CustomerTabs }) {
  const locale = useLocale();
  const session = useAtomValue(sessionAtom);
  const canBan = hasPrivilege(session, 'customers.ban');
  const [acting, setActing] = useState(false);
  const list = useAdminList<CustomerAdminView>({ collection: COLLECTION, operation: 'customers.admin-list', statusFilter: BANNED_FILTER });
  // Seven columns fit a laptop beside the admin menu; age, gender, battery range, last charge, licences and the
  // rest are in the selected customer's details below the table.
  const columns: Column<CustomerAdminView>[] = [
    { key: 'name', labelId: 'admin.name', sortKey: 'firstName', render: (r) => `${r.firstName} ${r.lastName}` },
    { key: 'email', labelId: 'auth.email', sortKey: 'email', render: (r) => <bdi dir="ltr">{r.email}</bdi> },
    { key: 'phone', labelId: 'auth.phone', sortKey: 'phone', render: (r) => <bdi dir="ltr">{r.phone}</bdi> },
    { key: 'car', labelId: 'customers.carType', render: (r) => <CarText customer={r} /> },
    { key: 'card', labelId: 'customers.cardStatus', sortKey: 'cardStatus', render: (r) => <CardStatusText status={r.cardStatus} /> },
    {
      key: 'wallet',
      labelId: 'customers.wallet',
      sortKey: 'walletBalance',
      render: (r) => (r.walletBalance === null ? '—' : <bdi>{formatMoney(r.walletBalance, locale)}</bdi>),
    },
    {
      key: 'status',
      labelId: 'admin.status',
      sortKey: 'banned',
      render: (r) => (
        <Status ok={!r.banned} title={r.banReason ?? undefined}>
          <FormattedMessage id={r.banned ? 'customers.banned' : 'admin.active'} />
        </Status>
      ),
    },
  ];
  const selected = list.rows.find((r) => r.customerId === list.state.selected) ?? null;

  return (
    <AdminList
      titleId="admin.users"
      list={list}
      columns={columns}
      rowId={(r) => r.customerId}
      auditStream={(r) => `account-${r.customerId}`}
      csvName="customers.csv"
      actions={(row, requireSelection) =>
        canBan && (
          <Button type="button" variant="secondary" onClick={() => setActing(requireSelection())}>
            <FormattedMessage id={row?.banned ? 'customers.unban' : 'customers.ban'} />
          </Button>
        )
      }
      detail={(row) => <CustomerDetail key={row.customerId} customerId={row.customerId} tabs={tabs} />}
    >
      {acting && selected && <BanForm key={selected.customerId} customer={selected} onDone={() => setActing(false)} />}
    </AdminList>
  );
}

function BanForm({ customer, onDone }: { customer: CustomerAdminView; onDone: () => void }) {
  const intl = useIntl();
  const pushToast = useSetAtom(pushToastAtom);
  const problemText = useProblemText();
  const ban = useCommand(COLLECTION, 'customers.ban');
  const unban = useCommand(COLLECTION, 'customers.unban');
  const command = customer.banned ? unban : ban;
  return (
    <ReasonForm
      titleId={customer.banned ? 'customers.unbanTitle' : 'customers.banTitle'}
      submitId={customer.banned ? 'customers.unban' : 'customers.ban'}
      busy={command.isPending}
      onCancel={onDone}
      onSubmit={(reason) =>
        command.mutate(
          { customerId: customer.customerId, reason },
          {
            onSuccess: () => {
              pushToast({ kind: 'success', text: intl.formatMessage({ id: 'customers.saved' }) });
              onDone();
            },
            onError: (error) => pushToast({ kind: 'error', text: problemText(error) }),
          },
        )
      }
    >
      <p>{`${customer.firstName} ${customer.lastName}`}</p>
    </ReasonForm>
  );
}

function CustomerDetail({ customerId, tabs }: { customerId: string; tabs: CustomerTabs }) {
  const intl = useIntl();
  const locale = useLocale();
  const [tab, setTab] = useState<(typeof TABS)[number]>('wallet');
  const canSeeSessions = hasPrivilege(useAtomValue(sessionAtom), 'sessions.read');
  const item = useAdminItem(COLLECTION, 'customers.admin-get', { customerId });
  if (item.isPending) return <Spinner />;
  if (!item.data) return null;
  const c = item.data;
  return (
    <FormCard aria-labelledby="customer-detail">
      <h2 id="customer-detail">{`${c.firstName} ${c.lastName}`}</h2>
      <Details data-testid="customer-details">
        <dt>
          <FormattedMessage id="customers.age" />
        </dt>
        <dd data-field="age">{c.age === null ? '—' : intl.formatNumber(c.age)}</dd>
        <dt>
          <FormattedMessage id="customers.gender" />
        </dt>
        <dd>
          <FormattedMessage id={`customers.gender.${c.gender}`} />
        </dd>
        <dt>
          <FormattedMessage id="customers.carType" />
        </dt>
        <dd data-field="car">
          <CarText customer={c} />
        </dd>
        <dt>
          <FormattedMessage id="customers.batteryRange" />
        </dt>
        <dd data-field="battery">{c.car ? batteryRangeName(c.car, locale) : '—'}</dd>
        <dt>
          <FormattedMessage id="customers.cardStatus" />
        </dt>
        <dd data-field="card">
          <CardStatusText status={c.cardStatus} />
        </dd>
        <dt>
          <FormattedMessage id="customers.lastCharge" />
        </dt>
        <dd>{c.lastChargeAt ? formatCairo(c.lastChargeAt, locale, 'dateTime') : '—'}</dd>
        <dt>
          <FormattedMessage id="customers.verified" />
        </dt>
        <dd>
          <FormattedMessage id={c.emailVerified ? 'common.yes' : 'common.no'} />
        </dd>
        <dt>
          <FormattedMessage id="customers.since" />
        </dt>
        <dd>{formatCairo(c.createdAt, locale, 'date')}</dd>
        {c.banned && (
          <>
            <dt>
              <FormattedMessage id="customers.banReason" />
            </dt>
            <dd>{c.banReason ?? '—'}</dd>
          </>
        )}
        <dt>
          <FormattedMessage id="customers.licences" />
        </dt>
        <dd className="licences" data-field="licences">
          {c.licenceImageIds.length === 0
            ? '—'
            : c.licenceImageIds.map((id, i) => (
                <AuthorizedImage key={id} fileId={id} alt={intl.formatMessage({ id: 'customers.licenceN' }, { n: i + 1 })} />
              ))}
        </dd>
      </Details>
      <Tabs role="tablist" aria-label={intl.formatMessage({ id: 'customers.tabs' })}>
        {TABS.map((t) => (
          <TabButton key={t} id={'customer-tab-' + t} selected={tab === t} aria-controls="customer-tab" onClick={() => setTab(t)}>
            <FormattedMessage id={`customers.tab.${t}`} />
          </TabButton>
        ))}
      </Tabs>
      <div role="tabpanel" id="customer-tab" aria-labelledby={'customer-tab-' + tab}>
        {tab === 'wallet' ? (
          tabs.wallet(customerId)
        ) : tab === 'cards' ? (
          tabs.cards(customerId)
        ) : tab === 'sessions' && canSeeSessions ? (
          <Link to={paths.admin.sessions} search={{ customerId } as never}>
            <FormattedMessage id="admin.wallet.customerSessions" />
          </Link>
        ) : (
          <p>
            <FormattedMessage id="customers.nothingYet" />
          </p>
        )}
      </div>
    </FormCard>
  );
}

/** The latest registered car in the page's language, and how many more the customer has. */
function CarText({ customer }: { customer: Pick<CustomerAdminView, 'car' | 'carCount'> }) {
  const locale = useLocale();
  if (!customer.car) return <>—</>;
  const name = carName(customer.car, locale);
  return customer.carCount > 1 ? (
    <FormattedMessage id="customers.carAndMore" values={{ car: name, more: customer.carCount - 1 }} />
  ) : (
    <>{name}</>
  );
}

/** Active while any card is, inactive when none is, "no card" without cards. */
function CardStatusText({ status }: { status: string | null }) {
  return <FormattedMessage id={status ? `cards.cardStatus.${status}` : 'customers.noCard'} />;
}
