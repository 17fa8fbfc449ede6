import styled from '@emotion/styled';
import { useState, type FormEvent } from 'react';
import { Link } from '@tanstack/react-router';
import { useAtomValue, useSetAtom } from 'jotai';
import { FormattedMessage, useIntl } from 'react-intl';
import { LIMITS } from '@evc/contracts/shared';
import { CONTACT_STATUSES, commentContactRequestSchema, replyContactRequestSchema, type ContactStatus } from '@evc/contracts/contact';
import type { ContactRequestDetail as Detail } from '@evc/contracts/contact';
import { Button } from '../../../components/ui/button';
import { Field } from '../../../components/ui/field';
import { paths } from '../../../config/paths';
import { useSchemaForm } from '../../../hooks/use-schema-form';
import { formatCairo } from '../../../lib/cairo-time';
import { newUuid } from '../../../lib/uuid';
import { hasPrivilege, sessionAtom } from '../../../stores/auth-state';
import { pushToastAtom } from '../../../stores/toast-state';
import { theme } from '../../../styles/theme';
import { useAdminItem, useCommand } from '../../../components/admin/admin-api';
import { useBilingual } from '../../../components/admin/admin-list';
import { FormCard, Toolbar, QueryWait } from '../../../components/admin/admin-ui';
import { ProblemAlert, useProblemText } from '../../../components/admin/problems';
import { bareList } from '../../../components/ui/list-style';

/** The read model the inbox's queries read (and the live stream names). */
export const CONTACT_REQUESTS = 'contact_requests';

const Thread = styled.ol`
  ${bareList}
  display: grid;
  gap: 0.5rem;
  li {
    border-inline-start: 4px solid ${theme.color.primary};
    background: ${theme.color.primaryLight};
    border-radius: ${theme.radius.sm};
    padding-block: 0.5rem;
    padding-inline: 0.75rem;
    white-space: pre-wrap;
  }
  &.internal li {
    border-inline-start-color: ${theme.color.busy};
    background: #fff7ed;
  }
  .meta {
    color: ${theme.color.muted};
    font-size: 0.9rem;
    white-space: normal;
  }
`;

/** What the customer wrote, with their line breaks. */
const Details = styled.p`
  white-space: pre-wrap;
  margin: 0;
`;

/** One contact request for managers: the message, status and close, the replies (mailed) and internal comments. */
export function ContactRequestDetail({ requestId }: { requestId: string }) {
  const item = useAdminItem(CONTACT_REQUESTS, 'contact-requests.admin-get', { requestId });
  if (item.isPending || item.isError) return <QueryWait query={item} />;
  return <RequestCard request={item.data} onReload={() => void item.refetch()} />;
}

function RequestCard({ request: r, onReload }: { request: Detail; onReload: () => void }) {
  const intl = useIntl();
  const { locale } = useBilingual();
  const canSeeCustomers = hasPrivilege(useAtomValue(sessionAtom), 'customers.read');
  const when = (iso: string) => formatCairo(iso, locale);
  return (
    <FormCard aria-labelledby="contact-request-title">
      <h2 id="contact-request-title">{r.title}</h2>
      <div>
        <FormattedMessage id="contactRequests.from" values={{ name: r.fullName, email: r.email }} /> ·{' '}
        <FormattedMessage id={`contact.type.${r.type}`} /> · <time dateTime={r.createdAt}>{when(r.createdAt)}</time> ·{' '}
        <FormattedMessage id={`contactRequests.language.${r.locale}`} />
        {r.customerId && canSeeCustomers && (
          <>
            {' · '}
            <Link to={paths.admin.users} search={{ selected: r.customerId } as never}>
              <FormattedMessage id="contactRequests.customer" />
            </Link>
          </>
        )}
      </div>
      <Details>{r.details}</Details>
      <StatusForm request={r} onReload={onReload} />
      <section aria-labelledby="contact-replies">
        <h3 id="contact-replies">
          <FormattedMessage id="contactRequests.replies" />
        </h3>
        {r.replies.length === 0 ? (
          <p>
            <FormattedMessage id="contactRequests.noReplies" />
          </p>
        ) : (
          <Thread>
            {r.replies.map((reply) => (
              <li key={reply.replyId} data-testid="contact-reply">
                <div className="meta">
                  <FormattedMessage
                    id="contactRequests.byAt"
                    values={{ name: reply.by.name ?? intl.formatMessage({ id: 'audit.actor.staff' }), time: when(reply.at) }}
                  />{' '}
                  · <FormattedMessage id={`contactRequests.delivery.${reply.delivery}`} />
                  {reply.delivery !== 'sent' && <ResendButton requestId={r.requestId} replyId={reply.replyId} />}
                </div>
                {reply.message}
              </li>
            ))}
          </Thread>
        )}
        {r.status === 'closed' ? (
          <p>
            <FormattedMessage id="contactRequests.closedNoReply" />
          </p>
        ) : (
          <WriteForm kind="reply" requestId={r.requestId} />
        )}
      </section>
      <section aria-labelledby="contact-comments">
        <h3 id="contact-comments">
          <FormattedMessage id="contactRequests.comments" />
        </h3>
        <p className="meta">
          <FormattedMessage id="contactRequests.commentsPrivate" />
        </p>
        {r.comments.length > 0 && (
          <Thread className="internal">
            {r.comments.map((c) => (
              <li key={c.commentId} data-testid="contact-comment">
                <div className="meta">
                  <FormattedMessage
                    id="contactRequests.byAt"
                    values={{ name: c.by.name ?? intl.formatMessage({ id: 'audit.actor.staff' }), time: when(c.at) }}
                  />
                </div>
                {c.text}
              </li>
            ))}
          </Thread>
        )}
        <WriteForm kind="comment" requestId={r.requestId} />
      </section>
    </FormCard>
  );
}

