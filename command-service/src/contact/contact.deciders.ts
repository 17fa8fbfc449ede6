import type { ContactEvent, ContactRequestSubmitted, ContactStatus, Locale } from '@evc/contracts';
import type { Decider } from '../shared/decider';
import { DomainError } from '../shared/domain-error';

type Submitted = ContactRequestSubmitted['data'];
interface Reply {
  message: string;
  to: string;
  locale: Locale;
  delivery: 'pending' | 'sent' | 'failed';
}

export interface ContactRequestState {
  submitted: Submitted | null;
  status: ContactStatus;
  replies: Record<string, Reply>;
  /** Comment ids with their text: a resent comment is recognised, another text under the same id refused. */
  comments: Record<string, string>;
}

export type ContactCommand =
  | { kind: 'submit'; data: Submitted }
  | { kind: 'reply'; replyId: string; message: string; at: string }
  | { kind: 'delivered'; replyId: string; outcome: 'sent' | 'failed'; error: string | null; at: string }
  | { kind: 'comment'; commentId: string; text: string; at: string }
  | { kind: 'setStatus'; status: ContactStatus; at: string };

const notFound = () => new DomainError('contact.request_not_found', 'No such contact request', [{ path: 'requestId', code: 'not_found' }]);
const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

function requireSubmitted(state: ContactRequestState): asserts state is ContactRequestState & { submitted: Submitted } {
  if (!state.submitted) throw notFound();
}

/** Replies are mailed in the language of the page the request came from; requests older than that field: English. */
export const replyLocale = (submitted: Submitted): Locale => submitted.locale ?? 'en';

/**
 * `contact-request-<id>`: filed once (a resend of the same request is a no-op), then replies, internal comments and
 * status changes by managers. Replies and comments are idempotent on their client-chosen ids; a closed request takes
 * no new reply (reopen it first), comments are always possible.
 */
export const contactRequestDecider: Decider<ContactCommand, ContactEvent, ContactRequestState> = {
  initialState: { submitted: null, status: 'new', replies: {}, comments: {} },
  evolve(state, event) {
    switch (event.type) {
      case 'ContactRequestSubmitted':
        return { ...state, submitted: event.data, status: 'new' };
      case 'ContactRequestReplied': {
        const { replyId, message, to, locale } = event.data;
        return { ...state, replies: { ...state.replies, [replyId]: { message, to, locale, delivery: 'pending' } } };
      }
      case 'ContactReplyDelivered': {
        const reply = state.replies[event.data.replyId];
        return reply
          ? { ...state, replies: { ...state.replies, [event.data.replyId]: { ...reply, delivery: event.data.outcome } } }
          : state;
      }
      case 'ContactRequestCommented':
        return { ...state, comments: { ...state.comments, [event.data.commentId]: event.data.text } };
      case 'ContactRequestStatusChanged':
        return { ...state, status: event.data.status };
    }
  },
  decide(command, state) {
    if (command.kind === 'submit') {
      if (!state.submitted) return [{ type: 'ContactRequestSubmitted', data: command.data }];
      if (same(state.submitted, command.data)) return [];
      throw new DomainError('contact.request_exists', 'Contact request already exists');
    }
    requireSubmitted(state);
    const requestId = state.submitted.requestId;
    switch (command.kind) {
      case 'reply': {
        const existing = state.replies[command.replyId];
        if (existing) {
          if (existing.message === command.message) return [];
          throw new DomainError('concurrency.conflict', 'Another reply was sent under this id', [{ path: 'replyId', code: 'exists' }]);
        }
        if (state.status === 'closed')
          throw new DomainError('contact.request_closed', 'The request is closed; reopen it to reply', [
            { path: 'requestId', code: 'closed' },
          ]);
        const { email: to } = state.submitted;
        return [
          {
            type: 'ContactRequestReplied',
            data: {
              requestId,
              replyId: command.replyId,
              message: command.message,
              to,
              locale: replyLocale(state.submitted),
              at: command.at,
            },
          },
        ];
      }
      case 'delivered': {
        const reply = state.replies[command.replyId];
        if (!reply) throw new DomainError('contact.reply_not_found', 'No such reply', [{ path: 'replyId', code: 'not_found' }]);
        // A mail that went out stays sent; a failure is recorded each time it is tried again.
        if (reply.delivery === 'sent') return [];
        return [
          {
            type: 'ContactReplyDelivered',
            data: { requestId, replyId: command.replyId, outcome: command.outcome, error: command.error, at: command.at },
          },
        ];
      }
      case 'comment': {
        const existing = state.comments[command.commentId];
        if (existing !== undefined) {
          if (existing === command.text) return [];
          throw new DomainError('concurrency.conflict', 'Another comment was saved under this id', [{ path: 'commentId', code: 'exists' }]);
        }
        return [{ type: 'ContactRequestCommented', data: { requestId, commentId: command.commentId, text: command.text, at: command.at } }];
      }
      case 'setStatus':
        if (state.status === command.status) return [];
        return [{ type: 'ContactRequestStatusChanged', data: { requestId, status: command.status, from: state.status, at: command.at } }];
    }
  },
};
