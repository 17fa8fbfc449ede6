// i18n-catalog: app — the admin panel's customers screen.
import { useState } from 'react';
import { useAtomValue, useSetAtom } from 'jotai';
import { FormattedMessage, useIntl } from 'react-intl';
import { CUSTOMER_DEACTIVATION_REASON } from '@evc/contracts/cards';
import type { CardAdminView } from '@evc/contracts/cards';
import { Button } from '../../../components/ui/button';
import { Spinner } from '../../../components/ui/spinner';
import { formatDay } from '../../../lib/format-day';
import { useLocale } from '../../../hooks/use-locale';
import { hasPrivilege, sessionAtom } from '../../../stores/auth-state';
import { pushToastAtom } from '../../../stores/toast-state';
import { useCommand, usePagedList } from '../../../components/admin/admin-api';
import { Table } from '../../../components/admin/admin-ui';
import { Chip } from '../../../components/admin/chip';
import { ReasonForm } from '../../../components/admin/form-parts';
import { ProblemAlert } from '../../../components/admin/problems';

const CARDS = 'cards';

/**
 * A customer's charging cards on their admin page: ID, reference name, issue date, status and why it last changed;
 * staff with cards.manage turn a card off or on with a reason, against the revision they saw.
 */
export function CustomerCardsPanel({ customerId }: { customerId: string }) {
  const intl = useIntl();
  const locale = useLocale();
  const pushToast = useSetAtom(pushToastAtom);
  const canManage = hasPrivilege(useAtomValue(sessionAtom), 'cards.manage');
  const cards = usePagedList(CARDS, 'cards.admin-list', { customerId, pageSize: 100 });
  const [acting, setActing] = useState<CardAdminView | null>(null);
  const [problem, setProblem] = useState<unknown>(null);
  const deactivate = useCommand(CARDS, 'cards.deactivate');
  const activate = useCommand(CARDS, 'cards.activate');
  if (cards.isPending) return <Spinner />;
  const rows = cards.data?.dataList ?? [];
  if (rows.length === 0)
    return (
      <p>
        <FormattedMessage id="admin.customerCards.none" />
      </p>
    );
  const command = acting?.status === 'active' ? deactivate : activate;
  const reasonText = (c: CardAdminView) =>
    c.statusReason === CUSTOMER_DEACTIVATION_REASON
      ? intl.formatMessage({ id: 'admin.customerCards.reportedLost' })
      : (c.statusReason ?? '—');
  return (
    <div>
      <Table aria-label={intl.formatMessage({ id: 'cards.cards.title' })}>
        <thead>
          <tr>
            <th scope="col">
              <FormattedMessage id="cards.card.id" />
            </th>
            <th scope="col">
              <FormattedMessage id="cards.form.referenceName" />
            </th>
            <th scope="col">
              <FormattedMessage id="cards.card.issueDate" />
            </th>
            <th scope="col">
              <FormattedMessage id="admin.status" />
            </th>
            <th scope="col">
              <FormattedMessage id="admin.reason" />
            </th>
            {canManage && <th scope="col" />}
          </tr>
        </thead>
        <tbody>
          {rows.map((c) => (
            <tr key={c.cardId} data-card={c.cardId}>
              <td>
                <bdi dir="ltr">{c.cardId}</bdi>
              </td>
              <td>{c.referenceName}</td>
              <td>{formatDay(c.issueDate, locale)}</td>
              <td>
                <Chip tone={c.status === 'active' ? 'ok' : 'idle'} data-status={c.status}>
                  <FormattedMessage id={`cards.cardStatus.${c.status}`} />
                </Chip>
              </td>
              <td>{reasonText(c)}</td>
              {canManage && (
                <td>
                  <Button type="button" variant="secondary" onClick={() => (setProblem(null), setActing(c))}>
                    <FormattedMessage id={c.status === 'active' ? 'admin.customerCards.deactivate' : 'admin.customerCards.activate'} />
                  </Button>
                </td>
              )}
            </tr>
          ))}
        </tbody>
      </Table>
      {acting && (
        <ReasonForm
          key={`${acting.cardId}-${acting.revision}`}
          titleId={acting.status === 'active' ? 'admin.customerCards.deactivate' : 'admin.customerCards.activate'}
          submitId={acting.status === 'active' ? 'admin.customerCards.deactivate' : 'admin.customerCards.activate'}
          busy={command.isPending}
          onCancel={() => setActing(null)}
          onSubmit={(reason) =>
            command.mutate(
              { cardId: acting.cardId, expectedRevision: acting.revision, reason },
              {
                onSuccess: () => {
                  pushToast({ kind: 'success', text: intl.formatMessage({ id: 'admin.cardRequests.updated' }) });
                  setActing(null);
                },
                onError: setProblem,
              },
            )
          }
        >
          <p>
            <bdi dir="ltr">{acting.cardId}</bdi>
            {` · ${acting.referenceName}`}
          </p>
          {problem !== null && <ProblemAlert error={problem} onReload={() => void cards.refetch().then(() => setActing(null))} />}
        </ReasonForm>
      )}
    </div>
  );
}
