import styled from '@emotion/styled';
import { useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import type { MailView } from '@evc/contracts/identity';
import { Button } from '../../../components/ui/button';
import { theme } from '../../../styles/theme';
import { AdminList, useAdminList, type Column } from '../../../components/admin/admin-list';
import { FormCard, Toolbar } from '../../../components/admin/admin-ui';
import { formatCairo } from '../../../lib/cairo-time';
import { useLocale } from '../../../hooks/use-locale';

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

/** /admin/mailbox: mails the embedded profile kept (dev mailbox; the shared admin list, JSON only); the selected mail's HTML body renders in a sandboxed frame. */
export function MailboxPage() {
  const intl = useIntl();
  const locale = useLocale();
  const [asHtml, setAsHtml] = useState(true);
  const list = useAdminList<MailView>({ collection: 'mailbox', operation: 'mailbox.list', statusFilter: null });
  const columns: Column<MailView>[] = [
    { key: 'subject', labelId: 'mailbox.subject', render: (m) => <span lang={m.locale}>{m.subject}</span> },
    { key: 'to', labelId: 'mailbox.to', render: (m) => <bdi dir="ltr">{m.to}</bdi> },
    { key: 'date', labelId: 'mailbox.date', render: (m) => formatCairo(m.sentAt, locale) },
  ];

  return (
    <AdminList
      titleId="admin.mailbox"
      list={list}
      columns={columns}
      rowId={(m) => m.mailId}
      detail={(open) => (
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
    />
  );
}
