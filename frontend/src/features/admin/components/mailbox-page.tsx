import styled from '@emotion/styled';
import { useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import type { MailView } from '@evc/contracts/identity/views';
import { Button } from '../../../components/ui/button';
import { Spinner } from '../../../components/ui/spinner';
import { endpoints } from '../../../lib/endpoints';
import { theme } from '../../../styles/theme';
import { usePagedList } from '../api/admin-api';
import { Alert, ErrorText, FormCard, Pager, Screen, SearchBox, Table, Toolbar } from './admin-ui';

const PAGE_SIZE = 20;

const Frame = styled.iframe`
  inline-size: 100%;
  min-block-size: 24rem;
  border: 1px solid ${theme.color.border};
  border-radius: ${theme.radius.sm};
  background: #fff;
`;
const Plain = styled.pre`
  white-space: pre-wrap;
  overflow-wrap: anywhere;
  margin: 0;
  font: inherit;
`;

/** /admin/mailbox: mails the embedded profile kept (dev mailbox); the HTML body renders in a sandboxed frame. */
export function MailboxPage() {
  const intl = useIntl();
  const [q, setQ] = useState('');
  const [page, setPage] = useState(1);
  const [openId, setOpenId] = useState<string | null>(null);
  const [asHtml, setAsHtml] = useState(true);
  const list = usePagedList<MailView>('mailbox', endpoints.mailbox, { q: q || undefined, page, pageSize: PAGE_SIZE });
  const rows = list.data?.dataList ?? [];
  const open = rows.find((m) => m.mailId === openId) ?? null;

  return (
    <Screen>
      <h1>
        <FormattedMessage id="admin.mailbox" />
      </h1>
      <Toolbar>
        <SearchBox onSearch={(v) => (setQ(v), setPage(1))} />
      </Toolbar>
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
              <th><FormattedMessage id="mailbox.subject" /></th>
              <th><FormattedMessage id="mailbox.to" /></th>
              <th><FormattedMessage id="mailbox.date" /></th>
            </tr>
          </thead>
          <tbody>
            {rows.map((m) => (
              <tr key={m.mailId} aria-selected={m.mailId === openId} tabIndex={0} onClick={() => setOpenId(m.mailId)} onKeyDown={(e) => e.key === 'Enter' && setOpenId(m.mailId)}>
                <td lang={m.locale}>{m.subject}</td>
                <td dir="ltr">{m.to}</td>
                <td>{intl.formatDate(m.sentAt, { dateStyle: 'medium', timeStyle: 'short' })}</td>
              </tr>
            ))}
            {rows.length === 0 && (
              <tr>
                <td colSpan={3}>
                  <FormattedMessage id="admin.empty" />
                </td>
              </tr>
            )}
          </tbody>
        </Table>
      )}
      <Pager page={page} pageSize={PAGE_SIZE} total={list.data?.totalCount ?? 0} onPage={setPage} />
      {open && (
        <FormCard>
          <h2 lang={open.locale}>{open.subject}</h2>
          <Toolbar>
            <Button type="button" variant={asHtml ? 'primary' : 'secondary'} aria-pressed={asHtml} onClick={() => setAsHtml(true)}>
              HTML
            </Button>
            <Button type="button" variant={asHtml ? 'secondary' : 'primary'} aria-pressed={!asHtml} onClick={() => setAsHtml(false)}>
              <FormattedMessage id="mailbox.text" />
            </Button>
          </Toolbar>
          {asHtml && open.html ? (
            // sandbox="" : no scripts, no same-origin access, no forms, no top navigation
            <Frame sandbox="" srcDoc={open.html} title={intl.formatMessage({ id: 'mailbox.body' })} referrerPolicy="no-referrer" />
          ) : (
            <Plain lang={open.locale} dir={open.locale === 'ar' ? 'rtl' : 'ltr'}>
              {open.text}
            </Plain>
          )}
        </FormCard>
      )}
    </Screen>
  );
}
