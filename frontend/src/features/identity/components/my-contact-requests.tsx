import styled from '@emotion/styled';
import { useState } from 'react';
import { Link } from '@tanstack/react-router';
import { FormattedMessage, useIntl } from 'react-intl';
import type { ContactStatus } from '@evc/contracts/contact';
import { Pager } from '../../../components/ui/pager';
import { Spinner } from '../../../components/ui/spinner';
import { paths } from '../../../config/paths';
import { useLocale } from '../../../hooks/use-locale';
import { ApiRequestError } from '../../../lib/api-client';
import { formatCairo } from '../../../lib/cairo-time';
import { translateErrorCode } from '../../../lib/i18n/translate-error';
import { theme } from '../../../styles/theme';
import { REQUESTS_PAGE_SIZE, useMyContactRequests } from '../api/profile-api';

const STATUS_COLOUR: Record<ContactStatus, string> = {
  new: theme.color.primary,
  needs_action: theme.color.busy,
  closed: theme.color.muted,
};

const List = styled.ol`
  list-style: none;
  margin: 0;
  padding: 0;
  display: grid;
  gap: 0.75rem;
  > li {
    border: 1px solid ${theme.color.border};
    border-radius: ${theme.radius.sm};
    padding-block: 0.75rem;
    padding-inline: 1rem;
    display: grid;
    gap: 0.5rem;
  }
  .head {
    display: flex;
    flex-wrap: wrap;
    gap: 0.5rem 1rem;
    align-items: baseline;
    justify-content: space-between;
  }
  .meta {
    color: ${theme.color.muted};
    font-size: 0.9rem;
  }
  .details {
    white-space: pre-wrap;
    margin: 0;
  }
  .reply {
    border-inline-start: 4px solid ${theme.color.primary};
    background: ${theme.color.primaryLight};
    padding-block: 0.5rem;
    padding-inline: 0.75rem;
    border-radius: ${theme.radius.sm};
    white-space: pre-wrap;
  }
`;

const Status = styled.span<{ tone: ContactStatus }>`
  color: #fff;
  background: ${(p) => STATUS_COLOUR[p.tone]};
  border-radius: 999px;
  padding-inline: 0.6rem;
  font-size: 0.85rem;
  font-weight: 700;
`;

/** The customer's contact requests (requests tab): what they wrote, the status, and every reply, newest first. */
export function MyContactRequests() {
  const intl = useIntl();
  const locale = useLocale();
  const [page, setPage] = useState(1);
  const requests = useMyContactRequests(page);
  return (
    <section aria-labelledby="my-contact-requests">
      <h2 id="my-contact-requests">
        <FormattedMessage id="profile.requests.contact" />
      </h2>
      <p>
        <Link to={paths.contact}>
          <FormattedMessage id="profile.requests.new" />
        </Link>
      </p>
      {requests.isPending && <Spinner />}
      {requests.isError && (
        <p role="alert">{translateErrorCode(intl, requests.error instanceof ApiRequestError ? requests.error.code : 'server.error')}</p>
      )}
      {requests.isSuccess && requests.data.dataList.length === 0 && (
        <p>
          <FormattedMessage id="profile.requests.empty" />
        </p>
      )}
      {requests.isSuccess && requests.data.dataList.length > 0 && (
        <List>
          {requests.data.dataList.map((r) => (
            <li key={r.requestId} data-testid="contact-request">
              <div className="head">
                <strong>{r.title}</strong>
                <Status tone={r.status}>
                  <FormattedMessage id={`contactRequests.status.${r.status}`} />
                </Status>
              </div>
              <div className="meta">
                <FormattedMessage id={`contact.type.${r.type}`} /> · <time dateTime={r.createdAt}>{formatCairo(r.createdAt, locale)}</time>
              </div>
              <p className="details">{r.details}</p>
              {r.replies.length === 0 ? (
                <div className="meta">
                  <FormattedMessage id="profile.requests.noReply" />
                </div>
              ) : (
                r.replies.map((reply) => (
                  <div key={reply.replyId} className="reply" data-testid="contact-reply">
                    <div className="meta">
                      <FormattedMessage id="profile.requests.reply" values={{ time: formatCairo(reply.at, locale) }} />
                    </div>
                    {reply.message}
                  </div>
                ))
              )}
            </li>
          ))}
        </List>
      )}
      {requests.isSuccess && <Pager page={page} pages={Math.ceil(requests.data.totalCount / REQUESTS_PAGE_SIZE)} onPage={setPage} />}
    </section>
  );
}
