import { useState } from 'react';
import { useAtomValue, useSetAtom } from 'jotai';
import { FormattedMessage, useIntl } from 'react-intl';
import type { CustomerAccountView } from '@evc/contracts/identity/views';
import { Button } from '../../../components/ui/button';
import { Spinner } from '../../../components/ui/spinner';
import { ApiRequestError } from '../../../lib/api-client';
import { endpoints } from '../../../lib/endpoints';
import { hasPrivilege, sessionAtom } from '../../auth/auth-state';
import { translateErrorCode } from '../../i18n/translate-error';
import { pushToastAtom } from '../../toasts/toast-state';
import { useCommand, usePagedList } from '../api/admin-api';
import { Alert, ErrorText, Pager, ReasonForm, Screen, SearchBox, Status, Table, Toolbar } from './admin-ui';

const PAGE_SIZE = 20;

/** /admin/users: a minimal customer list with ban and unban (the full customer screen comes later). */
export function CustomersPage() {
  const intl = useIntl();
  const session = useAtomValue(sessionAtom);
  const canBan = hasPrivilege(session, 'customers.ban');
  const pushToast = useSetAtom(pushToastAtom);
  const [q, setQ] = useState('');
  const [page, setPage] = useState(1);
  const [selectedId, setSelectedId] = useState<string | null>(null);
  const [acting, setActing] = useState(false);
  const [prompt, setPrompt] = useState(false);
  const list = usePagedList<CustomerAccountView>('customers', endpoints.customers.list, { q: q || undefined, page, pageSize: PAGE_SIZE });
  const ban = useCommand<unknown>('customers', endpoints.customers.ban);
  const unban = useCommand<unknown>('customers', endpoints.customers.unban);
  const rows = list.data?.dataList ?? [];
  const selected = rows.find((r) => r.customerId === selectedId) ?? null;
  const command = selected?.banned ? unban : ban;

  return (
    <Screen>
      <h1>
        <FormattedMessage id="admin.users" />
      </h1>
      <Toolbar>
        <SearchBox onSearch={(v) => (setQ(v), setPage(1))} />
        <span className="spacer" />
        {canBan && (
          <Button
            type="button"
            variant="secondary"
            onClick={() => {
              setPrompt(!selected);
              setActing(Boolean(selected));
            }}
          >
            <FormattedMessage id={selected?.banned ? 'customers.unban' : 'customers.ban'} />
          </Button>
        )}
      </Toolbar>
      {prompt && (
        <Alert role="alert">
          <FormattedMessage id="admin.selectRow" />
        </Alert>
      )}
      {acting && selected && (
        <ReasonForm
          key={selected.customerId}
          titleId={selected.banned ? 'customers.unbanTitle' : 'customers.banTitle'}
          submitId={selected.banned ? 'customers.unban' : 'customers.ban'}
          busy={command.isPending}
          onCancel={() => setActing(false)}
          onSubmit={(reason) =>
            command.mutate(
              { customerId: selected.customerId, reason },
              {
                onSuccess: () => {
                  pushToast({ kind: 'success', text: intl.formatMessage({ id: 'customers.saved' }) });
                  setActing(false);
                },
                onError: (error) => pushToast({ kind: 'error', text: translateErrorCode(intl, error instanceof ApiRequestError ? error.code : 'server.error') }),
              },
            )
          }
        >
          <p>{`${selected.firstName} ${selected.lastName}`}</p>
        </ReasonForm>
      )}
      {list.isPending ? (
        <Spinner />
      ) : list.isError ? (
        <Alert role="alert">
          <ErrorText error={list.error} />
        </Alert>
      ) : (
        <Table>
          <thead>
            <tr>
              <th><FormattedMessage id="auth.name" /></th>
              <th><FormattedMessage id="auth.email" /></th>
              <th><FormattedMessage id="auth.phone" /></th>
              <th><FormattedMessage id="customers.verified" /></th>
              <th><FormattedMessage id="admin.status" /></th>
            </tr>
          </thead>
          <tbody>
            {rows.map((r) => (
              <tr key={r.customerId} aria-selected={r.customerId === selectedId} tabIndex={0} onClick={() => (setSelectedId(r.customerId), setPrompt(false), setActing(false))} onKeyDown={(e) => e.key === 'Enter' && setSelectedId(r.customerId)}>
                <td>{`${r.firstName} ${r.lastName}`}</td>
                <td dir="ltr">{r.email}</td>
                <td dir="ltr">{r.phone}</td>
                <td>
                  <FormattedMessage id={r.emailVerified ? 'common.yes' : 'common.no'} />
                </td>
                <td>
                  <Status ok={!r.banned} title={r.banReason ?? undefined}>
                    <FormattedMessage id={r.banned ? 'customers.banned' : 'admin.active'} />
                  </Status>
                </td>
              </tr>
            ))}
            {rows.length === 0 && (
              <tr>
                <td colSpan={5}>
                  <FormattedMessage id="admin.empty" />
                </td>
              </tr>
            )}
          </tbody>
        </Table>
      )}
      <Pager page={page} pageSize={PAGE_SIZE} total={list.data?.totalCount ?? 0} onPage={setPage} />
    </Screen>
  );
}