/** Status (new, needs action, closed) with the revision the manager saw; "Close request" is the status closed. */
function StatusForm({ request: r, onReload }: { request: Detail; onReload: () => void }) {
  const intl = useIntl();
  const pushToast = useSetAtom(pushToastAtom);
  // the manager's choice, until saved; meanwhile the request's own status (it may change live)
  const [choice, setChoice] = useState<ContactStatus | null>(null);
  const status = choice ?? r.status;
  const setStatus = setChoice;
  const save = useCommand(CONTACT_REQUESTS, 'contact-requests.set-status');
  const apply = (next: ContactStatus) =>
    save.mutate(
      { requestId: r.requestId, status: next, expectedRevision: r.revision },
      {
        onSuccess: () => {
          setChoice(null);
          pushToast({ kind: 'success', text: intl.formatMessage({ id: 'contactRequests.statusUpdated' }) });
        },
      },
    );
  return (
    <div>
      <Toolbar>
        <label>
          <FormattedMessage id="contactRequests.statusLabel" />{' '}
          <select
            aria-label={intl.formatMessage({ id: 'contactRequests.statusLabel' })}
            value={status}
            onChange={(e) => setStatus(e.target.value as ContactStatus)}
          >
            {CONTACT_STATUSES.map((s) => (
              <option key={s} value={s}>
                {intl.formatMessage({ id: `contactRequests.status.${s}` })}
              </option>
            ))}
          </select>
        </label>
        <Button type="button" variant="secondary" disabled={save.isPending || status === r.status} onClick={() => apply(status)}>
          <FormattedMessage id="contactRequests.updateStatus" />
        </Button>
        {r.status !== 'closed' && (
          <Button type="button" disabled={save.isPending} onClick={() => apply('closed')}>
            <FormattedMessage id="contactRequests.close" />
          </Button>
        )}
      </Toolbar>
      {save.isError && <ProblemAlert error={save.error} onReload={onReload} />}
    </div>
  );
}

function ResendButton({ requestId, replyId }: { requestId: string; replyId: string }) {
  const resend = useCommand(CONTACT_REQUESTS, 'contact-requests.resend-reply');
  return (
    <>
      {' · '}
      <button type="button" className="sort" disabled={resend.isPending} onClick={() => resend.mutate({ requestId, replyId })}>
        <FormattedMessage id="contactRequests.resend" />
      </button>
    </>
  );
}

/**
 * A reply (mailed to the requester in their language) or an internal comment. The id is chosen once per draft, so
 * sending again after a failure records it once.
 */
function WriteForm({ kind, requestId }: { kind: 'reply' | 'comment'; requestId: string }) {
  const field = kind === 'reply' ? 'message' : 'text';
  const form = useSchemaForm<Record<string, string>>({ [field]: '' });
  const [draftId, setDraftId] = useState(newUuid);
  const pushToast = useSetAtom(pushToastAtom);
  const problemText = useProblemText();
  const reply = useCommand(CONTACT_REQUESTS, 'contact-requests.reply');
  const comment = useCommand(CONTACT_REQUESTS, 'contact-requests.comment');
  const { intl } = form;
  const done = (messageId: string) => () => {
    form.setValues({ [field]: '' });
    setDraftId(newUuid());
    pushToast({ kind: 'success', text: intl.formatMessage({ id: messageId }) });
  };
  const failed = (error: unknown) => pushToast({ kind: 'error', text: problemText(error) });
  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    if (kind === 'reply') {
      const body = form.validate(replyContactRequestSchema, { requestId, replyId: draftId, message: form.values.message });
      if (body) reply.mutate(body, { onSuccess: done('contactRequests.replySent'), onError: failed });
    } else {
      const body = form.validate(commentContactRequestSchema, { requestId, commentId: draftId, text: form.values.text });
      if (body) comment.mutate(body, { onSuccess: done('contactRequests.commentSaved'), onError: failed });
    }
  };
  const labelId = kind === 'reply' ? 'contactRequests.replyLabel' : 'contactRequests.commentLabel';
  return (
    <form noValidate onSubmit={onSubmit}>
      <Field label={intl.formatMessage({ id: labelId })} error={form.errorText(field)}>
        <textarea
          rows={kind === 'reply' ? 5 : 3}
          {...form.bind(field)}
          maxLength={kind === 'reply' ? LIMITS.contactReplyMax : LIMITS.contactCommentMax}
        />
      </Field>
      <Toolbar>
        <Button type="submit" disabled={reply.isPending || comment.isPending}>
          <FormattedMessage id={kind === 'reply' ? 'contactRequests.sendReply' : 'contactRequests.addComment'} />
        </Button>
      </Toolbar>
    </form>
  );
}
