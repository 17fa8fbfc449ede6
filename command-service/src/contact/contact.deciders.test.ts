import { describe, expect, it } from 'vitest';
import type { ContactEvent } from '@evc/contracts';
import { DeciderSpecification } from '../shared/decider-specification';
import { contactRequestDecider, type ContactCommand } from './contact.deciders';

const at = '2026-03-01T09:00:00.000Z';
const requestId = '0b7f3c1e-3a52-4f62-9f0b-6b4f3a0e2c11';
const form = {
  requestId,
  fullName: 'Mona Hassan',
  email: 'mona@example.com',
  title: 'The charger at Zamalek does not start',
  type: 'complaint' as const,
  details: 'I tapped start twice and nothing happened.',
  locale: 'ar' as const,
};
const submitted: ContactEvent = { type: 'ContactRequestSubmitted', data: { ...form, customerId: 'c-1' } };
const replied: ContactEvent = {
  type: 'ContactRequestReplied',
  data: { requestId, replyId: 'r-1', message: 'We reset it; please try again.', to: 'mona@example.com', locale: 'ar', at },
};
const closed: ContactEvent = { type: 'ContactRequestStatusChanged', data: { requestId, status: 'closed', from: 'new', at } };
const reply = (message = 'We reset it; please try again.', replyId = 'r-1'): ContactCommand => ({ kind: 'reply', replyId, message, at });

const request = DeciderSpecification.for(contactRequestDecider);

describe('contact request decider', () => {
  it('files a request once: the same request again is a no-op, another under its id is refused', () => {
    request.given([]).when({ kind: 'submit', data: submitted.data }).then([submitted]);
    request.given([submitted]).when({ kind: 'submit', data: submitted.data }).thenNothingHappened();
    request
      .given([submitted])
      .when({ kind: 'submit', data: { ...submitted.data, title: 'Something else entirely here' } })
      .thenThrows('contact.request_exists');
  });

  it('a reply goes to the requester in the language the request was sent in', () => {
    request.given([submitted]).when(reply()).then([replied]);
    const { customerId: _none, locale: _en, ...visitor } = submitted.data;
    request
      .given([{ type: 'ContactRequestSubmitted', data: visitor }])
      .when(reply())
      .thenMatches([{ type: 'ContactRequestReplied', data: { locale: 'en', to: 'mona@example.com' } }]);
  });

  it('a reply is idempotent on its id; another text under the same id is a conflict', () => {
    request.given([submitted, replied]).when(reply()).thenNothingHappened();
    request.given([submitted, replied]).when(reply('Something different')).thenThrows('concurrency.conflict');
  });

  it('a closed request takes no reply until reopened; comments are always possible', () => {
    request.given([submitted, closed]).when(reply()).thenThrows('contact.request_closed');
    request
      .given([submitted, closed])
      .when({ kind: 'setStatus', status: 'needs_action', at }, reply())
      .thenTypes(['ContactRequestStatusChanged', 'ContactRequestReplied']);
    request
      .given([submitted, closed])
      .when({ kind: 'comment', commentId: 'k-1', text: 'Customer called again', at })
      .thenTypes(['ContactRequestCommented']);
  });

  it('comments are idempotent on their id', () => {
    const comment: ContactCommand = { kind: 'comment', commentId: 'k-1', text: 'Check the charger log', at };
    const commented = request
      .given([submitted])
      .when(comment)
      .then([{ type: 'ContactRequestCommented', data: { requestId, commentId: 'k-1', text: 'Check the charger log', at } }]);
    request
      .given([submitted, ...commented])
      .when(comment)
      .thenNothingHappened();
    request
      .given([submitted, ...commented])
      .when({ ...comment, text: 'Other' })
      .thenThrows('concurrency.conflict');
  });

  it('status changes say from what to what; setting the same status records nothing', () => {
    request
      .given([submitted])
      .when({ kind: 'setStatus', status: 'needs_action', at })
      .then([{ type: 'ContactRequestStatusChanged', data: { requestId, status: 'needs_action', from: 'new', at } }]);
    request.given([submitted]).when({ kind: 'setStatus', status: 'new', at }).thenNothingHappened();
    expect(request.given([submitted, closed]).when().state().status).toBe('closed');
  });

  it('a delivery is recorded until the mail went out; failures can be tried again', () => {
    const failed: ContactEvent = {
      type: 'ContactReplyDelivered',
      data: { requestId, replyId: 'r-1', outcome: 'failed', error: 'SMTP down', at },
    };
    const sent: ContactEvent = { type: 'ContactReplyDelivered', data: { requestId, replyId: 'r-1', outcome: 'sent', error: null, at } };
    request
      .given([submitted, replied])
      .when({ kind: 'delivered', replyId: 'r-1', outcome: 'failed', error: 'SMTP down', at })
      .then([failed]);
    request.given([submitted, replied, failed]).when({ kind: 'delivered', replyId: 'r-1', outcome: 'sent', error: null, at }).then([sent]);
    request
      .given([submitted, replied, sent])
      .when({ kind: 'delivered', replyId: 'r-1', outcome: 'sent', error: null, at })
      .thenNothingHappened();
    request
      .given([submitted])
      .when({ kind: 'delivered', replyId: 'r-9', outcome: 'sent', error: null, at })
      .thenThrows('contact.reply_not_found');
  });

  it('nothing but a submit happens to a request that was never filed', () => {
    request.given([]).when(reply()).thenThrows('contact.request_not_found');
    request.given([]).when({ kind: 'setStatus', status: 'closed', at }).thenThrows('contact.request_not_found');
  });
});
